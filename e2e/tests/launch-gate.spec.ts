import { LAUNCH } from '@pgel/shared/schemas/settings';
import { expect, test } from '@playwright/test';
import { acknowledge, dialog } from '../support/fixtures';

// Runs against the app started with LAUNCH_PASSWORD (project 'launch-gate').
test('the launch gate: wrong password, countdown, welcome, then the site is open', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/launching$/);
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/launching$/);

  await page.getByLabel('Launch Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(dialog(page, 'Error')).toContainText(LAUNCH.incorrectPassword);
  await acknowledge(page, 'Error');

  // The password never reaches the browser: it is not in the public settings.
  const settings = await (await page.request.get('/api/v1/settings/public')).text();
  expect(settings).not.toContain('open-sesame-2026');

  await page.getByLabel('Launch Password').fill('open-sesame-2026');
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('heading', { name: LAUNCH.launched })).toBeVisible({ timeout: 15_000 });
  const guests = page.getByRole('main').getByRole('img');
  await expect(guests).toHaveCount(2);
  await expect(page).toHaveURL(/:\d+\/$/, { timeout: 15_000 });

  // Launched for everyone: the gate is gone.
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/contact$/);
  await page.goto('/launching');
  await expect(page).toHaveURL(/:\d+\/$/);
});
