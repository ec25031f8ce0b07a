import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';

/** The app's dialog with this title (Mantine modal, named by its title). */
export function dialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

/** Closes a message dialog with its OK button, as a user would. */
export async function acknowledge(page: Page, title: string) {
  const box = dialog(page, title);
  await box.getByRole('button', { name: 'OK' }).click();
  await expect(box).toHaveCount(0);
}

/**
 * Signs in through the login tab for that kind of account and waits for the page it lands on:
 * the dashboard, the profile for a student not yet verified by the HOD or without a joining
 * date (spec 01 section 2.4), or the package page for a student who has not paid (issue 13).
 */
export async function loginAs(
  page: Page,
  kind: 'student' | 'staff',
  email: string,
  password = DEMO_PASSWORD,
  landing: '/dashboard' | '/profile' | '/cart' = '/dashboard',
) {
  // The login page sends a signed-in visitor to the dashboard: end any earlier session first
  // (a journey that switches accounts may have left /logout before it finished).
  await page.request.post('/api/v1/auth/logout');
  await page.goto(kind === 'student' ? '/login' : '/staffLogin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${landing}$`));
}

/** A unique address per test run and project, so both databases' runs never collide. */
export function uniqueEmail(prefix: string, project: string): string {
  return `${prefix}.${project}.${Date.now()}@example.test`;
}

/**
 * The first sign-in of an account with a mailed (or Master-set) password: the page asks for an
 * own password before anything else (issue 27). Fills it in and waits for the page to go on.
 */
export async function chooseOwnPassword(page: Page, temporaryPassword: string, newPassword: string) {
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await page.getByLabel('Temporary Password').fill(temporaryPassword);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await acknowledge(page, 'Password Updated');
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toHaveCount(0);
}
