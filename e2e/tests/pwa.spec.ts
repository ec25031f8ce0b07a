import { findKind } from '@pgel/shared/records/kinds';
import type { FieldDef } from '@pgel/shared/records/types';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { dialog, loginAs } from '../support/fixtures';

// Issue 29, parts 1 and 3: the app installs (manifest, service worker, Chromium's install offer in
// the account menu), opens with no network after one visit, and its service worker keeps the
// app's own files only: a patient's name opened on the device is nowhere in Cache Storage.

const CASE_FIELDS = findKind('clinical-case')?.fields ?? [];
if (CASE_FIELDS.length === 0) throw new Error('record kinds missing');
const FACULTY = 'Dr. Demo Professor';

/**
 * A browser with a profile on disk: Chromium installs nothing from an incognito-like context
 * (Playwright's usual one), and says so ("in-incognito").
 */
function launchWithProfile(profileDir: string, baseURL: string | undefined) {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      // Chromium offers to install only after minutes of use on the site; a test has seconds.
      '--bypass-app-banner-engagement-checks',
    ],
    baseURL,
    viewport: { width: 390, height: 844 },
    // The other journeys block the service worker (playwright.config.ts); this one is about it.
    serviceWorkers: 'allow',
  });
}

async function teacherId(page: Page): Promise<string> {
  const response = await page.request.get('/api/v1/records/options/teachers');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Array<{ id: string; title: string }> };
  const teacher = items.find((item) => item.title === FACULTY);
  if (!teacher) throw new Error(`no teacher ${FACULTY}`);
  return teacher.id;
}

/** A value the clinical case form accepts for each of its fields (a field's own label, mostly). */
function caseValue(field: FieldDef, teacher: string): unknown {
  switch (field.input) {
    case 'text':
      return field.pattern ? '9876543210' : field.label;
    case 'textarea':
      return `${field.label}: nothing abnormal`;
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'time':
      return '10:30';
    case 'absent-present':
      return 'absent';
    case 'text-list':
      return ['Fever for three days'];
    case 'remote-select':
      return teacher;
    default:
      throw new Error(`the clinical case has no ${field.input} field`);
  }
}

/** Every cache's name, and the entries whose address or body holds `needle`. */
function searchCacheStorage(page: Page, needle: string) {
  return page.evaluate(async (text) => {
    const names = await caches.keys();
    const hits: string[] = [];
    const urls: string[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        urls.push(request.url);
        const body = (await (await cache.match(request))?.text()) ?? '';
        if (request.url.includes(text) || body.includes(text)) hits.push(`${name}: ${request.url}`);
      }
    }
    return { names, urls, hits };
  }, needle);
}

test('the app installs, opens offline, and keeps no patient data in Cache Storage', async ({
  baseURL,
}, testInfo) => {
  const context = await launchWithProfile(testInfo.outputPath('profile'), baseURL);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await journey(page, context);
  } finally {
    await context.close();
  }
});

async function journey(page: Page, context: BrowserContext) {
  await loginAs(page, 'student', 'student@demo.test');

  // The manifest, linked from the page, as the browser reads it.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestResponse = await page.request.get(href ?? '');
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toBe('application/manifest+json');
  expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    name: 'PG e-Logbook',
    short_name: 'e-Logbook',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f7f79',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
  for (const wanted of ['192x192 any', '512x512 any', '512x512 maskable']) {
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toContain(wanted);
  }
  for (const icon of icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // A PNG's width and height, from its header.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }

  // The service worker is installed (its precache written) and Chromium finds the app installable.
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  const cdp = await context.newCDPSession(page);
  const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
  expect(manifestErrors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  // Chromium offers to install (beforeinstallprompt): the account menu says "Install app".
  const account = page.getByRole('button', { name: 'Hello, Demo Student' });
  await page.reload();
  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Install app' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A clinical case with a distinctive patient name, saved through the API and opened on the page.
  const run = Date.now() % 100000;
  const patient = `Zorawar Quintessa ${run}`;
  const diagnosis = `Tropical pyomyositis ${run}`;
  const teacher = await teacherId(page);
  const values: Record<string, unknown> = {};
  for (const field of CASE_FIELDS) values[field.name] = caseValue(field, teacher);
  const { date, teacherId: teacherField, studentRemark, ...details } = values;
  const created = await page.request.post('/api/v1/records', {
    data: {
      kind: 'clinical-case',
      date,
      teacherId: teacherField,
      studentRemark,
      details: { ...details, name: patient, provisionalDiagnosis: diagnosis },
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/task/clinical-case');
  await page.getByText(diagnosis, { exact: true }).first().click();
  await expect(dialog(page, 'Clinical Case Details')).toContainText(patient);

  const cached = await searchCacheStorage(page, patient);
  expect(cached.names.length).toBeGreaterThan(0);
  for (const name of cached.names) expect(name).toMatch(/^workbox-precache-/);
  // The app's own files are there, and no API answer.
  expect(cached.urls.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  expect(cached.urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  expect(cached.hits).toEqual([]);

  // With no network, the app opens from what the service worker keeps.
  await context.setOffline(true);
  try {
    await page.goto('/dashboard');
    await expect(account).toBeVisible();
    await expect(page.getByRole('link', { name: 'PG e-Logbook dashboard' })).toBeVisible();
    expect((await searchCacheStorage(page, patient)).hits).toEqual([]);
    // The installed app opened cold, in a new window (nothing kept in its tab): the same user's
    // frame from what the device keeps while the browser holds the session, not an error.
    const cold = await context.newPage();
    await cold.goto('/dashboard');
    await expect(cold.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(cold.getByText('Try again')).toHaveCount(0);
    await cold.close();
  } finally {
    await context.setOffline(false);
  }
}
