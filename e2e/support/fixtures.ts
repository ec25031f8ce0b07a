import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';

/** The dialog the app is showing (Mantine modal), found by its title. */
export function dialog(page: Page, title: string) {
  return page.getByRole('dialog').filter({ hasText: title });
}

/** Closes whatever dialog is open, the way a user would: its button, or Escape. */
export async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Signs in through the login page's tab for that kind of account, and waits for the dashboard. */
export async function loginAs(page: Page, kind: 'student' | 'staff', email: string, password = DEMO_PASSWORD) {
  await page.goto(kind === 'student' ? '/login' : '/staffLogin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
