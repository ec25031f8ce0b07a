import { readFile } from 'node:fs/promises';
import { PRINT_SECTIONS } from '@pgel/shared/reports/print';
import { expect, type Page, request, test } from '@playwright/test';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { DEMO_PASSWORD } from '../support/fixtures';
import { asStaff, choose, DEMO_FACULTY, freshStudent, rowWith } from '../support/journeys';

/** Adds a teaching entry under the demo professor through the API, as the signed-in student. */
async function addTeaching(page: Page, topic: string): Promise<string> {
  const teachers = await (await page.request.get('/api/v1/records/options/teachers')).json();
  const teacher = teachers.items.find((t: { title: string }) => t.title.startsWith(DEMO_FACULTY.name));
  const response = await page.request.post('/api/v1/records', {
    data: {
      kind: 'teaching',
      teacherId: teacher.id,
      studentRemark: 'Taught the batch',
      details: { trainingType: 'Theory Class', topic, date: new Date().toISOString().slice(0, 10) },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).record.id;
}

/** The demo professor approves a record through the API, in a session of their own. */
async function approveAsFaculty(page: Page, recordId: string) {
  const baseURL = new URL((await page.request.get('/api/v1/health')).url()).origin;
  const faculty = await request.newContext({ baseURL });
  try {
    const login = await faculty.post('/api/v1/auth/staff-login', {
      data: { email: DEMO_FACULTY.email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const verified = await faculty.post(`/api/v1/records/${recordId}/verification`, {
      data: { status: 'approved', remark: 'Well done', score: 3 },
    });
    expect(verified.status()).toBe(200);
  } finally {
    await faculty.dispose();
  }
}

/** Every page of a PDF drawn to pixels, and the QR code found on each. */
function qrCodesOf(pdf: Buffer): string[] {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const found: string[] = [];
  for (let i = 0; i < document.countPages(); i += 1) {
    const pixmap = document.loadPage(i).toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, true);
    const code = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight());
    found.push(code?.data ?? '');
  }
  return found;
}

test('faculty filter the reports by status and open an entry', async ({ page, browser }, testInfo) => {
  const student = await freshStudent(page, testInfo, 'reports', 'Meena Das');
  const topic = `Renal tubular acidosis ${Date.now() % 100000}`;
  await addTeaching(page, topic);

  await asStaff(browser, testInfo, async (faculty) => {
    await faculty.goto('/reports');
    await expect(faculty.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await choose(faculty, faculty.locator('body'), 'Status', 'Pending');
    await faculty.getByRole('button', { name: 'Filter', exact: true }).click();
    const table = faculty.getByRole('table');
    const row = rowWith(table, student.name);
    await expect(row.first()).toContainText('Teaching Experience');
    await expect(row.first()).toContainText('Pending');

    // Rejected entries only: the new student has none.
    await choose(faculty, faculty.locator('body'), 'Status', 'Rejected');
    await faculty.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(rowWith(table, student.name)).toHaveCount(0);

    await choose(faculty, faculty.locator('body'), 'Status', 'Pending');
    await faculty.getByRole('button', { name: 'Filter', exact: true }).click();
    await rowWith(table, student.name).first().click();
    await expect(faculty).toHaveURL(/\/task\/teaching/);
    await expect(faculty.getByText(topic).first()).toBeVisible();
  });
});

test('a student prints the logbook; its PDF checks genuine, then changed after a new verified entry', async ({
  page,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'printer', 'Arjun Nair');
  const first = await addTeaching(page, `Fluid therapy ${Date.now() % 100000}`);
  await approveAsFaculty(page, first);

  // The print window calls the browser's print: recorded here instead of opening the dialog.
  await page.context().addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed =
        ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
  await page.goto('/printLogbook');
  const [sheet] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Print Logbook' }).click(),
  ]);
  await expect(sheet.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const headings = await sheet.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.slice(0, PRINT_SECTIONS.length)).toEqual(PRINT_SECTIONS.map((s) => s.title));
  await expect(sheet.getByText(student.name).first()).toBeVisible();
  await expect
    .poll(() => sheet.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0))
    .toBe(1);
  await sheet.close();

  // The verifiable PDF: a QR code on every page, all opening the same check page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByText('Download verifiable PDF', { exact: true }).click(),
  ]);
  const codes = qrCodesOf(await readFile(await download.path()));
  expect(codes.length).toBeGreaterThan(PRINT_SECTIONS.length - 1);
  expect(new Set(codes).size).toBe(1);
  const checkPath = new URL(codes[0] ?? '').pathname;
  expect(checkPath).toMatch(/^\/check\/[0-9A-Z]{10}$/);

  await page.goto(checkPath);
  await expect(page.getByText('genuine', { exact: true })).toBeVisible();
  await expect(page.getByText(student.name).first()).toBeVisible();

  await approveAsFaculty(page, await addTeaching(page, `Shock ${Date.now() % 100000}`));
  await page.reload();
  await expect(page.getByText('changed since issue', { exact: true })).toBeVisible();
});
