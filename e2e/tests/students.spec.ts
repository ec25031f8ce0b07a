import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { PROFILE_MESSAGES } from '@pgel/shared/schemas/profile';
import { STUDENT_ADMIN_MESSAGES } from '@pgel/shared/schemas/students-admin';
import { expect, test } from '@playwright/test';
import { newVerifiedStudent } from '../support/accounts';
import { acknowledge, dialog, loginAs, uniqueEmail } from '../support/fixtures';
import { waitForMail } from '../support/mail';

test('the HOD approves a new student, who is told and loses the verification alert', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('approved', testInfo.project.name);
  const name = `Leela Das ${Date.now() % 100000}`;
  await newVerifiedStudent(page, email, 'Approve@123', name);

  await loginAs(page, 'staff', 'hod@demo.test');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'All Students' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Students' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('row')).toHaveCount(2);
  // Paid (newVerifiedStudent uses Master's payment switch), not yet approved.
  await expect(table).toContainText('Paid');
  // Mantine draws the switch over a visually hidden input; the click lands on the same input.
  await table.getByRole('switch', { name: `Verified: ${name}` }).click({ force: true });
  const confirm = dialog(page, STUDENT_ADMIN_MESSAGES.confirmTitle);
  await expect(confirm).toContainText(STUDENT_ADMIN_MESSAGES.confirmActivate);
  await confirm.getByRole('button', { name: 'Yes, activate' }).click();
  await expect(dialog(page, 'Success')).toContainText(STUDENT_ADMIN_MESSAGES.activeBan);
  await acknowledge(page, 'Success');
  await expect(table.getByRole('switch', { name: `Verified: ${name}` })).toBeChecked();

  const mail = await waitForMail(email, new RegExp(STUDENT_ADMIN_MESSAGES.approvedTitle));
  expect(mail.text).toContain('start entering data');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  // No joining date yet, so sign-in still lands on the profile, but verification is done.
  await loginAs(page, 'student', email, 'Approve@123', '/profile');
  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.updateAlert })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.verificationAlert })).toHaveCount(
    0,
  );
  await page.getByRole('button', { name: /^Notifications, 2 unread/ }).click();
  await expect(page.getByRole('menuitem', { name: /Dr\. Demo HOD/ })).toContainText('start entering data');
});

test('Master deletes a student, who can no longer sign in', async ({ page }, testInfo) => {
  const email = uniqueEmail('removed', testInfo.project.name);
  const name = `Arjun Mehta ${Date.now() % 100000}`;
  await newVerifiedStudent(page, email, 'Removed@123', name);

  await loginAs(page, 'staff', 'master@demo.test');
  await page.goto('/allStudent');
  await page.getByRole('button', { name: 'Verify selected' }).click();
  await expect(dialog(page, 'Error')).toContainText(STUDENT_ADMIN_MESSAGES.selectStudent);
  await acknowledge(page, 'Error');

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = dialog(page, STUDENT_ADMIN_MESSAGES.confirmTitle);
  await expect(confirm).toContainText(STUDENT_ADMIN_MESSAGES.deleteWarning);
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog(page, 'Success')).toContainText(STUDENT_ADMIN_MESSAGES.deleted);
  await acknowledge(page, 'Success');
  await expect(table).not.toContainText(name);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Removed@123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, LOGIN_MESSAGES.failedTitle)).toBeVisible();
});
