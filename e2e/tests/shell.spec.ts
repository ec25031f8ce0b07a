import { LOGOUT_MESSAGES, SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import { NOTIFICATION_TEXT } from '@pgel/shared/schemas/notifications';
import { expect, test } from '@playwright/test';
import { newVerifiedStudent } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { dialog, loginAs, uniqueEmail } from '../support/fixtures';

const accounts = [
  { email: 'student@demo.test', kind: 'student' as const, name: 'Demo Student' },
  { email: 'faculty@demo.test', kind: 'staff' as const, name: 'Dr. Demo Professor' },
  { email: 'hod@demo.test', kind: 'staff' as const, name: 'Dr. Demo HOD' },
  { email: 'master@demo.test', kind: 'staff' as const, name: 'Demo Master' },
];

for (const account of accounts) {
  test(`the shell for ${account.email}: sidebar, menus and footer`, async ({ page }) => {
    await loginAs(page, account.kind, account.email);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Support' })).toBeVisible();
    // Master's commerce screens are linked for Master only.
    await expect(nav.getByRole('link', { name: 'Coupons' })).toHaveCount(
      account.email === 'master@demo.test' ? 1 : 0,
    );
    // Reports are for staff; every account prints a logbook (issue 14).
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(account.kind === 'staff' ? 1 : 0);
    await expect(nav.getByRole('link', { name: 'Print Logbook' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('PG e-Logbook. All rights reserved.');
    // No page of the shell today carries the floating add button.
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: `Hello, ${account.name}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });
}

test('the dashboard has no serious accessibility violations, and narrow screens toggle the sidebar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, 'student', 'student@demo.test');
  await expect(page.getByRole('banner')).toContainText('Demo Medical College');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await expectNoSeriousA11yViolations(page);
});

test('a new student reads the welcome notification, which marks it read and opens the profile', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('notified', testInfo.project.name);
  await newVerifiedStudent(page, email, 'Notified@123', 'Kavya Nair');
  await loginAs(page, 'student', email, 'Notified@123', '/profile');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByRole('menuitem', { name: new RegExp(NOTIFICATION_TEXT.welcome.slice(0, 30)) }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('after 50 minutes without activity the user is signed out', async ({ page }) => {
  await page.clock.install();
  await loginAs(page, 'student', 'student@demo.test');
  await page.mouse.move(10, 10);
  await page.clock.fastForward('40:00');
  await page.mouse.move(50, 50);
  await page.clock.fastForward('40:00');
  // Activity 40 minutes ago kept the session alive.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.clock.fastForward('11:00');
  const expired = dialog(page, SESSION_MESSAGES.expiredTitle);
  await expect(expired).toContainText(SESSION_MESSAGES.expiredText);
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
});

test('a page whose code fails to download offers a reload and keeps the session', async ({ page }) => {
  await loginAs(page, 'student', 'student@demo.test');
  // A deploy in progress or a dropped network: no further script of the app can be fetched.
  await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Hello, Demo Student' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const panel = page.getByRole('alert');
  await expect(panel).toContainText('A new version is available or the network dropped.');
  await expect(page.getByText(LOGOUT_MESSAGES.text)).toHaveCount(0);
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(200);

  // Back online: Reload opens the page, still signed in.
  await page.unroute('**/assets/*.js');
  await panel.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});
