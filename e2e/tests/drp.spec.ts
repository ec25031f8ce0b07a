import { addDays } from '@pgel/shared/academic/common';
import { ATTENDANCE_MESSAGES } from '@pgel/shared/drp/attendance';
import { COORDINATOR_DASHBOARD_TEXT, DRPC_REMARK_LABEL } from '@pgel/shared/drp/coordinator-dashboard';
import { DRP_COORDINATOR_TEXT, DRP_MESSAGES, drpScheduleTo } from '@pgel/shared/drp/postings';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { drpActivity, drpUpload, medicoLegal } from '@pgel/shared/records/kinds';
import { DRP_UPLOAD_MESSAGES } from '@pgel/shared/records/kinds/drp';
import { FORENSIC_MESSAGES } from '@pgel/shared/records/kinds/forensic';
import { VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import { type Browser, expect, type Page, request, type TestInfo, test } from '@playwright/test';
import { FORENSIC_HOD } from '../support/accounts';
import {
  acknowledge,
  chooseOwnPassword,
  DEMO_PASSWORD,
  dialog,
  loginAs,
  uniqueEmail,
} from '../support/fixtures';
import {
  asStaff,
  choose,
  DEMO_FACULTY,
  expectRowShows,
  expectSuccess,
  freshStudent,
  PDF,
  rowWith,
} from '../support/journeys';
import { waitForMail } from '../support/mail';

// The District Residency Programme and the forensic records of issue 12, as their users meet
// them: a resident records a posting, the new coordinator verifies the account, signs in, marks
// attendance and verifies the resident's activity and logbook; a forensic resident's medico-legal
// record verified by the department; a General Medicine resident kept out of the forensic pages.
test.describe.configure({ timeout: 150_000 });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** YYYY-MM-DD in the runner's clock (the browser's), and as the app shows it. */
function isoToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
const display = (iso: string) => iso.split('-').reverse().join('-');

/** A Delhi institution of this run only, added by the demo professor through the API. */
async function newInstitution(testInfo: TestInfo): Promise<string> {
  const name = `District Hospital ${testInfo.project.name} ${Date.now() % 1_000_000}`;
  const api = await request.newContext({ baseURL: String(testInfo.project.use.baseURL) });
  try {
    const login = await api.post('/api/v1/auth/staff-login', {
      data: { email: DEMO_FACULTY.email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const added = await api.post('/api/v1/institutions', { data: { state: 'Delhi', name } });
    expect(added.status(), await added.text()).toBe(201);
  } finally {
    await api.dispose();
  }
  return name;
}

/** The coordinator's credentials mail: the /verifyDRPC link and the temporary password. */
async function coordinatorCredentials(email: string) {
  const mail = await waitForMail(email, new RegExp(escapeRegExp(DRP_COORDINATOR_TEXT.subject)));
  const link = mail.text.match(/https?:\/\/\S+\/verifyDRPC\/[^\s<>]+/)?.[0];
  const password = mail.text.match(/Temporary password:\s*(\S+)/)?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(password, mail.text).toBeTruthy();
  return { link: String(link), password: String(password) };
}

/**
 * Opens an entry's Verification from its row and approves it with a remark (a DRP coordinator's
 * is their DRPC Remark, issue 28).
 */
async function approveFromRow(
  page: Page,
  row: ReturnType<typeof rowWith>,
  studentName: string,
  remark: string,
  remarkLabel = 'Feedback',
) {
  await row.getByRole('button', { name: `Action on the entry of ${studentName}` }).click();
  const verify = dialog(page, 'Verification');
  await choose(page, verify, 'Status', 'Approved');
  await verify.getByRole('textbox', { name: remarkLabel, exact: true }).fill(remark);
  await verify.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, RECORD_MESSAGES.verified);
  await expect(row).toContainText('Approved');
}

/** Runs `journey` in a browser of its own (the coordinator's phone). */
async function inOwnBrowser(browser: Browser, testInfo: TestInfo, journey: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await journey(await context.newPage());
  } finally {
    await context.close();
  }
}

test('a resident records a DRP posting; the new coordinator verifies the account, marks attendance and verifies the activity and the logbook', async ({
  page,
  browser,
}, testInfo) => {
  const institution = await newInstitution(testInfo);
  const student = await freshStudent(page, testInfo, 'drp', 'Sana Qureshi');
  const coordinator = {
    name: `Dr. Coordinator ${Date.now() % 100000}`,
    email: uniqueEmail('drpc', testInfo.project.name),
    phone: `9${String(Date.now() % 1e9).padStart(9, '0')}`,
  };
  // The posting began four days ago: five days so far, today included.
  const from = addDays(isoToday(), -4);

  await page.goto('/drp/home');
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, DRP_MESSAGES.addTitle);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(DRP_MESSAGES.selectInstitution);
  await acknowledge(page, VALIDATION_TITLE);
  await choose(page, form, 'State', 'Delhi');
  await choose(page, form, 'Institution', institution);
  // A new institution has no coordinator yet: the resident types one in.
  const name = form.getByRole('textbox', { name: 'Coordinator Name' });
  await expect(name).toBeEditable();
  await name.fill(coordinator.name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(DRP_MESSAGES.fillAll);
  await acknowledge(page, VALIDATION_TITLE);
  await form.getByRole('textbox', { name: 'Coordinator Email' }).fill(coordinator.email);
  await form.getByRole('textbox', { name: 'Coordinator Phone' }).fill(coordinator.phone);
  await form.getByRole('textbox', { name: 'Schedule From' }).fill(display(from));
  await form.getByRole('textbox', { name: 'Schedule From' }).press('Tab');
  // The end is worked out: 90 days after the start.
  await expect(form.getByRole('textbox', { name: 'Schedule To' })).toHaveValue(display(drpScheduleTo(from)));
  await form.getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page, DRP_MESSAGES.added);
  const postings = page.getByRole('table', { name: 'DRP Records' });
  const posting = rowWith(postings, institution);
  await expect(posting).toContainText(coordinator.name);
  await expectRowShows(posting, coordinator.email);
  await expect(posting).toContainText(display(drpScheduleTo(from)));

  // An activity of the posting, then the paper logbook.
  await page.goto(drpActivity.page ?? '');
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const activityForm = dialog(page, drpActivity.formTitle);
  await activityForm
    .getByRole('textbox', { name: 'Activity', exact: true })
    .fill('Antenatal clinic at the CHC');
  await choose(page, activityForm, 'Activity Type', 'Patient Care / Diagnostic Service');
  await activityForm.getByRole('radio', { name: 'Perform under Observation', exact: true }).click();
  await activityForm.getByRole('textbox', { name: 'Student Remark', exact: true }).fill('Saw 30 mothers');
  await activityForm.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, drpActivity.successMessage);
  const activities = page.getByRole('table', { name: `${drpActivity.menuTitle} report` });
  await expect(rowWith(activities, 'Antenatal clinic at the CHC')).toContainText(institution);
  await expect(rowWith(activities, 'Antenatal clinic at the CHC')).toContainText('Pending');

  await page.goto(drpUpload.page ?? '');
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const uploadForm = dialog(page, drpUpload.formTitle);
  await uploadForm.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(DRP_UPLOAD_MESSAGES.uploadFile);
  await acknowledge(page, VALIDATION_TITLE);
  // The label carries the required mark (issue 28): 'DRPC Logbook *'.
  await uploadForm
    .getByLabel(/^DRPC Logbook/)
    .setInputFiles({ name: 'drp-logbook-week1.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(uploadForm.getByText('Upload complete.')).toBeVisible();
  await uploadForm.getByRole('textbox', { name: 'Student Remark', exact: true }).fill('Week one pages');
  await uploadForm.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, DRP_UPLOAD_MESSAGES.uploaded);

  // The coordinator's mail: verify the account, then sign in on the Faculty Login tab.
  const { link, password } = await coordinatorCredentials(coordinator.email);
  await inOwnBrowser(browser, testInfo, async (drpc) => {
    await drpc.goto(link);
    await expect(drpc.getByRole('heading', { name: VERIFY_MESSAGES.successTitle })).toBeVisible();
    await loginAs(drpc, 'staff', coordinator.email, password);
    // A coordinator the resident named chooses a password, then waits for the resident's
    // department to confirm them (issue 27); the department's faculty confirm on /drp/home.
    await chooseOwnPassword(drpc, password, 'Coordinator@42');
    await expect(drpc.getByRole('heading', { name: CONFIRMATION_MESSAGES.pageTitle })).toBeVisible();
    await inOwnBrowser(browser, testInfo, async (faculty) => {
      await loginAs(faculty, 'staff', DEMO_FACULTY.email);
      await faculty.goto('/drp/home');
      const waiting = faculty.getByRole('listitem', { name: `${coordinator.name}, awaiting confirmation` });
      await expect(waiting).toContainText(student.name);
      await waiting.getByRole('button', { name: `Confirm ${coordinator.name}` }).click();
      await dialog(faculty, CONFIRMATION_MESSAGES.confirmTitle)
        .getByRole('button', { name: 'Yes, confirm' })
        .click();
      await expect(dialog(faculty, 'Confirmed')).toContainText(CONFIRMATION_MESSAGES.confirmed);
    });
    await drpc.reload();
    const nav = drpc.getByRole('navigation', { name: 'Main navigation' });
    // Only the DRP screens: nothing of the college's own.
    await expect(nav.getByRole('link', { name: 'All Students' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);

    // Issue 28: the dashboard shows the coordinator's work, not four N/A tiles: the resident,
    // the five days so far to mark, the activity and the logbook upload waiting.
    await drpc.goto('/dashboard');
    const work = drpc.getByRole('region', { name: COORDINATOR_DASHBOARD_TEXT.region });
    await expect(work.getByRole('link', { name: /^Residents 1 resident,/ })).toContainText(student.name);
    await expect(work.getByRole('link', { name: /^Activities to verify 1 entry,/ })).toBeVisible();
    await expect(work.getByRole('link', { name: /^DRP Records to verify 1 entry,/ })).toBeVisible();
    await expect(drpc.getByText('Unit Head', { exact: true })).toHaveCount(0);
    await work.getByRole('link', { name: /^Days to mark 5 days,/ }).click();
    await expect(drpc).toHaveURL(/\/drp\/attendence$/);

    const list = drpc.getByRole('table', { name: 'DRP Attendance' });
    const resident = rowWith(list, student.name);
    await expect(resident).toContainText('Not marked yet');
    await resident.getByRole('button', { name: `Mark attendance of ${student.name}` }).click();
    const mark = dialog(drpc, ATTENDANCE_MESSAGES.markTitle);
    await mark.getByRole('button', { name: 'All present' }).click();
    // The resident missed yesterday.
    const yesterday = mark.getByRole('group', { name: display(addDays(isoToday(), -1)) });
    await yesterday.getByText(ATTENDANCE_MESSAGES.absent).click();
    // Closing now would lose the five marks: it asks first, and they stay.
    await mark.getByRole('button', { name: 'Close', exact: true }).click();
    const ask = dialog(drpc, ATTENDANCE_MESSAGES.closeTitle);
    await expect(ask).toContainText(ATTENDANCE_MESSAGES.closeText(5));
    await ask.getByRole('button', { name: ATTENDANCE_MESSAGES.keepMarking }).click();
    await expect(ask).toHaveCount(0);
    await expect(mark.getByText(ATTENDANCE_MESSAGES.unsaved(5))).toBeVisible();
    // The page is lost (a reload): the half-marked sheet comes back as a draft.
    await drpc.reload();
    await resident.getByRole('button', { name: `Mark attendance of ${student.name}` }).click();
    await expect(mark.getByRole('status')).toHaveText(ATTENDANCE_MESSAGES.draftRestored(5));
    await expect(yesterday.getByRole('radio', { name: ATTENDANCE_MESSAGES.absent })).toBeChecked();
    await mark.getByRole('button', { name: 'Save' }).click();
    await expectSuccess(drpc, ATTENDANCE_MESSAGES.saved);
    await expect(resident).toContainText('80%');
    // Saved: nothing left to mark, and no draft when the sheet opens again.
    await resident.getByRole('button', { name: `Mark attendance of ${student.name}` }).click();
    await expect(mark.getByText(ATTENDANCE_MESSAGES.allSaved)).toBeVisible();
    await expect(mark.getByRole('status')).toHaveCount(0);
    await mark.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(mark).toHaveCount(0);
    await drpc.goto('/dashboard');
    await expect(work.getByRole('link', { name: /^Days to mark 0 days,/ })).toContainText(
      COORDINATOR_DASHBOARD_TEXT.allMarked,
    );

    await drpc.goto(drpActivity.page ?? '');
    const report = drpc.getByRole('table', { name: `${drpActivity.menuTitle} report` });
    await approveFromRow(
      drpc,
      rowWith(report, 'Antenatal clinic at the CHC'),
      student.name,
      'Well done.',
      DRPC_REMARK_LABEL,
    );
    await expectRowShows(rowWith(report, 'Antenatal clinic at the CHC'), coordinator.name);

    await drpc.goto(drpUpload.page ?? '');
    const uploads = drpc.getByRole('table', { name: `${drpUpload.menuTitle} report` });
    await approveFromRow(
      drpc,
      rowWith(uploads, 'Week one pages'),
      student.name,
      'Pages complete.',
      DRPC_REMARK_LABEL,
    );
  });

  // The resident sees the verdicts and the attendance.
  await page.goto(drpActivity.page ?? '');
  const verified = rowWith(page.getByRole('table', { name: `${drpActivity.menuTitle} report` }), 'Antenatal');
  await expect(verified).toContainText('Approved');
  await expectRowShows(verified, 'Well done.', coordinator.name);
  await page.goto('/drp/attendence');
  await expect(rowWith(page.getByRole('table', { name: 'DRP Attendance' }), institution)).toContainText(
    '80%',
  );
});

test('a forensic resident adds a medico-legal record with its PMR document; the department verifies it', async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'forensic', 'Rohit Bansal', 'Forensic Medicine');
  const pmrNo = `PMR/${Date.now() % 100000}`;
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'AUTOPSY' }).click();
  await nav.getByRole('link', { name: 'Medico-legal Autopsy' }).click();
  await expect(page).toHaveURL(/\/forn\/medico$/);

  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, medicoLegal.formTitle);
  await form.getByRole('textbox', { name: 'PMR No', exact: true }).fill(pmrNo);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ramesh Chand');
  await form.getByRole('textbox', { name: 'Age', exact: true }).fill('54');
  await form.getByRole('radio', { name: 'Male', exact: true }).click();
  await form.getByRole('textbox', { name: 'DD/FIR No', exact: true }).fill('FIR 221/26');
  await form.getByRole('textbox', { name: 'DD/FIR Date', exact: true }).fill(display(isoToday()));
  await form.getByRole('textbox', { name: 'Police Station', exact: true }).fill('Civil Lines');
  // Every text field is required, by its label.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText('Please fill in the "History" field.');
  await acknowledge(page, VALIDATION_TITLE);
  await form.getByRole('textbox', { name: 'History', exact: true }).fill('Found unconscious at home');
  await form.getByRole('textbox', { name: 'Cause of Death', exact: true }).fill('Organophosphate poisoning');
  await form.getByRole('textbox', { name: 'Board Members', exact: true }).fill('Dr. A, Dr. B');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(FORENSIC_MESSAGES.pmrDoc);
  await acknowledge(page, VALIDATION_TITLE);
  await form
    // A required upload's label carries the required mark (issue 28).
    .getByLabel(/^Upload PMR Document/)
    .setInputFiles({ name: 'pmr-report.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByText('Upload complete.')).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, medicoLegal.successMessage);
  const table = page.getByRole('table', { name: `${medicoLegal.menuTitle} report` });
  // Lists show the deceased's name as initials only (issue 15); the detail shows it in full.
  await expectRowShows(rowWith(table, pmrNo), 'R. C. / 54 / Male');
  await expect(table).not.toContainText('Ramesh Chand');

  await asStaff(
    browser,
    testInfo,
    async (hod) => {
      await hod.goto('/forn/medico');
      const report = hod.getByRole('table', { name: `${medicoLegal.menuTitle} report` });
      const row = rowWith(report, pmrNo);
      await expectRowShows(row, 'R. C.');
      await approveFromRow(hod, row, student.name, 'Opinion well reasoned.');
    },
    FORENSIC_HOD,
  );
  await page.reload();
  await expect(rowWith(table, pmrNo)).toContainText('Approved');
  // Verified evidence is never deleted.
  await expect(rowWith(table, pmrNo).getByRole('button', { name: /^Delete the entry/ })).toHaveCount(0);
});

test('a General Medicine resident sees no autopsy link and the API refuses the forensic records', async ({
  page,
}, testInfo) => {
  await freshStudent(page, testInfo, 'noforensic', 'Anil Verma');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('button', { name: 'DRP' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'AUTOPSY' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'DRP' }).click();
  await expect(nav.getByRole('link', { name: 'DRP Activity' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'DRP Autopsy' })).toHaveCount(0);
  for (const kind of ['autopsy', 'medico-legal', 'expert-opinion', 'crime-scene']) {
    const answer = await page.request.get(`/api/v1/records?kind=${kind}`);
    expect(answer.status()).toBe(403);
    expect((await answer.json()).message).toBe(FORENSIC_MESSAGES.notForensic);
  }
  await page.goto('/forn/medico');
  await expect(page.getByRole('table')).toHaveCount(0);
});
