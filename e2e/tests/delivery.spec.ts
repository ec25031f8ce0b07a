import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FORGOT_PASSWORD_MESSAGES, LOGIN_MESSAGES, LOGOUT_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { dialog } from '../support/fixtures';

/**
 * The most a first visit to /login may download: the JavaScript and CSS the browser receives,
 * compressed as sent, lazy route chunks included. Phones on a slow connection start here.
 */
const LOGIN_BUDGET_KB = 150;

type Transfer = { path: string; bytes: number; encoding: string | undefined };

/** Opens `path` in a fresh context (empty cache) and lists every .js and .css response, compressed size. */
async function firstVisit(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const transfers: Array<Promise<Transfer>> = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    transfers.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          path: url.pathname,
          bytes: sizes.responseBodySize,
          encoding: response ? ((await response.headerValue('content-encoding')) ?? undefined) : undefined,
        };
      })(),
    );
  });
  const navigation = await page.goto(path, { waitUntil: 'networkidle' });
  return { context, page, navigation, files: await Promise.all(transfers) };
}

/** Mantine classes on the page whose rules are in Mantine's stylesheet but were not loaded. */
async function mantineClassesWithoutStyles(page: Page): Promise<string[]> {
  const mantineCss = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
  const styled = new Set(Array.from(mantineCss.matchAll(/\.(m_[0-9a-f]+)/g), (match) => match[1]));
  const missing = await page.evaluate(() => {
    const loaded = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) loaded.add(match[1] ?? '');
        }
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]'))) {
      for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]+$/.test(name)) used.add(name);
    }
    return [...used].filter((name) => !loaded.has(name));
  });
  return missing.filter((name) => styled.has(name));
}

test('the first visit to /login downloads at most the budget, compressed', async ({ browser }) => {
  const { context, files } = await firstVisit(browser, '/login');
  try {
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    console.log(
      `login first visit: ${files.length} files, ${(total / 1024).toFixed(1)} KB compressed JS+CSS (budget ${LOGIN_BUDGET_KB} KB)`,
    );
    for (const file of [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 8)) {
      console.log(
        `  ${(file.bytes / 1024).toFixed(1).padStart(6)} KB ${file.encoding ?? 'identity'} ${file.path}`,
      );
    }
    // Every file worth compressing came compressed (the build skips files under 1 KB).
    const uncompressed = files.filter((file) => file.bytes > 1024 && file.encoding !== 'br');
    expect(uncompressed, 'files sent without brotli').toEqual([]);
    expect(total, `login first visit: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(
      LOGIN_BUDGET_KB * 1024,
    );
  } finally {
    await context.close();
  }
});

test('hashed assets are cached for a year, pages are revalidated', async ({ browser }) => {
  const { context, page, navigation } = await firstVisit(browser, '/login');
  try {
    expect(navigation?.status()).toBe(200);
    const pageHeaders = (await navigation?.allHeaders()) ?? {};
    expect(pageHeaders['cache-control']).toBe('no-cache');
    expect(pageHeaders['content-type']).toBe('text/html; charset=utf-8');
    // Cookie too: a signed-in user's page holds their name (server platform/page-bootstrap.ts).
    expect(pageHeaders.vary).toBe('Accept-Encoding, Cookie');

    const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const asset = await page.request.get(entry ?? '', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers().vary).toBe('Accept-Encoding');

    const gzip = await page.request.get(entry ?? '', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    expect(await gzip.body()).toEqual(await asset.body());
  } finally {
    await context.close();
  }
});

test('the sign-in screens load the styles of every component they draw', async ({ browser }) => {
  const { context, page } = await firstVisit(browser, '/login');
  try {
    await expect(page.getByRole('tab', { name: 'Student Login', selected: true })).toBeVisible();
    expect(await mantineClassesWithoutStyles(page)).toEqual([]);

    // The dialogs load with the modals manager on first use; the page's styles must cover them.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog(page, VALIDATION_TITLE)).toContainText(LOGIN_MESSAGES.allDetails);
    expect(await mantineClassesWithoutStyles(page)).toEqual([]);
    await dialog(page, VALIDATION_TITLE).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(dialog(page, FORGOT_PASSWORD_MESSAGES.title)).toBeVisible();
    expect(await mantineClassesWithoutStyles(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Faculty Login' }).click();
    await expect(page).toHaveURL(/\/staffLogin$/);
    expect(await mantineClassesWithoutStyles(page)).toEqual([]);

    await page.goto('/snmc');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await mantineClassesWithoutStyles(page)).toEqual([]);

    // The logout screen, also the fallback of any error, draws with the same styles.
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: LOGOUT_MESSAGES.title })).toBeVisible();
    expect(await mantineClassesWithoutStyles(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
