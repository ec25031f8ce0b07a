import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { formatInr, priceBreakdown } from '@pgel/shared/commerce/pricing';
import { LOGIN_MESSAGES, VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { SIGNUP_MESSAGES } from '@pgel/shared/schemas/signup';
import { expect, test } from '@playwright/test';
import { createCouponAsMaster } from '../support/accounts';
import { acknowledge, dialog, loginAs, uniqueEmail } from '../support/fixtures';
import { waitForMailLink } from '../support/mail';

test('a new student signs up, verifies the address, signs in, buys a package with a coupon and reaches the dashboard', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('new.student', testInfo.project.name);
  const password = 'Resident@2026';
  await page.goto('/signup');

  // Validation runs in the spec's order.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(SIGNUP_MESSAGES.college);
  await acknowledge(page, VALIDATION_TITLE);

  await page.getByRole('combobox', { name: 'College' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Demo Medical College' }).click();
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'General Medicine' }).click();
  await expect(page.getByRole('combobox', { name: 'Course' })).toHaveValue('MD General Medicine');
  await page.getByLabel('Name').fill('Asha Verma');
  // More than 10 digits cannot be typed.
  await page.getByLabel('Phone').pressSequentially('98765432101');
  await expect(page.getByLabel('Phone')).toHaveValue('9876543210');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(SIGNUP_MESSAGES.terms);
  await acknowledge(page, VALIDATION_TITLE);

  await page.getByRole('button', { name: 'Terms & Conditions' }).click();
  const terms = dialog(page, 'Terms & Conditions');
  for (const item of ['Terms', 'Legal Disclaimer', 'Privacy', 'Contact']) {
    await expect(terms.getByRole('button', { name: item, exact: true })).toBeVisible();
  }
  await terms.getByRole('button', { name: 'I Accept' }).click();
  await expect(page.getByLabel('I accept the Terms & Conditions')).toBeChecked();

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog(page, SIGNUP_MESSAGES.successTitle)).toContainText(SIGNUP_MESSAGES.success);
  await acknowledge(page, SIGNUP_MESSAGES.successTitle);
  await expect(page).toHaveURL(/\/login$/);

  // Not verified yet: sign-in is refused with a clear message.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page, LOGIN_MESSAGES.failedTitle)).toContainText(LOGIN_MESSAGES.emailNotVerified);
  await acknowledge(page, LOGIN_MESSAGES.failedTitle);

  const link = await waitForMailLink(email, /verify/i);
  expect(link).toMatch(new RegExp(`^${testInfo.project.use.baseURL}/verify/`));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: VERIFY_MESSAGES.successTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Not paid yet: sign-in lands on the packages, and the app's pages lead back there.
  await loginAs(page, 'student', email, password, '/cart');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/cart$/);

  // Buys the Single package with a coupon through the sandbox gateway (no keys configured).
  const coupon = await createCouponAsMaster(
    page,
    `WELCOME${testInfo.project.name.length}${Date.now() % 1e6}`,
    1000,
  );
  const single = page.getByRole('article').filter({ hasText: 'Single' });
  await single.getByRole('button', { name: 'Buy Now' }).click();
  const modal = dialog(page, 'Payment');
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal).toContainText(COUPON_MESSAGES.codeRequired);
  await modal.getByLabel('Coupon code').fill(coupon.toLowerCase());
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal.getByRole('status')).toContainText(COUPON_MESSAGES.applied);
  // ₹ 9,999 less ₹ 1,000 = ₹ 8,999, plus 18 % GST (₹ 1,619.82).
  const total = formatInr(priceBreakdown(999900, 100000).totalPaise);
  expect(total).toBe('₹ 10,618.82');
  await expect(modal).toContainText('₹ 1,619.82');
  await modal.getByRole('button', { name: `Proceed to pay ${total}` }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await dialog(page, PAYMENT_MESSAGES.confirmTitle).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await expect(page.getByText(PAYMENT_MESSAGES.sandboxLabel)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(total);
  await page.getByRole('button', { name: 'Pay (test success)' }).click();
  // 'Payment Successful' shows for the 2 s until the student is signed in again (a new session)
  // and on the dashboard; a slow machine may pass it before a check could see it.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Welcome, Asha Verma' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Demo Medical College');
  const me = await (await page.request.get('/api/v1/auth/me')).json();
  expect(me.user.paid).toBe(true);
});

test('a bad verification link fails with a way back to sign-up', async ({ page }) => {
  await page.goto('/verify/this-is-not-a-token');
  await expect(page.getByRole('heading', { name: VERIFY_MESSAGES.failedTitle })).toBeVisible();
  await expect(page.getByText(VERIFY_MESSAGES.invalidLink)).toBeVisible();
  await page.getByRole('button', { name: 'Go to Signup' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});
