import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { INQUIRY_MESSAGES, VIDEO_MESSAGES } from '@pgel/shared/schemas/settings';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { acknowledge, dialog, loginAs } from '../support/fixtures';
import { waitForMail } from '../support/mail';

test('the landing shows the product, the four packages and the footer links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign-in' })).toHaveAttribute('href', '/login');
  const packages: Array<[string, string]> = [
    ['Single', 'INR 9999'],
    ['Group', 'INR 5999'],
    ['Institutional', 'INR 4999'],
    ['University', 'INR 2999'],
  ];
  for (const [title, price] of packages) {
    const card = page
      .getByRole('heading', { level: 3, name: title, exact: true })
      .locator('xpath=ancestor::*[3]');
    await expect(card).toContainText(price);
  }
  const legal = page.getByRole('navigation', { name: 'Legal' });
  for (const name of ['Terms & Conditions', 'Privacy Policy', 'Refund Policy', 'Disclaimer']) {
    await expect(legal.getByRole('link', { name })).toBeVisible();
  }
  // No video is set on a fresh installation: no button that would open a broken embed.
  await expect(page.getByRole('button', { name: 'Watch Video' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('Master sets the landing page video, visitors watch it, and removing it hides the button', async ({
  page,
}) => {
  await loginAs(page, 'staff', 'master@demo.test');
  const card = page.getByRole('region', { name: 'Landing page video' });
  await card.getByLabel('Video address').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await card.getByRole('button', { name: 'Save video' }).click();
  await expect(dialog(page, 'Saved')).toContainText(VIDEO_MESSAGES.saved);
  await expect(card.getByLabel('Video address')).toHaveValue(
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );

  await page.goto('/');
  await page.getByRole('button', { name: 'Watch Video' }).click();
  await expect(dialog(page, 'PG e-Logbook video').locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'PG e-Logbook video')).toHaveCount(0);

  await page.goto('/dashboard');
  await card.getByRole('button', { name: 'Remove video' }).click();
  await expect(dialog(page, 'Saved')).toContainText(VIDEO_MESSAGES.cleared);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch Video' })).toHaveCount(0);
});

test('the legal pages and the how-it-works timeline are readable', async ({ page }) => {
  await page.goto('/refundPolicy');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('5 days');
  await page.goto('/t&c');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('New Delhi');
  await expect(page.getByText('Effective from 9 April 2025').first()).toBeVisible();
  await page.goto('/disclaimer');
  await expect(page.getByRole('main')).toContainText('National Medical Commission');
  await page.goto('/howtowork');
  await expect(page.getByRole('heading', { level: 2, name: /^Step \d/ })).toHaveCount(7);
});

test('an inquiry is validated, stored, mailed and ends on the thank-you page', async ({ page }, testInfo) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Inquiry form' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(INQUIRY_MESSAGES.allFields);
  await acknowledge(page, VALIDATION_TITLE);

  const subject = `Institutional plan for our college (${testInfo.project.name} ${Date.now()})`;
  await form.getByLabel('Name').fill('Dr. Meera Iyer');
  await form.getByLabel('Phone').pressSequentially('98765432109');
  await expect(form.getByLabel('Phone')).toHaveValue('9876543210');
  await form.getByLabel('Email').fill('meera.iyer@example.test');
  await form.getByLabel('Subject').fill(subject);
  await form
    .getByLabel('Message')
    .fill('We have 40 residents starting in July. Please share the institutional terms.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, INQUIRY_MESSAGES.successTitle)).toContainText(INQUIRY_MESSAGES.success);
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { name: INQUIRY_MESSAGES.thankYouTitle })).toBeVisible();

  const mail = await waitForMail('support@pg-elogbook.in', /New inquiry/);
  expect(mail.text).toContain('Dr. Meera Iyer');
  expect(mail.subject).toContain('Institutional plan for our college');

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test('an institution screen is the login with its own logo, and the header knows a signed-in user', async ({
  page,
}) => {
  await page.goto('/snmc');
  await expect(page.getByRole('heading', { level: 1, name: 'Sarojini Naidu Medical College' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sarojini Naidu Medical College logo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Powered by PG e-Logbook' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Student Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await loginAs(page, 'student', 'student@demo.test');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Student Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
