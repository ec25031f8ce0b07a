import { type Browser, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { newVerifiedStudent } from './accounts';
import { dialog, loginAs, uniqueEmail } from './fixtures';

/** Pieces the logbook and academic journeys share: accounts in their own browsers, forms, tables. */

export const STUDENT_PASSWORD = 'Logbook@123';
export const DEMO_FACULTY = { email: 'faculty@demo.test', name: 'Dr. Demo Professor' };
export const DEMO_HOD = { email: 'hod@demo.test' };

// A minimal PDF, made here so the tests need no fixtures on disk.
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Today as the app shows dates: DD-MM-YYYY in the browser's (here the runner's) clock. */
export function today(): string {
  const now = new Date();
  return `${String(now.getDate()).padStart(2, '0')}-${String(now.getMonth() + 1).padStart(2, '0')}-${now.getFullYear()}`;
}

/** A fresh approved student of the demo department (General Medicine), signed in on `page`. */
export async function freshStudent(
  page: Page,
  testInfo: TestInfo,
  prefix: string,
  firstName: string,
  department: 'General Medicine' | 'Forensic Medicine' = 'General Medicine',
) {
  const name = `${firstName} ${Date.now() % 100000}`;
  const email = uniqueEmail(prefix, testInfo.project.name);
  // Approved by the department (only then does a student write the logbook), but without a
  // joining date, so sign-in lands on the profile.
  await newVerifiedStudent(page, email, STUDENT_PASSWORD, name, { approved: true, department });
  await loginAs(page, 'student', email, STUDENT_PASSWORD, '/profile');
  return { name, email };
}

/** Runs `journey` as a demo staff member (the professor by default) in a browser of their own. */
export async function asStaff(
  browser: Browser,
  testInfo: TestInfo,
  journey: (staff: Page) => Promise<void>,
  email = DEMO_FACULTY.email,
) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const staff = await context.newPage();
    await loginAs(staff, 'staff', email);
    await journey(staff);
  } finally {
    await context.close();
  }
}

/**
 * A Mantine select inside `scope`: open it by its label and pick the option (drawn in a portal),
 * from the open list (role listbox), never a native select's `<option>` of the same page (the
 * report filters are native selects; issue 29).
 */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** A remote list's option by its title, as the student's forms get it. */
export async function optionId(page: Page, path: string, title: string): Promise<string> {
  const response = await page.request.get(`/api/v1/records/options/${path}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Array<{ id: string; title: string }> };
  const item = items.find((candidate) => candidate.title === title);
  if (!item) throw new Error(`no option ${title} in ${path}`);
  return item.id;
}

/**
 * A lumbar puncture (CSF collection, under the demo professor) the signed-in student logged
 * earlier, through the API: the procedure form then proposes its faculty, competency and skill
 * (repeat last, issue 29). Answers the competency's and the skill's ids.
 */
export async function logLumbarPuncture(
  page: Page,
  entry: { patient: string; ipd: string; role: string; remark: string },
): Promise<{ competency: string; skill: string }> {
  const competency = await optionId(page, 'competencies?for=proc', 'Lumbar puncture');
  const skill = await optionId(page, `skills?competencyId=${competency}`, 'CSF collection');
  const response = await page.request.post('/api/v1/records', {
    data: {
      kind: 'procedure',
      teacherId: await optionId(page, 'teachers', DEMO_FACULTY.name),
      studentRemark: entry.remark,
      details: {
        ipddDate: new Date().toISOString().slice(0, 10),
        competency,
        skills: skill,
        patient: entry.patient,
        ipd: entry.ipd,
        role: entry.role,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { competency, skill };
}

/** A table's rows (not the header row) holding this text. */
export function rowWith(table: Locator, text: string) {
  // A row's opened details (a folded table's second line) are not a row of their own.
  return table.locator('tbody tr:not([data-details])').filter({ hasText: text });
}

/**
 * Expects each text in the row or, where the table folded some of its columns into the row's
 * details to fit the screen (issue 28), in those details, which it opens as a user would.
 */
export async function expectRowShows(row: Locator, ...texts: Array<string | RegExp>) {
  const show = row.getByRole('button', { name: /^Show more of row \d+$/ });
  const hide = row.getByRole('button', { name: /^Hide more of row \d+$/ });
  // The row is there first: whether it folded is known once it is drawn.
  await expect(row).toBeVisible();
  if ((await show.count()) > 0) {
    await show.click();
    await expect(hide).toBeVisible();
  }
  const id = (await hide.count()) > 0 ? await hide.getAttribute('aria-controls') : null;
  const shown = id ? row.or(row.page().locator(`[id="${id}"]`)) : row;
  for (const text of texts) await expect(shown.filter({ hasText: text }).first()).toBeVisible();
}

/** The success dialog of a submit: its message, then it closes by itself (1 s). */
export async function expectSuccess(page: Page, message: string) {
  await expect(dialog(page, 'Success')).toContainText(message);
  await expect(dialog(page, 'Success')).toHaveCount(0, { timeout: 5000 });
}
