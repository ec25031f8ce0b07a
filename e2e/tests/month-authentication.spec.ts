import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import {
  MONTH_AUTHENTICATION_MESSAGES as M,
  monthAuthenticationPath,
} from '@pgel/shared/supervision/month-authentication';
import { addMonths, indiaMonth, monthLabel } from '@pgel/shared/supervision/months';
import { expect, type Page, request, test } from '@playwright/test';
import { DEMO_PASSWORD, dialog } from '../support/fixtures';
import { asStaff, choose, DEMO_FACULTY, expectSuccess, freshStudent, optionId } from '../support/journeys';

// Issue 30: the guide authenticates a month of a resident's logbook once its last pending entry is
// verified, with their password again; the resident's strip shows the month authenticated and the
// verifiable PDF's check page lists it.

/** The signed-in student names the demo professor unit head (their guide) and joins three months ago. */
async function chooseUnitHead(page: Page, joinedMonth: string) {
  const profile = (await (await page.request.get('/api/v1/profile')).json()).profile;
  const saved = await page.request.put('/api/v1/profile', {
    data: {
      ...Object.fromEntries(
        ['dob', 'bloodGroup', 'vaccinationStatus', 'registrationNumber', 'medicalCouncil', 'validUpto']
          .concat(['address', 'regDate', 'university', 'universityRollNo', 'collegeRollNo', 'fatherName'])
          .concat(['motherName', 'profilePicFileId', 'idProofFileId'])
          .map((key) => [key, null]),
      ),
      name: profile.name,
      joiningDate: `${joinedMonth}-01`,
      unitHeadId: await optionId(page, 'teachers', DEMO_FACULTY.name),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A teaching entry under the demo professor, dated `date`, through the API. */
async function addTeaching(page: Page, date: string, topic: string): Promise<string> {
  const response = await page.request.post('/api/v1/records', {
    data: {
      kind: 'teaching',
      teacherId: await optionId(page, 'teachers', DEMO_FACULTY.name),
      studentRemark: 'Taught the batch',
      details: { trainingType: 'Theory Class', topic, date },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).record.id;
}

test('the guide verifies the last pending entry of a month and authenticates it; the strip and the PDF check show it', async ({
  page,
  browser,
}, testInfo) => {
  const month = addMonths(indiaMonth(new Date()), -1);
  const label = monthLabel(month);
  const student = await freshStudent(page, testInfo, 'months', 'Kavya Rao');
  const studentId: string = (await (await page.request.get('/api/v1/auth/me')).json()).user.id;
  await chooseUnitHead(page, addMonths(month, -2));
  const first = await addTeaching(page, `${month}-05`, `Sepsis bundle ${Date.now() % 100000}`);
  const last = await addTeaching(page, `${month}-20`, `Fluid challenge ${Date.now() % 100000}`);

  // The first entry is approved already (through the API, in a session of the professor's own).
  const baseURL = new URL((await page.request.get('/api/v1/health')).url()).origin;
  const api = await request.newContext({ baseURL });
  try {
    await api.post('/api/v1/auth/staff-login', {
      data: { email: DEMO_FACULTY.email, password: DEMO_PASSWORD },
    });
    const verified = await api.post(`/api/v1/records/${first}/verification`, {
      data: { status: 'approved', remark: 'Well done', score: 3 },
    });
    expect(verified.status()).toBe(200);
  } finally {
    await api.dispose();
  }

  await asStaff(browser, testInfo, async (guide) => {
    // The faculty dashboard lists the resident with a month to authenticate.
    const card = guide.getByRole('region', { name: 'Monthly Authentication' });
    await card.getByRole('link', { name: student.name }).click();
    await expect(guide.getByRole('heading', { level: 1, name: 'Monthly Authentication' })).toBeVisible();
    await guide.getByRole('button', { name: `Show ${label}` }).click();
    const shown = guide.getByRole('region', { name: label });
    await expect(shown).toContainText(M.pending(1, [{ title: 'Teaching Experience', count: 1 }]));
    await expect(shown.getByRole('button', { name: 'Authenticate month' })).toBeDisabled();

    // The last pending entry, opened from the month and verified there.
    await shown
      .getByRole('link', { name: /^Open Teaching Experience entry/ })
      .last()
      .click();
    await expect(guide).toHaveURL(new RegExp(`/task/teaching\\?record=${last}$`));
    const detail = dialog(guide, 'Task Detail');
    await detail.getByRole('button', { name: 'Action' }).click();
    const verify = dialog(guide, 'Verification');
    await choose(guide, verify, 'Status', 'Approved');
    await choose(guide, verify, 'Score', '3 - Good');
    await verify.getByRole('textbox', { name: 'Feedback', exact: true }).fill('Well presented.');
    await verify.getByRole('button', { name: 'Submit' }).click();
    await expectSuccess(guide, RECORD_MESSAGES.verified);

    // Back on the month: nothing pending; the guide signs it with their password.
    await guide.goto(monthAuthenticationPath(studentId, month));
    await expect(shown).toContainText('2 approved · 0 pending');
    await shown.getByRole('button', { name: 'Authenticate month' }).click();
    const form = dialog(guide, 'Authenticate month');
    await form.getByLabel('Your password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Authenticate month' }).click();
    await expectSuccess(guide, M.authenticated(label));
    await expect(shown).toContainText(`Authenticated by ${DEMO_FACULTY.name}`);
  });

  // The resident's strip: the month authenticated.
  await page.goto('/dashboard');
  const cell = page
    .getByRole('list', { name: 'Months of the course' })
    .getByRole('listitem', { name: `${label}: Authenticated` });
  await expect(cell).toHaveAttribute('data-state', 'authenticated');

  // The verifiable PDF's check page lists the month, signed by the guide.
  const pdf = await page.request.get(`/api/v1/print-logbook/${studentId}/pdf`);
  expect(pdf.status()).toBe(200);
  await page.goto(`/check/${pdf.headers()['x-document-code']}`);
  const months = page.getByRole('table', { name: 'Authenticated months' });
  await expect(months.getByRole('row', { name: new RegExp(label) })).toContainText(DEMO_FACULTY.name);
  await expect(months).toContainText('Authenticated');
});
