import { PROFILE_MESSAGES } from '@pgel/shared/schemas/profile';
import { expect, test } from '@playwright/test';
import { newVerifiedStudent } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { acknowledge, dialog, loginAs, uniqueEmail } from '../support/fixtures';

// A real 1x1 PNG and a minimal PDF, made here so the test needs no fixtures on disk.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a new student completes the profile with a photo and ID proof; the alerts follow', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('profile', testInfo.project.name);
  await newVerifiedStudent(page, email, 'Profile@123', 'Nikhil Rao');
  await loginAs(page, 'student', email, 'Profile@123', '/profile');

  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.verificationAlert })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.updateAlert })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAttribute('readonly', '');
  // Only faculty choose how verification e-mails arrive.
  await expect(page.getByRole('radio', { name: 'Daily digest' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Joining Date', { exact: true }).fill('01-07-2025');
  await page.getByLabel('Date of Birth', { exact: true }).fill('15-03-1997');
  await page.getByLabel("Father's Name").fill('Suresh Rao');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('combobox', { name: 'Blood Group' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'B+', exact: true }).click();
  await page.getByRole('combobox', { name: 'Unit Head' }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Dr\. Demo Professor/ })
    .click();

  await page
    .getByLabel('Profile Photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded. Save the profile to keep it.').first()).toBeVisible();
  await page
    .getByLabel('College ID Proof')
    .setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Uploaded. Save the profile to keep it.').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, PROFILE_MESSAGES.successTitle)).toContainText(PROFILE_MESSAGES.success);
  await acknowledge(page, PROFILE_MESSAGES.successTitle);
  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.updateAlert })).toHaveCount(0);
  // Verification by the head of department is still pending.
  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.verificationAlert })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Joining Date', { exact: true })).toHaveValue('01-07-2025');
  await expect(page.getByLabel("Father's Name")).toHaveValue('Suresh Rao');
  await expect(page.getByRole('combobox', { name: 'Blood Group' })).toHaveValue('B+');
  await expect(page.getByRole('img', { name: 'Profile photo preview' })).toBeVisible();
  await expect(page.locator('iframe[title="id-card.pdf"]')).toHaveCSS('height', '500px');

  // A text file dressed as an image is refused by the server's content check.
  await page.getByLabel('Profile Photo').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text, not an image'),
  });
  await expect(page.getByRole('alert').filter({ hasText: /image file/ })).toBeVisible();
});

test('staff see and edit their own profile, without a unit head', async ({ page }) => {
  await loginAs(page, 'staff', 'faculty@demo.test');
  await page.goto('/profile');
  await expect(page.getByRole('combobox', { name: 'Unit Head' })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.updateAlert })).toHaveCount(0);
  await page.getByLabel('Registration Number').fill('DMC-45123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, PROFILE_MESSAGES.successTitle)).toBeVisible();
  await acknowledge(page, PROFILE_MESSAGES.successTitle);

  // Verification e-mails: a daily digest unless they choose one per entry (saved at once).
  const choice = page.getByRole('radiogroup', { name: 'Verification e-mails' });
  await expect(choice.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  // The choice is controlled by the saved value: click, then wait for it to show.
  await choice.getByRole('radio', { name: 'One per entry' }).click();
  await expect(choice.getByRole('radio', { name: 'One per entry' })).toBeChecked();
  await expect(
    page.getByRole('status').filter({ hasText: PROFILE_MESSAGES.verificationMailSaved }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(choice.getByRole('radio', { name: 'One per entry' })).toBeChecked();
  // Back to the default, so other journeys find the demo faculty as seeded.
  // The choice is controlled by the saved value: click, then wait for it to show.
  await choice.getByRole('radio', { name: 'Daily digest' }).click();
  await expect(choice.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await expect(
    page.getByRole('status').filter({ hasText: PROFILE_MESSAGES.verificationMailSaved }),
  ).toBeVisible();
});
