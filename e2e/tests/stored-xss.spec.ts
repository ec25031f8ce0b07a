import { PAGE_BOOTSTRAP_ELEMENT_ID } from '@pgel/shared/page-bootstrap';
import { expect, type Page, test } from '@playwright/test';
import { dialog } from '../support/fixtures';
import { asStaff, DEMO_FACULTY, freshStudent, rowWith } from '../support/journeys';

// Issue 15: text a student stores (their name, an entry's topic and remark) is shown back to
// them and to their teachers as text, never run as script. Markup that would run if it were put
// into the page as HTML (an image whose load error runs script, a script element, a
// `javascript:` address, an SVG with an onload) goes in through the API, as a hostile client
// would send it; then both people open every page that shows it.

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const JS_URL = 'javascript:window.__xss=1';
const SVG = '"><svg onload=window.__xss=1>';

/** Every way a page could have run stored script: the flag, an alert, a javascript: link. */
async function expectNoScriptRan(page: Page, where: string) {
  const found = await page.evaluate((bootstrapId) => {
    // The one inline script the server writes: the page's data (issue 29), JSON that never runs.
    // The student's name is in it; it must stay whole and closed (no markup breaks out of it).
    const data = document.querySelectorAll(`script#${bootstrapId}`);
    let dataIsJson = true;
    for (const element of data) {
      try {
        JSON.parse(element.textContent ?? '');
      } catch {
        dataIsJson = false;
      }
      if (element.getAttribute('type') !== 'application/json') dataIsJson = false;
    }
    return {
      flag: (window as unknown as { __xss?: unknown }).__xss,
      scriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
      injected: document.querySelectorAll(`img[src="x"], svg[onload], script:not([src]):not(#${bootstrapId})`)
        .length,
      pageData: { count: data.length <= 1, dataIsJson },
    };
  }, PAGE_BOOTSTRAP_ELEMENT_ID);
  expect(found, where).toEqual({
    flag: undefined,
    scriptLinks: 0,
    injected: 0,
    pageData: { count: true, dataIsJson: true },
  });
}

/** Turns any alert, confirm or prompt into a failure: stored text must never open one. */
function failOnDialogs(page: Page, dialogs: string[]) {
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
}

test('markup stored in names, topics and remarks is shown as text to the student and to faculty', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  failOnDialogs(page, dialogs);
  const student = await freshStudent(page, testInfo, 'xss', IMG);
  expect(student.name.startsWith(IMG)).toBe(true);

  const teachers = await (await page.request.get('/api/v1/records/options/teachers')).json();
  const teacher = teachers.items.find((t: { title: string }) => t.title.startsWith(DEMO_FACULTY.name));
  const stamp = Date.now() % 100000;
  const entries = [
    { topic: `${IMG} topic ${stamp}`, remark: `${SCRIPT} remark ${stamp}` },
    { topic: `${JS_URL} ${stamp}`, remark: `${SVG} ${stamp}` },
  ];
  const ids: string[] = [];
  for (const entry of entries) {
    const response = await page.request.post('/api/v1/records', {
      data: {
        kind: 'teaching',
        teacherId: teacher.id,
        studentRemark: entry.remark,
        details: {
          trainingType: 'Theory Class',
          topic: entry.topic,
          date: new Date().toISOString().slice(0, 10),
        },
      },
    });
    expect(response.status()).toBe(201);
    ids.push((await response.json()).record.id);
  }

  // The student: their profile and dashboard (the name), the report list, an entry's detail.
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true }).first()).toHaveValue(student.name);
  await expectNoScriptRan(page, 'student profile');
  await page.goto('/dashboard');
  await expect(page.getByText(IMG).first()).toBeVisible();
  await expectNoScriptRan(page, 'student dashboard');
  await page.goto('/task/teaching');
  const list = page.getByRole('table', { name: 'Teaching Experience report' });
  for (const entry of entries) await expect(rowWith(list, entry.topic)).toHaveCount(1);
  await expectNoScriptRan(page, 'student list');
  await page.goto(`/task/teaching?record=${ids[0]}`);
  const detail = dialog(page, 'Task Detail');
  await expect(detail).toContainText(entries[0]?.topic ?? '');
  await expect(detail).toContainText(entries[0]?.remark ?? '');
  await expectNoScriptRan(page, 'student detail');

  await asStaff(browser, testInfo, async (faculty) => {
    failOnDialogs(faculty, dialogs);
    // The verification list, narrowed to the student by their (hostile) name.
    await faculty.goto('/task/teaching');
    const report = faculty.getByRole('table', { name: 'Teaching Experience report' });
    await faculty.getByRole('combobox', { name: 'Student', exact: true }).fill(IMG);
    await faculty.getByRole('listbox').getByRole('option', { name: student.name, exact: true }).click();
    await expect(faculty).toHaveURL(/[?&]student=/);
    for (const entry of entries) await expect(rowWith(report, entry.topic)).toHaveCount(1);
    await expect(rowWith(report, entries[0]?.topic ?? '')).toContainText(student.name);
    await expectNoScriptRan(faculty, 'faculty list');

    // The detail and its verification form.
    await faculty.goto(`/task/teaching?record=${ids[1]}`);
    const shown = dialog(faculty, 'Task Detail');
    await expect(shown).toContainText(`Student: ${student.name}`);
    await expect(shown).toContainText(entries[1]?.topic ?? '');
    await expect(shown).toContainText(entries[1]?.remark ?? '');
    await shown.getByRole('button', { name: 'Action' }).click();
    await expect(dialog(faculty, 'Verification')).toContainText(entries[1]?.topic ?? '');
    await expectNoScriptRan(faculty, 'faculty detail and verification');

    // Reports and the department's students.
    await faculty.goto('/reports');
    await expect(rowWith(faculty.getByRole('table'), student.name).first()).toBeVisible();
    await expectNoScriptRan(faculty, 'faculty reports');
    await faculty.goto('/allStudent');
    await faculty.getByRole('searchbox', { name: 'Search' }).fill(student.email);
    await expect(rowWith(faculty.getByRole('table', { name: 'Students' }), student.name)).toHaveCount(1);
    await expectNoScriptRan(faculty, 'faculty students');
  });
  expect(dialogs).toEqual([]);
});
