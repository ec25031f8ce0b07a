import {
  CHANGE_PASSWORD_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  RESET_PASSWORD_MESSAGES,
} from '@pgel/shared/schemas/auth';
import { expect, test } from '@playwright/test';
import { newVerifiedStudent } from '../support/accounts';
import { acknowledge, dialog, loginAs, uniqueEmail } from '../support/fixtures';
import { waitForMailLink } from '../support/mail';

test('forgot password: the mailed link sets a new password', async ({ page }, testInfo) => {
  const email = uniqueEmail('forgetful', testInfo.project.name);
  await newVerifiedStudent(page, email, 'Original@123');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const prompt = dialog(page, FORGOT_PASSWORD_MESSAGES.title);
  await prompt.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(prompt).toContainText(FORGOT_PASSWORD_MESSAGES.required);
  await prompt.getByLabel('Email').fill('nope');
  await prompt.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(prompt).toContainText(FORGOT_PASSWORD_MESSAGES.invalid);
  await prompt.getByLabel('Email').fill(email);
  await prompt.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog(page, FORGOT_PASSWORD_MESSAGES.sentTitle)).toContainText(FORGOT_PASSWORD_MESSAGES.sent);
  await acknowledge(page, FORGOT_PASSWORD_MESSAGES.sentTitle);

  const link = await waitForMailLink(email, /reset/i);
  await page.goto(link);
  await page.getByLabel('New Password').fill('Changed@456');
  await page.getByLabel('Confirm Password').fill('Changed@456');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(RESET_PASSWORD_MESSAGES.success)).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Original@123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, LOGIN_MESSAGES.failedTitle)).toBeVisible();
  await acknowledge(page, LOGIN_MESSAGES.failedTitle);
  await loginAs(page, 'student', email, 'Changed@456', '/profile');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New Password').fill('Another@789');
  await page.getByLabel('Confirm Password').fill('Another@789');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog(page, 'Error')).toContainText(RESET_PASSWORD_MESSAGES.invalidLink);
});

test('a signed-in user changes their password from the profile menu', async ({ page }, testInfo) => {
  const email = uniqueEmail('changer', testInfo.project.name);
  await newVerifiedStudent(page, email, 'Original@123');
  await loginAs(page, 'student', email, 'Original@123', '/profile');

  await page.getByRole('button', { name: 'Hello, Ravi Kumar' }).click();
  await page.getByRole('menuitem', { name: 'Update Password' }).click();
  const modal = dialog(page, 'Update Password');
  await modal.getByRole('button', { name: 'Update Password' }).click();
  await expect(modal.getByRole('alert')).toContainText(CHANGE_PASSWORD_MESSAGES.allRequired);
  await modal.getByLabel('Current Password').fill('Original@123');
  await modal.getByLabel('New Password').fill('Updated@789');
  await modal.getByLabel('Confirm Password').fill('Different@789');
  await modal.getByRole('button', { name: 'Update Password' }).click();
  await expect(modal.getByRole('alert')).toContainText(CHANGE_PASSWORD_MESSAGES.mismatch);
  await modal.getByLabel('Current Password').fill('Wrong@0000');
  await modal.getByLabel('Confirm Password').fill('Updated@789');
  await modal.getByRole('button', { name: 'Update Password' }).click();
  await expect(modal.getByRole('alert')).toContainText(CHANGE_PASSWORD_MESSAGES.failed);
  await modal.getByLabel('Current Password').fill('Original@123');
  await modal.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog(page, CHANGE_PASSWORD_MESSAGES.successTitle)).toContainText(
    CHANGE_PASSWORD_MESSAGES.success,
  );
  await acknowledge(page, CHANGE_PASSWORD_MESSAGES.successTitle);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await loginAs(page, 'student', email, 'Updated@789', '/profile');
});
