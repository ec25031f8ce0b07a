import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { acknowledge, dialog } from '../support/fixtures';
import {
  asStaff,
  choose,
  DEMO_FACULTY,
  expectRowShows,
  expectSuccess,
  freshStudent,
  PDF,
  rowWith,
  today,
} from '../support/journeys';
import { MAIL_HTTP } from '../support/mail';
import type { CaughtMail } from '../support/mail-catcher';

// Each journey here is a student and a faculty member in two browsers, with mail in between: on a
// busy 2-core machine some take close to the default minute.
test.describe.configure({ timeout: 120_000 });

// The logbook journeys of issue 5: entries recorded by students through the report screen
// (/task/{id}), verified by the department's faculty one by one or together, and the two
// dashboards. Each journey makes its own student, so it runs alike on both databases.

function kind(id: string) {
  const found = findKind(id);
  if (!found) throw new Error(`no record kind ${id}`);
  return found;
}
const teaching = kind('teaching');
const skillsLab = kind('skills-lab');
const extraCurricular = kind('extra-curricular');
const clinicalCase = kind('clinical-case');

/** The report screen of a kind, opened by its address, with its title. */
async function openReport(page: Page, kindId: string) {
  await page.goto(`/task/${kindId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${kind(kindId).menuTitle} REPORT` }),
  ).toBeVisible();
  return page.getByRole('table', { name: `${kind(kindId).menuTitle} report` });
}

/** Adds a topic entry (Topic, Date left at today, Guiding Faculty, Remark) through the Add form. */
async function addTopicEntry(
  page: Page,
  kindId: string,
  topic: string,
  before?: (form: Locator) => Promise<void>,
) {
  const { formTitle, successMessage } = kind(kindId);
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, formTitle);
  await expect(form.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(today());
  await before?.(form);
  await form.getByRole('textbox', { name: 'Topic', exact: true }).fill(topic);
  await choose(page, form, 'Guiding Faculty', DEMO_FACULTY.name);
  await form.getByRole('textbox', { name: 'Remark', exact: true }).fill(`Notes on ${topic}`);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, successMessage);
  await expect(form).toHaveCount(0);
}

/** Faculty's report narrowed to one student with the Student filter (searched on the server). */
async function filterByStudent(page: Page, studentName: string) {
  const filter = page.getByRole('combobox', { name: 'Student', exact: true });
  await filter.fill(studentName);
  await page.getByRole('listbox').getByRole('option', { name: studentName, exact: true }).click();
  await expect(page).toHaveURL(/[?&]student=/);
}

/** Waits for a mail to `to` whose subject matches and whose text holds `text`. */
async function waitForMailWith(to: string, subject: RegExp, text: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${MAIL_HTTP}/messages`)).json()) as CaughtMail[];
    const mail = messages.find((m) => m.to.includes(to) && subject.test(m.subject) && m.text.includes(text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} with "${text}" within ${timeoutMs} ms`);
}

test('a teaching entry approved with a score: the student sees Approved, the score and the verifier, and cannot delete it', async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'teaching', 'Tara Menon');
  const approvedTopic = `Acid-base disorders ${Date.now() % 100000}`;
  const pendingTopic = `Heart failure ${Date.now() % 100000}`;

  const table = await openReport(page, 'teaching');
  await expect(table).toContainText(RECORD_MESSAGES.noActivity);
  // The student sees no Student Name column; faculty do (below).
  await expect(table.getByRole('columnheader', { name: 'Student Name' })).toHaveCount(0);

  // An empty form: the first missing field's message.
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, teaching.formTitle);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(RECORD_MESSAGES.fillAll);
  await acknowledge(page, VALIDATION_TITLE);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);

  await addTopicEntry(page, 'teaching', approvedTopic, async (f) => {
    await choose(page, f, 'Type', 'Theory Class');
    await f
      .getByLabel(/^Certificate\s*\*?$/)
      .setInputFiles({ name: 'class-attendance.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(f.getByText('Upload complete.')).toBeVisible();
  });
  await addTopicEntry(page, 'teaching', pendingTopic, (f) => choose(page, f, 'Type', 'Tutorials'));
  const approvedRow = rowWith(table, approvedTopic);
  const pendingRow = rowWith(table, pendingTopic);
  await expectRowShows(approvedRow, 'Theory Class', DEMO_FACULTY.name);
  await expect(approvedRow).toContainText('Pending');
  await expect(approvedRow).toContainText(RECORD_MESSAGES.verificationPending);
  // Both unverified, so both can still be deleted.
  await expect(approvedRow.getByRole('button', { name: /^Delete the entry/ })).toBeVisible();
  await expect(pendingRow.getByRole('button', { name: /^Delete the entry/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The named teacher is told in the app; by e-mail in tomorrow's digest (their profile's default).

  await asStaff(browser, testInfo, async (faculty) => {
    const report = await openReport(faculty, 'teaching');
    await expect(report.getByRole('columnheader', { name: 'Student Name' })).toBeVisible();
    await filterByStudent(faculty, student.name);
    await expect(report.locator('tbody tr')).toHaveCount(2);
    const row = rowWith(report, approvedTopic);
    await row.getByRole('button', { name: `Action on the entry of ${student.name}` }).click();

    const verify = dialog(faculty, 'Verification');
    await expect(verify).toContainText(`${teaching.menuTitle} · ${approvedTopic}`);
    await expect(verify.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Pending');
    // Nothing chosen yet.
    await verify.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog(faculty, 'Error')).toContainText(RECORD_MESSAGES.verifyAllFields);
    await acknowledge(faculty, 'Error');

    await choose(faculty, verify, 'Status', 'Approved');
    await choose(faculty, verify, 'Score', '3 - Good');
    await verify
      .getByRole('textbox', { name: 'Feedback', exact: true })
      .fill('Clear and well structured class.');
    await verify.getByRole('button', { name: 'Submit' }).click();
    await expectSuccess(faculty, RECORD_MESSAGES.verified);
    await expect(verify).toHaveCount(0);
    await expect(row).toContainText('Approved');
    await expect(rowWith(report, pendingTopic)).toContainText('Pending');
  });

  // The student is told by e-mail: the kind and a link to the entry, never what it holds.
  const mail = await waitForMailWith(
    student.email,
    /Your Teaching Experience entry was approved/,
    '?record=',
  );
  expect(mail.text).toContain('/task/teaching?record=');
  expect(mail.text).not.toContain(approvedTopic);

  await page.reload();
  await expect(approvedRow).toContainText('Approved');
  await expect(approvedRow).toContainText(`${DEMO_FACULTY.name} / ${today()}`);
  await expectRowShows(approvedRow, 'Good', 'Clear and well structured class.');
  await expect(approvedRow.getByRole('button', { name: /^Delete the entry/ })).toHaveCount(0);
  // The certificate sent with the entry is still there.
  await approvedRow.getByRole('button', { name: `View certificate of ${student.name}` }).click();
  await expect(page.locator('iframe[title="class-attendance.pdf"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('iframe[title="class-attendance.pdf"]')).toHaveCount(0);
  await expect(pendingRow).toContainText('Pending');
  await expect(pendingRow.getByRole('button', { name: /^Delete the entry/ })).toBeVisible();

  // The detail: the score opens its history; a verified entry offers no Delete. The row opens it
  // from its text (its middle may be the certificate's View button, which opens the file instead).
  await approvedRow.getByText(approvedTopic, { exact: true }).click();
  const detail = dialog(page, 'Task Detail');
  await expect(detail).toContainText(approvedTopic);
  await expect(detail).toContainText(`${DEMO_FACULTY.name} / ${today()}`);
  await detail.getByRole('button', { name: /^Good: 3/ }).click();
  await expect(detail.getByRole('list', { name: 'Score history' })).toContainText(DEMO_FACULTY.name);
  await expect(detail.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  // The footer's Close (the title bar's close icon has the same name).
  await detail.getByRole('button', { name: 'Close' }).last().click();
  await expect(detail).toHaveCount(0);

  // The student was told in the app.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('menuitem', { name: /Dr\. Demo Professor/ }).first()).toContainText(
    'marked your Teaching Experience entry Approved',
  );
  await page.keyboard.press('Escape');

  // The still-pending entry can be deleted, after the warning.
  await pendingRow.getByRole('button', { name: /^Delete the entry/ }).click();
  const confirm = dialog(page, RECORD_MESSAGES.deleteConfirmTitle);
  await expect(confirm).toContainText(RECORD_MESSAGES.deleteWarning);
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog(page, 'Deleted!')).toContainText(RECORD_MESSAGES.deleted);
  await expect(pendingRow).toHaveCount(0);
  await expect(approvedRow).toHaveCount(1);
});

test('a certificate uploaded with an extra-curricular entry is shown to the student and to faculty', async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'certificate', 'Irfan Sheikh');
  const remark = `Inter-college quiz ${Date.now() % 100000}`;
  const table = await openReport(page, 'extra-curricular');

  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, extraCurricular.formTitle);
  await form.getByRole('textbox', { name: 'Remark', exact: true }).fill(remark);
  // The certificate is required for this kind.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(RECORD_MESSAGES.fillAll);
  await acknowledge(page, VALIDATION_TITLE);
  await form
    .getByLabel(/^Certificate\s*\*?$/)
    .setInputFiles({ name: 'quiz-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByText('Upload complete.')).toBeVisible();
  await expect(form).toContainText('quiz-certificate.pdf');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, extraCurricular.successMessage);

  const row = rowWith(table, remark);
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `View certificate of ${student.name}` }).click();
  await expect(page.locator('iframe[title="quiz-certificate.pdf"]')).toHaveCSS('height', '500px');
  await page.keyboard.press('Escape');
  await expect(page.locator('iframe[title="quiz-certificate.pdf"]')).toHaveCount(0);

  await asStaff(browser, testInfo, async (faculty) => {
    const report = await openReport(faculty, 'extra-curricular');
    await report.page().getByRole('searchbox', { name: 'Search' }).fill(student.name);
    await expect(report.locator('tbody tr')).toHaveCount(1);
    await rowWith(report, remark).getByText(remark).click();
    const detail = dialog(faculty, 'Task Detail');
    await expect(detail).toContainText(`Student: ${student.name}`);
    await expect(detail.locator('iframe[title="quiz-certificate.pdf"]')).toBeVisible();
    await expect(detail.getByRole('link', { name: 'Download quiz-certificate.pdf' })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Action' })).toBeVisible();
  });
});

test('a clinical case with missing fields lists every problem in the Validation Error dialog', async ({
  page,
}, testInfo) => {
  await freshStudent(page, testInfo, 'clinical', 'Meera Das');
  const table = await openReport(page, 'clinical-case');
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, clinicalCase.formTitle);
  await expect(form.getByRole('heading', { name: 'Patient Information' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const errors = dialog(page, RECORD_MESSAGES.validationErrorTitle);
  const lines = errors.getByRole('listitem');
  // Everything is required but the menstrual history; only the date starts filled (today).
  const required = clinicalCase.fields.filter((field) => field.required && field.name !== 'date');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(lines).toHaveCount(required.length);
  for (const label of ['Patient ID', 'Time', 'Supervising Faculty', 'Patient Name', 'Contact Number']) {
    await expect(lines.filter({ hasText: new RegExp(`^${label} is required\\.$`) })).toHaveCount(1);
  }
  await expect(lines.filter({ hasText: 'Presenting Complaint is required.' })).toHaveCount(1);
  await expect(errors).not.toContainText('Menstrual History');
  await acknowledge(page, RECORD_MESSAGES.validationErrorTitle);
  // Every failing field is marked, and the form keeps what was typed.
  await expect(form.getByRole('textbox', { name: 'Patient ID', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await form.getByRole('textbox', { name: 'Patient ID', exact: true }).fill('OPD-2291');
  await form.getByRole('textbox', { name: 'Patient Name', exact: true }).fill('Ramesh Gupta');
  await form.getByRole('textbox', { name: 'Contact Number', exact: true }).fill('98765');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(lines).toHaveCount(required.length - 2);
  await expect(lines.filter({ hasText: RECORD_MESSAGES.contactNumber })).toHaveCount(1);
  await expect(errors).not.toContainText('Patient ID is required.');
  await expect(errors).not.toContainText('Patient Name is required.');
  await expect(errors).not.toContainText('Contact Number is required.');
  await expect(lines.filter({ hasText: 'Supervising Faculty is required.' })).toHaveCount(1);
  await acknowledge(page, RECORD_MESSAGES.validationErrorTitle);
  await expect(form.getByRole('textbox', { name: 'Patient ID', exact: true })).toHaveValue('OPD-2291');

  await form.getByRole('textbox', { name: 'Contact Number', exact: true }).fill('9876543210');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(lines).toHaveCount(required.length - 3);
  await expect(errors).not.toContainText(RECORD_MESSAGES.contactNumber);
  await acknowledge(page, RECORD_MESSAGES.validationErrorTitle);

  // Nothing was sent.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(table).toContainText(RECORD_MESSAGES.noActivity);
});

test('faculty approve three entries at once with one score and feedback', async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'bulk', 'Kiran Joshi');
  const run = Date.now() % 100000;
  const topics = [`Suturing ${run}`, `Airway management ${run}`, `IV cannulation ${run}`];
  const table = await openReport(page, 'skills-lab');
  for (const topic of topics) await addTopicEntry(page, 'skills-lab', topic);
  await expect(table.locator('tbody tr')).toHaveCount(3);

  await asStaff(browser, testInfo, async (faculty) => {
    const report = await openReport(faculty, 'skills-lab');
    // Nothing ticked yet.
    await faculty.getByRole('button', { name: 'Verify selected' }).click();
    await expect(dialog(faculty, 'Error')).toContainText(RECORD_MESSAGES.selectRecords);
    await acknowledge(faculty, 'Error');

    await filterByStudent(faculty, student.name);
    await expect(report.locator('tbody tr')).toHaveCount(3);
    for (const topic of topics) {
      await rowWith(report, topic)
        .getByRole('checkbox', { name: `Select the entry of ${student.name}` })
        .check();
    }
    await expect(faculty.getByText('3 selected')).toBeVisible();
    await expectNoSeriousA11yViolations(faculty);
    await faculty.getByRole('button', { name: 'Verify selected' }).click();

    const bulk = dialog(faculty, 'Verify selected');
    await expect(bulk).toContainText('3 entries selected');
    await choose(faculty, bulk, 'Status', 'Approved');
    await choose(faculty, bulk, 'Score', '4 - Very Good');
    await bulk.getByRole('textbox', { name: 'Feedback', exact: true }).fill('Good hands-on skills.');
    await bulk.getByRole('button', { name: 'Submit' }).click();
    await expectSuccess(faculty, RECORD_MESSAGES.bulkVerified(3));
    await expect(bulk).toHaveCount(0);

    for (const topic of topics) {
      const row = rowWith(report, topic);
      await expect(row).toContainText('Approved');
      await expectRowShows(row, 'Very Good', 'Good hands-on skills.');
      // Verified entries can no longer be ticked.
      await expect(row.getByRole('checkbox')).toHaveCount(0);
    }
    await expect(faculty.getByText('3 selected')).toHaveCount(0);
  });

  await page.reload();
  for (const topic of topics) {
    const row = rowWith(table, topic);
    await expect(row).toContainText('Approved');
    await expect(row).toContainText(`${DEMO_FACULTY.name} / ${today()}`);
    await expect(row.getByRole('button', { name: /^Delete the entry/ })).toHaveCount(0);
  }
});

test("the dashboards follow a new entry: the student's count, then faculty's Pending Verifications", async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'dashboard', 'Anita Bose');
  const topic = `Knot tying ${Date.now() % 100000}`;

  await page.goto('/dashboard');
  const logbook = page.getByRole('region', { name: 'My Logbook' });
  const card = logbook.getByRole('link', { name: /^Skill Labs \d/ });
  await expect(card).toHaveAccessibleName('Skill Labs 0 entries, in progress, 0 approved · 0 pending');
  await expect(card).toContainText('0 approved · 0 pending');
  await expect(logbook.getByRole('link', { name: /^Mandatory Checklist \d/ })).toContainText('0 / 8');

  await card.click();
  await expect(page).toHaveURL(/\/task\/skills-lab$/);
  await expect(page.getByRole('heading', { level: 1, name: `${skillsLab.menuTitle} REPORT` })).toBeVisible();
  await addTopicEntry(page, 'skills-lab', topic);

  await page.goto('/dashboard');
  await expect(card).toHaveAccessibleName('Skill Labs 1 entry, in progress, 0 approved · 1 pending');
  await expect(card).toContainText('0 approved · 1 pending');
  // Another category is untouched.
  await expect(logbook.getByRole('link', { name: /^PG Induction Schedule \d/ })).toHaveAccessibleName(
    'PG Induction Schedule 0 entries, in progress, 0 approved · 0 pending',
  );

  await asStaff(browser, testInfo, async (faculty) => {
    const pending = faculty.getByRole('region', { name: 'Pending Verifications' });
    await pending.getByRole('searchbox', { name: 'Search by student name' }).fill(student.name);
    const row = pending.getByRole('row', { name: `Open ${skillsLab.menuTitle} entry of ${student.name}` });
    await expect(row).toContainText(topic);
    await expect(row).toContainText(today());
    await expect(row).toContainText('Pending');
    await expect(pending).toContainText('Page 1 of 1 · 1 pending');
    await expectNoSeriousA11yViolations(faculty);

    await row.click();
    await expect(faculty).toHaveURL(/\/task\/skills-lab\?record=[0-9a-f-]{36}$/);
    const detail = dialog(faculty, 'Task Detail');
    await expect(detail).toContainText(`Student: ${student.name}`);
    await expect(detail).toContainText(topic);
    await expect(detail).toContainText(RECORD_MESSAGES.verificationPending);

    // Approved from the detail, the entry leaves the pending list.
    await detail.getByRole('button', { name: 'Action' }).click();
    const verify = dialog(faculty, 'Verification');
    await choose(faculty, verify, 'Status', 'Approved');
    await choose(faculty, verify, 'Score', '2 - Average');
    await verify.getByRole('textbox', { name: 'Feedback', exact: true }).fill('Practise more.');
    await verify.getByRole('button', { name: 'Submit' }).click();
    await expectSuccess(faculty, RECORD_MESSAGES.verified);

    await faculty.goto('/dashboard');
    await pending.getByRole('searchbox', { name: 'Search by student name' }).fill(student.name);
    await expect(pending).toContainText('0 entries');
    await expect(row).toHaveCount(0);
  });

  // Every entry of the category approved: the card turns complete.
  await page.reload();
  await expect(card).toHaveAccessibleName('Skill Labs 1 entry, complete, 1 approved · 0 pending');
  await expect(card).toContainText('1 approved · 0 pending');
});
