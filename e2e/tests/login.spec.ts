import { LOGIN_MESSAGES, LOGOUT_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { expect, test } from '@playwright/test';
import { acknowledge, DEMO_PASSWORD, dialog, loginAs } from '../support/fixtures';

test('login validation shows the spec’s dialogs', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(LOGIN_MESSAGES.allDetails);
  await acknowledge(page, VALIDATION_TITLE);

  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('whatever1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(LOGIN_MESSAGES.invalidEmail);
  await acknowledge(page, VALIDATION_TITLE);

  await page.getByLabel('Email').fill('student@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, LOGIN_MESSAGES.failedTitle)).toContainText(LOGIN_MESSAGES.wrongCredentials);
  await expect(page).toHaveURL(/\/login$/);
});

test('a visitor without a session is sent to /login, unknown paths go to /', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('student signs in, sees the welcome header and signs out', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await loginAs(page, 'student', 'student@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Demo Student' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Student');
  await expect(main).toContainText('Demo Medical College');
  await expect(main).toContainText('General Medicine');
  await expect(main).toContainText('MD General Medicine');
  await expect(main).toContainText('Dr. Demo Professor');
  // The session lives in an HttpOnly cookie; nothing secret is kept in web storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(stored).not.toMatch(/token/i);

  await page.getByRole('button', { name: 'Hello, Demo Student' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = dialog(page, LOGOUT_MESSAGES.confirmTitle);
  await expect(confirm).toContainText(LOGOUT_MESSAGES.confirmText);
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText(LOGOUT_MESSAGES.text)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('faculty signs in on /staffLogin; the tabs do not mix accounts', async ({ page }) => {
  await page.goto('/staffLogin');
  await expect(page.getByRole('tab', { name: 'Faculty Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);

  // A student account cannot sign in on the faculty tab.
  await page.getByLabel('Email').fill('student@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, LOGIN_MESSAGES.failedTitle)).toContainText(LOGIN_MESSAGES.notStaff);
  await acknowledge(page, LOGIN_MESSAGES.failedTitle);

  await loginAs(page, 'staff', 'faculty@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Dr. Demo Professor' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Professor');

  await page.getByRole('button', { name: 'Hello, Dr. Demo Professor' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await dialog(page, LOGOUT_MESSAGES.confirmTitle).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/staffLogin$/, { timeout: 5000 });
});

test('a faculty account cannot sign in on the student tab', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('faculty@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, LOGIN_MESSAGES.failedTitle)).toContainText(LOGIN_MESSAGES.notStudent);
});

test('what was typed survives a switch of tabs, before and right after it', async ({ page }) => {
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });

  // Typed on the student tab, then the faculty tab: the faculty account signs in there.
  await page.goto('/login');
  await email.fill('faculty@demo.test');
  await page.getByRole('tab', { name: 'Faculty Login' }).click();
  await password.pressSequentially(DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/staffLogin$/);
  await expect(page.getByRole('tab', { name: 'Faculty Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(email).toHaveValue('faculty@demo.test');
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Dr. Demo Professor' })).toBeVisible();
});

test('switching back to the student tab keeps the values and still refuses a faculty account', async ({
  page,
}) => {
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });

  await page.goto('/staffLogin');
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('tab', { name: 'Student Login' }).click();
  await email.pressSequentially('faculty@demo.test');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(email).toHaveValue('faculty@demo.test');
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, LOGIN_MESSAGES.failedTitle)).toContainText(LOGIN_MESSAGES.notStudent);
  await acknowledge(page, LOGIN_MESSAGES.failedTitle);
  await expect(email).toHaveValue('faculty@demo.test');
});
