import { VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { PROFILE_MESSAGES } from '@pgel/shared/schemas/profile';
import { STAFF_ACCOUNT_TEXT, TEACHER_MESSAGES } from '@pgel/shared/schemas/staff-admin';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import { STUDENT_ADMIN_MESSAGES } from '@pgel/shared/schemas/students-admin';
import { expect, type Page, test } from '@playwright/test';
import { newVerifiedStudent } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { acknowledge, chooseOwnPassword, dialog, loginAs, uniqueEmail } from '../support/fixtures';
import { waitForMail } from '../support/mail';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Unit Head choices of the student's profile form hold this teacher. */
async function expectUnitHeadChoice(page: Page, teacherName: string) {
  await page.getByRole('combobox', { name: 'Unit Head' }).click();
  await expect(
    page.getByRole('listbox').getByRole('option', { name: `${teacherName} (Professor)` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a student proposes a teacher, who cannot act until the HOD confirms them on /allStaff, then approves the student', async ({
  page,
  browser,
}, testInfo) => {
  const run = Date.now() % 100000;
  const studentEmail = uniqueEmail('pupil', testInfo.project.name);
  const studentName = `Kavya Iyer ${run}`;
  const studentPassword = 'Pupil@12345';
  const teacherEmail = uniqueEmail('teacher', testInfo.project.name);
  const teacherName = `Dr. Meera Pillai ${run}`;

  await newVerifiedStudent(page, studentEmail, studentPassword, studentName);
  await loginAs(page, 'student', studentEmail, studentPassword, '/profile');
  const pending = page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.verificationAlert });
  await expect(pending).toContainText('college ID proof');

  const card = page.getByRole('region', { name: 'My Teachers' });
  await expect(card).toContainText('No teachers added yet');
  await card.getByRole('button', { name: 'Add Teacher' }).click();
  const modal = dialog(page, 'Add Teacher');

  // The shared schema's messages, in its order.
  await modal.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(TEACHER_MESSAGES.fillAll);
  await acknowledge(page, VALIDATION_TITLE);
  await modal.getByLabel('Name').fill(teacherName);
  await modal.getByLabel('Email').fill('not-an-address');
  await modal.getByLabel('Phone').fill('98765');
  await modal.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(TEACHER_MESSAGES.invalidEmail);
  await acknowledge(page, VALIDATION_TITLE);
  await modal.getByLabel('Email').fill(teacherEmail);
  await modal.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(TEACHER_MESSAGES.invalidPhone);
  await acknowledge(page, VALIDATION_TITLE);
  await expect(modal.getByLabel('Phone')).toHaveAttribute('inputmode', 'numeric');
  await modal.getByLabel('Phone').fill('98765 43210');
  await expect(modal.getByLabel('Phone')).toHaveValue('9876543210');

  // Another student's address is refused by the server (409), and the form keeps its values.
  await modal.getByLabel('Email').fill('student@demo.test');
  await modal.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(dialog(page, 'Error')).toContainText(TEACHER_MESSAGES.emailTaken);
  await acknowledge(page, 'Error');
  await expect(modal.getByLabel('Name')).toHaveValue(teacherName);

  await modal.getByLabel('Email').fill(teacherEmail);
  await modal.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(dialog(page, 'Success')).toContainText(TEACHER_MESSAGES.added);
  await expect(modal).toHaveCount(0);
  // The success dialog closes by itself.
  await expect(dialog(page, 'Success')).toHaveCount(0, { timeout: 5000 });

  const row = card.getByRole('listitem').filter({ hasText: teacherName });
  await expect(row).toContainText('Professor');
  // Issue 27: a teacher the student proposed waits for the head of department.
  await expect(row).toContainText('Awaiting confirmation');
  await expectUnitHeadChoice(page, teacherName);
  await expectNoSeriousA11yViolations(page);

  // The teacher's credentials mail: the verification link and a temporary password.
  const mail = await waitForMail(teacherEmail, new RegExp(escapeRegExp(STAFF_ACCOUNT_TEXT.subject)));
  const link = mail.text.match(/https?:\/\/\S+\/verifyStaff\/[^\s<>]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link).toMatch(new RegExp(`^${escapeRegExp(String(testInfo.project.use.baseURL))}/verifyStaff/`));
  const password = mail.text.match(/password[^:\n]*:\s*(\S+)/i)?.[1];
  expect(password, mail.text).toBeTruthy();
  expect(mail.text).toContain(studentName);

  // The teacher, in a browser of their own, opens the link and signs in on the faculty tab.
  const teacherContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const teacher = await teacherContext.newPage();
    await teacher.goto(String(link));
    await expect(teacher.getByRole('heading', { name: VERIFY_MESSAGES.successTitle })).toBeVisible();
    await teacher.getByRole('button', { name: 'Go to Login' }).click();
    await expect(teacher).toHaveURL(/\/staffLogin$/);
    await loginAs(teacher, 'staff', teacherEmail, String(password));
    await chooseOwnPassword(teacher, String(password), 'Teacher@Own1');

    // Awaiting confirmation: whom it waits for, no navigation, and no page of the department.
    await expect(teacher.getByRole('heading', { name: CONFIRMATION_MESSAGES.pageTitle })).toBeVisible();
    await expect(teacher.getByText('Dr. Demo HOD, the head of department')).toBeVisible();
    await expect(
      teacher
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'All Students' }),
    ).toHaveCount(0);
    await teacher.goto('/allStudent');
    await expect(teacher.getByRole('heading', { name: CONFIRMATION_MESSAGES.pageTitle })).toBeVisible();
    await expect(teacher.getByRole('table', { name: 'Students' })).toHaveCount(0);
    // The server refuses it too, whatever the page does.
    const refused = await teacher.request.get('/api/v1/students');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(CONFIRMATION_MESSAGES.awaiting);

    // The HOD confirms the teacher from the To confirm list on /allStaff.
    const hodContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const hod = await hodContext.newPage();
      await loginAs(hod, 'staff', 'hod@demo.test');
      await hod.goto('/allStaff');
      const waiting = hod.getByRole('listitem', { name: `${teacherName}, awaiting confirmation` });
      await expect(waiting).toContainText(`Proposed by ${studentName}`);
      await waiting.getByRole('button', { name: `Confirm ${teacherName}` }).click();
      await dialog(hod, CONFIRMATION_MESSAGES.confirmTitle)
        .getByRole('button', { name: 'Yes, confirm' })
        .click();
      await expect(dialog(hod, 'Confirmed')).toContainText(CONFIRMATION_MESSAGES.confirmed);
      await acknowledge(hod, 'Confirmed');
      await expect(waiting).toHaveCount(0);
    } finally {
      await hodContext.close();
    }

    // Confirmed: the teacher's next page is the department's.
    await teacher.goto('/dashboard');
    await teacher
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'All Students' })
      .click();
    await expect(teacher.getByRole('heading', { level: 1, name: 'All Students' })).toBeVisible();
    await teacher.getByRole('searchbox', { name: 'Search' }).fill(studentName);
    const table = teacher.getByRole('table', { name: 'Students' });
    await expect(table.getByRole('row')).toHaveCount(2);
    // Mantine draws the switch over a visually hidden input; the click lands on the same input.
    await table.getByRole('switch', { name: `Verified: ${studentName}` }).click({ force: true });
    const confirm = dialog(teacher, STUDENT_ADMIN_MESSAGES.confirmTitle);
    await expect(confirm).toContainText(STUDENT_ADMIN_MESSAGES.confirmActivate);
    await confirm.getByRole('button', { name: 'Yes, activate' }).click();
    await expect(dialog(teacher, 'Success')).toContainText(STUDENT_ADMIN_MESSAGES.activeBan);
    await acknowledge(teacher, 'Success');
    await expect(table.getByRole('switch', { name: `Verified: ${studentName}` })).toBeChecked();
  } finally {
    await teacherContext.close();
  }

  // The student, still signed in, reloads: approved, and the teacher is active.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: teacherName })).toContainText('Active');
  await expect(pending).toHaveCount(0);
  await expectUnitHeadChoice(page, teacherName);
});
