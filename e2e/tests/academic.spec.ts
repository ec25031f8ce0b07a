import { AETCOM_MESSAGES, AETCOM_NOTICES, AETCOM_SKILLS } from '@pgel/shared/academic/aetcom';
import {
  APPRAISAL_MESSAGES,
  APPRAISAL_NOTICES,
  APPRAISAL_PARTICULARS,
} from '@pgel/shared/academic/appraisal';
import { ACADEMIC_MESSAGES, addDays, addYears } from '@pgel/shared/academic/common';
import { MEMO_MESSAGES } from '@pgel/shared/academic/memos';
import { THESIS_MESSAGES } from '@pgel/shared/academic/thesis';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { publication, synopsisUpload } from '@pgel/shared/records/kinds';
import { PUBLICATION_DELETE_WARNING, publicationMissing } from '@pgel/shared/records/kinds/publication';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { todayIso as isoToday } from '@pgel/shared/schemas/dates';
import { expect, type Locator, test } from '@playwright/test';
import { acknowledge, dialog } from '../support/fixtures';
import {
  asStaff,
  choose,
  DEMO_FACULTY,
  DEMO_HOD,
  expectSuccess,
  freshStudent,
  PDF,
  rowWith,
  today,
} from '../support/journeys';
import { waitForMail } from '../support/mail';

// The academic records of issue 11, as their users meet them: a student's thesis synopsis steps,
// a review upload approved by faculty, a memo from issue to close, an appraisal and an AETCOM
// year, and a publication. Each journey makes its own student, so it runs alike on both databases.
test.describe.configure({ timeout: 120_000 });

test('a student adds a publication with its certificate and deletes it while unverified', async ({
  page,
}, testInfo) => {
  await freshStudent(page, testInfo, 'publication', 'Meera Iyer');
  const title = `Dengue outcomes in children ${Date.now() % 100000}`;
  await page.goto('/publication');
  await expect(
    page.getByRole('heading', { level: 1, name: `${publication.menuTitle} REPORT` }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: `${publication.menuTitle} report` });
  await expect(table).toContainText(RECORD_MESSAGES.noActivity);

  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, publication.formTitle);
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await form.getByRole('textbox', { name: 'Author', exact: true }).fill('Meera Iyer');
  await form.getByRole('textbox', { name: 'Journal', exact: true }).fill('Indian Pediatrics');
  await form.getByRole('textbox', { name: 'Indexed In', exact: true }).fill('PubMed');
  // Four choices show as one tap each.
  await form.getByRole('radio', { name: 'Published', exact: true }).click();
  await form.getByRole('textbox', { name: 'Citation', exact: true }).fill('Indian Pediatr. 2026;63:101-5');
  await form.getByRole('textbox', { name: 'Student Remark', exact: true }).fill('First author paper');
  // Every field is required, the co-author and the certificate too: one message naming them.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(
    publicationMissing(['Co-Author', 'Certificate']),
  );
  await acknowledge(page, VALIDATION_TITLE);
  await form.getByRole('textbox', { name: 'Co-Author', exact: true }).fill('R. Shah');
  await form
    .getByLabel(/^Certificate\s*\*?$/)
    .setInputFiles({ name: 'acceptance-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByText('Upload complete.')).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, publication.successMessage);

  const row = rowWith(table, title);
  await expect(row).toContainText('Pending');
  // On a laptop the journal is among the columns that fold into the row's details.
  await row.getByRole('button', { name: 'Show more of row 1', exact: true }).click();
  await expect(table.locator('dl').first()).toContainText('Indian Pediatrics');
  // The title opens the certificate; the author the detail.
  await row.getByRole('button', { name: `Open the certificate of ${title}` }).click();
  await expect(page.locator('iframe[title="acceptance-letter.pdf"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Meera Iyer', exact: true }).click();
  await expect(dialog(page, 'Task Detail')).toContainText('Indian Pediatr. 2026;63:101-5');
  await page.keyboard.press('Escape');

  // Unverified: the student may delete it, after the publication's own warning.
  await row.getByRole('button', { name: /^Delete the entry/ }).click();
  const confirm = dialog(page, RECORD_MESSAGES.deleteConfirmTitle);
  await expect(confirm).toContainText(PUBLICATION_DELETE_WARNING);
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog(page, 'Deleted!')).toContainText(RECORD_MESSAGES.deleted);
  await expect(row).toHaveCount(0);
});

test('a student writes the synopsis steps in order, each locked once saved; faculty approve a review upload', async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'synopsis', 'Kavya Reddy');
  const title = `Serum magnesium in sepsis ${Date.now() % 100000}`;
  await page.goto('/synopsis');
  await expect(page.getByRole('heading', { level: 1, name: 'Thesis Synopsis' })).toBeVisible();
  const step = (label: string) => page.getByRole('region', { name: label, exact: true });
  // Nothing can be uploaded or chosen before the title.
  await expect(step('Guide')).toContainText(THESIS_MESSAGES.synopsisTitleFirst);
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  /** Saves a step: its button, the confirmation, the success message. */
  async function save(button: string, confirmation: string, saved: string) {
    await page.getByRole('button', { name: button, exact: true }).click();
    const confirm = dialog(page, THESIS_MESSAGES.confirmTitle);
    await expect(confirm).toContainText(confirmation);
    await confirm.getByRole('button', { name: 'Yes, add it!' }).click();
    await expect(dialog(page, 'Success')).toContainText(saved);
    await acknowledge(page, 'Success');
  }

  // An empty title is refused with the spec's message.
  await page.getByRole('button', { name: 'Save Title', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(THESIS_MESSAGES.synopsisTitleFirst);
  await acknowledge(page, VALIDATION_TITLE);
  await step('Synopsis Title').getByRole('textbox', { name: 'Synopsis Title' }).fill(title);
  await save('Save Title', THESIS_MESSAGES.confirm.title, THESIS_MESSAGES.saved.title);
  await expect(step('Synopsis Title')).toContainText(title);
  await expect(step('Synopsis Title').getByRole('textbox')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Guide', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(THESIS_MESSAGES.selectGuide);
  await acknowledge(page, VALIDATION_TITLE);
  await choose(page, step('Guide'), 'Guide', DEMO_FACULTY.name);
  await save('Save Guide', THESIS_MESSAGES.confirm.guide, THESIS_MESSAGES.saved.guide);
  await expect(step('Guide')).toContainText(DEMO_FACULTY.name);
  await expect(step('Guide').getByRole('combobox')).toHaveCount(0);

  // Co-guides: the first row stays; a second one can be removed again.
  const coGuides = step('Co-guides');
  await expect(coGuides.getByRole('button', { name: 'Remove Co-guide 1' })).toHaveCount(0);
  await coGuides.getByRole('button', { name: 'Add Co-guide' }).click();
  await coGuides.getByRole('textbox', { name: 'Co-guide 1 name' }).fill('Dr. Asha Pillai');
  await page.getByRole('button', { name: 'Save Co-guides', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(THESIS_MESSAGES.coGuideDepartment(1));
  await acknowledge(page, VALIDATION_TITLE);
  await choose(page, coGuides, 'Co-guide 1 department', 'General Medicine');
  await page.getByRole('button', { name: 'Save Co-guides', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(THESIS_MESSAGES.coGuideName(2));
  await acknowledge(page, VALIDATION_TITLE);
  await coGuides.getByRole('button', { name: 'Remove Co-guide 2' }).click();
  await save('Save Co-guides', THESIS_MESSAGES.confirm.coGuides, THESIS_MESSAGES.saved.coGuides);
  await expect(coGuides).toContainText('Dr. Asha Pillai');
  await expect(coGuides.getByRole('textbox')).toHaveCount(0);

  const certificate = step('IEC Clearance Certificate');
  await page.getByRole('button', { name: 'Save Certificate', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(THESIS_MESSAGES.selectCertificate);
  await acknowledge(page, VALIDATION_TITLE);
  await certificate
    .getByLabel(/^IEC Clearance Certificate\s*\*?$/)
    .setInputFiles({ name: 'iec-clearance.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(certificate.getByText('Upload complete.')).toBeVisible();
  await save('Save Certificate', THESIS_MESSAGES.confirm.certificate, THESIS_MESSAGES.saved.certificate);
  await expect(certificate.getByRole('button', { name: 'View IEC Clearance Certificate' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);

  // A review upload: a file is required.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = dialog(page, synopsisUpload.formTitle);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(THESIS_MESSAGES.uploadFile);
  await acknowledge(page, VALIDATION_TITLE);
  await upload
    .getByLabel(/^File\s*\*?$/)
    .setInputFiles({ name: 'synopsis-draft.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(upload.getByText('Upload complete.')).toBeVisible();
  await upload.getByRole('textbox', { name: 'S-Remark' }).fill('Draft for the guide');
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog(page, 'Success')).toContainText(synopsisUpload.successMessage);
  await acknowledge(page, 'Success');
  const uploads = page.getByRole('table', { name: `${synopsisUpload.menuTitle}s` });
  await expect(rowWith(uploads, 'Draft for the guide')).toContainText('Pending');
  // Not verified yet: the student could still take it back.
  await expect(
    rowWith(uploads, 'Draft for the guide').getByRole('button', { name: /^Delete the upload/ }),
  ).toBeVisible();

  await asStaff(browser, testInfo, async (faculty) => {
    // The upload's notice opens this student's page, not 'Please select a student first' (issue 28).
    await faculty.goto('/dashboard');
    await faculty.getByRole('button', { name: /^Notifications/ }).click();
    await faculty
      .getByRole('menuitem', { name: new RegExp(`${student.name} submitted a ${synopsisUpload.menuTitle}`) })
      .first()
      .click();
    await expect(faculty).toHaveURL(/\/synopsis\?student=/);
    await expect(faculty.getByRole('region', { name: 'Synopsis Title', exact: true })).toContainText(title);
    await expect(faculty.getByText(ACADEMIC_MESSAGES.studentRequired)).toHaveCount(0);
    const table = faculty.getByRole('table', { name: `${synopsisUpload.menuTitle}s` });
    const row = rowWith(table, 'Draft for the guide');
    await row.getByRole('button', { name: /^Action on the upload/ }).click();
    const action = dialog(faculty, 'Action');
    await action.getByRole('textbox', { name: 'Feedback' }).fill('Methods are sound; add a sample size.');
    await action.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog(faculty, 'Success')).toBeVisible();
    await acknowledge(faculty, 'Success');
    await expect(row).toContainText('Approved');
    await expect(row.getByRole('button', { name: /^Action on the upload/ })).toHaveCount(0);
  });

  await page.reload();
  const approved = rowWith(
    page.getByRole('table', { name: `${synopsisUpload.menuTitle}s` }),
    'Draft for the guide',
  );
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText('Methods are sound; add a sample size.');
  await expect(approved.getByRole('button', { name: /^Delete the upload/ })).toHaveCount(0);
});

test('the HOD issues a memo, the student explains it, the HOD closes it; each is told by mail', async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'memo', 'Arjun Nair');
  const reason = `Absent from the unit without leave on ${today()} (${Date.now() % 100000})`;

  await asStaff(
    browser,
    testInfo,
    async (hod) => {
      await hod.goto('/memo');
      await expect(hod.getByRole('heading', { level: 1, name: 'Memo' })).toBeVisible();
      await hod.getByRole('button', { name: 'Create Memo', exact: true }).click();
      const form = dialog(hod, MEMO_MESSAGES.createTitle);
      await expect(form.getByRole('textbox', { name: 'Date' })).toHaveValue(today());
      await form.getByRole('button', { name: 'Create Memo', exact: true }).click();
      await expect(dialog(hod, VALIDATION_TITLE)).toContainText(MEMO_MESSAGES.fillAll);
      await acknowledge(hod, VALIDATION_TITLE);
      await form.getByRole('combobox', { name: 'Student' }).fill(student.name);
      await hod.getByRole('listbox').getByRole('option', { name: student.name, exact: true }).click();
      await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
      await form.getByRole('button', { name: 'Create Memo', exact: true }).click();
      await expect(dialog(hod, 'Success')).toContainText(MEMO_MESSAGES.created);
      await acknowledge(hod, 'Success');
      await expect(rowWith(hod.getByRole('table', { name: 'Memos' }), reason)).toContainText('Issued');
    },
    DEMO_HOD.email,
  );

  const issued = await waitForMail(student.email, /^Memo MEMO\/\d{4}\/\d{3} issued to you$/);
  // The mail says a memo was issued, with a link, never its reason (issue 28).
  expect(issued.text).toContain('/memo');
  expect(issued.text).not.toContain(reason);
  const memoNumber = /MEMO\/\d{4}\/\d{3}/.exec(issued.subject)?.[0] as string;

  await page.goto('/memo');
  const row = rowWith(page.getByRole('table', { name: 'Memos' }), memoNumber);
  await expect(row).toContainText('Issued');
  await row.getByRole('button', { name: `Explain memo ${memoNumber}` }).click();
  const explain = dialog(page, MEMO_MESSAGES.explainTitle);
  await explain.getByRole('textbox', { name: 'Explanation' }).fill('I was called to the emergency ward.');
  await explain.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirmExplain = dialog(page, MEMO_MESSAGES.confirmTitle);
  await expect(confirmExplain).toContainText(MEMO_MESSAGES.confirmExplain);
  await confirmExplain.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog(page, 'Success')).toContainText(MEMO_MESSAGES.explained);
  await acknowledge(page, 'Success');
  await expect(row).toContainText('Explained');
  await expect(row.getByRole('button', { name: `Explain memo ${memoNumber}` })).toHaveCount(0);

  await asStaff(
    browser,
    testInfo,
    async (hod) => {
      await hod.goto('/memo');
      const hodRow = rowWith(hod.getByRole('table', { name: 'Memos' }), memoNumber);
      await expect(hodRow).toContainText('I was called to the emergency ward.');
      await hodRow.getByRole('button', { name: `Close memo ${memoNumber}` }).click();
      const close = dialog(hod, MEMO_MESSAGES.closeTitle);
      await close.getByRole('textbox', { name: 'Remark' }).fill('Accepted. Inform the unit next time.');
      await close.getByRole('button', { name: 'Close Memo', exact: true }).click();
      await dialog(hod, MEMO_MESSAGES.confirmTitle)
        .getByRole('button', { name: 'Close Memo', exact: true })
        .click();
      await expect(dialog(hod, 'Success')).toContainText(MEMO_MESSAGES.closed);
      await acknowledge(hod, 'Success');
      await expect(hodRow).toContainText('Closed');
    },
    DEMO_HOD.email,
  );
  const closed = await waitForMail(student.email, /^Memo MEMO\/\d{4}\/\d{3} closed$/);
  expect(closed.text).not.toContain('Accepted. Inform the unit next time.');
  await page.reload();
  await expect(row).toContainText('Closed');
  await expect(row).toContainText('Accepted. Inform the unit next time.');
});

/** YYYY-MM-DD as the app shows it, DD-MM-YYYY. */
const displayDate = (iso: string) => iso.split('-').reverse().join('-');

test('faculty save a quarterly appraisal and, on a phone, an AETCOM year by tapping; the student is told and reads both', async ({
  page,
  browser,
}, testInfo) => {
  // 41 taps one after another, each waiting for the accordion to settle: more time on a busy machine.
  test.slow();
  const student = await freshStudent(page, testInfo, 'appraisal', 'Neha Joshi');

  await asStaff(browser, testInfo, async (faculty) => {
    /** `saved`: the title of the page's saved list, which names the student once drawn for them. */
    const pickStudent = async (saved: string) => {
      const filter = faculty.getByRole('combobox', { name: 'Student', exact: true });
      await filter.fill(student.name);
      await faculty.getByRole('listbox').getByRole('option', { name: student.name, exact: true }).click();
      // The choice lives in the address (?student=); the form is drawn again for that student,
      // in the same render as the saved list's title names them (a Save before that would
      // reach the form of no student, as it did once under load in CI).
      await expect(faculty).toHaveURL(/[?&]student=/);
      await expect(faculty.getByText(`${saved}: ${student.name}`, { exact: true })).toBeVisible();
    };

    await faculty.goto('/appeal');
    await expect(faculty.getByRole('heading', { level: 1, name: 'Quarterly Appraisal Form' })).toBeVisible();
    await pickStudent('Saved appraisals');
    const appraisal = faculty.getByRole('form', { name: 'Quarterly appraisal' });
    await appraisal.getByRole('button', { name: 'Save' }).click();
    await expect(dialog(faculty, VALIDATION_TITLE)).toContainText(APPRAISAL_MESSAGES.noToDate);
    await acknowledge(faculty, VALIDATION_TITLE);
    // Enter in the date takes it and leaves the field; it does not submit the form (issue 28).
    await appraisal.getByRole('textbox', { name: 'From Date' }).fill('01-07-2026');
    await appraisal.getByRole('textbox', { name: 'From Date' }).press('Enter');
    await expect(appraisal.getByRole('textbox', { name: 'To Date' })).toHaveValue('29-09-2026');
    await expect(faculty.getByRole('dialog')).toHaveCount(0);
    // Each score one tap on its 1-9 control.
    const scores = [7, 5, 8, 3, 6, 9, 4, 7];
    const scoreOf = (particular: string) =>
      appraisal.getByRole('radiogroup', { name: `Score: ${particular}` });
    for (const [index, particular] of APPRAISAL_PARTICULARS.entries()) {
      if (index === 3) continue;
      await scoreOf(particular).getByText(String(scores[index]), { exact: true }).click();
    }
    await expect(appraisal).toContainText('More Than Satisfactory');
    await appraisal.getByRole('button', { name: 'Save' }).click();
    await expect(dialog(faculty, VALIDATION_TITLE)).toContainText(APPRAISAL_MESSAGES.scoreFor(4));
    await acknowledge(faculty, VALIDATION_TITLE);
    // The row left out is marked.
    await expect(appraisal.getByRole('row').filter({ hasText: APPRAISAL_PARTICULARS[3] })).toContainText(
      APPRAISAL_MESSAGES.notScored,
    );
    await scoreOf(APPRAISAL_PARTICULARS[3] as string)
      .getByText('3', { exact: true })
      .click();
    await expect(appraisal).toContainText('Not Satisfactory');
    await appraisal
      .getByRole('textbox', { name: `Remark: ${APPRAISAL_PARTICULARS[3]}` })
      .fill('Needs more CMEs');
    await appraisal.getByRole('button', { name: 'Save' }).click();
    await expectSuccess(faculty, APPRAISAL_MESSAGES.saved);
    await expect(faculty.getByRole('article', { name: 'Quarter 01-07-2026 - 29-09-2026' })).toContainText(
      'Needs more CMEs',
    );

    // Issue 28: a whole AETCOM year on a 390 px phone, one tap per score, every tap counted.
    await faculty.setViewportSize({ width: 390, height: 844 });
    await faculty.goto('/atcom');
    await expect(faculty.getByRole('heading', { level: 1, name: 'Aetcom' })).toBeVisible();
    await pickStudent('Aetcom records');
    const aetcom = faculty.getByRole('form', { name: 'Aetcom scores' });
    await expect(faculty.getByText('Year 1', { exact: true })).toBeVisible();
    let taps = 0;
    let tallest = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
      tallest = Math.max(tallest, await faculty.evaluate(() => document.documentElement.scrollHeight));
    };
    // Year 1 of a student without a joining date: the From Date is typed (typing is not a tap).
    const yearOneFrom = addDays(isoToday(), -730);
    const fromField = aetcom.getByRole('textbox', { name: 'From Date' });
    await tap(fromField);
    await fromField.fill(displayDate(yearOneFrom));
    await fromField.press('Enter');
    await expect(aetcom.getByRole('textbox', { name: 'To Date' })).toHaveValue(
      displayDate(addYears(yearOneFrom, 1)),
    );
    await expect(faculty.getByRole('dialog')).toHaveCount(0);
    for (const [index, skill] of AETCOM_SKILLS.entries()) {
      const control = aetcom.getByRole('radiogroup', { name: `${skill.group}: ${skill.skill}` });
      await tap(control.getByText(String(index === 0 ? 10 : 8), { exact: true }));
    }
    // Every group closed itself once scored; the year's average followed the taps.
    await expect(aetcom.getByTestId('aetcom-year-average')).toHaveText('Year average: 8.05');
    await expect(aetcom.getByRole('radiogroup')).toHaveCount(0);
    await tap(aetcom.getByRole('button', { name: 'Save' }));
    await expectSuccess(faculty, AETCOM_MESSAGES.saved);
    console.log(`AETCOM taps: ${taps}`);
    console.log(`AETCOM page height at 390 px: ${tallest} px at most`);
    expect(taps).toBeLessThanOrEqual(43);
    expect(tallest).toBeLessThanOrEqual(2500);
    // Year 2 starts the day after year 1 ends, filled in.
    await expect(faculty.getByText('Year 2', { exact: true })).toBeVisible();
    await expect(fromField).toHaveValue(displayDate(addDays(addYears(yearOneFrom, 1), 1)));
  });

  // The student is told of both, by mail with a link and no score.
  const appraisalMail = await waitForMail(
    student.email,
    new RegExp(`^${APPRAISAL_NOTICES.recordedSubject}$`),
  );
  expect(appraisalMail.text).toContain('/appeal?entry=');
  expect(appraisalMail.text).not.toContain('Needs more CMEs');
  const aetcomMail = await waitForMail(student.email, new RegExp(`^${AETCOM_NOTICES.recordedSubject(1)}$`));
  expect(aetcomMail.text).toContain('/atcom?entry=');

  // The student reads their own, with no form.
  await page.goto('/appeal');
  await expect(page.getByRole('article', { name: 'Quarter 01-07-2026 - 29-09-2026' })).toContainText(
    'Needs more CMEs',
  );
  await expect(page.getByRole('form', { name: 'Quarterly appraisal' })).toHaveCount(0);
  await page.goto('/atcom');
  await expect(
    page.getByText(displayDate(addDays(isoToday(), -730)), { exact: false }).first(),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Aetcom scores' })).toHaveCount(0);
});
