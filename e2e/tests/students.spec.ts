import { readFile } from 'node:fs/promises';
import { BONAFIDE_MESSAGES } from '@pgel/shared/reports/bonafide';
import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { PROFILE_MESSAGES } from '@pgel/shared/schemas/profile';
import { STUDENT_ADMIN_MESSAGES } from '@pgel/shared/schemas/students-admin';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { newVerifiedStudent } from '../support/accounts';
import { acknowledge, dialog, loginAs, uniqueEmail } from '../support/fixtures';
import { asStaff, DEMO_HOD, freshStudent } from '../support/journeys';
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

test('the HOD certifies a student once the profile is complete; the certificate QR checks genuine', async ({
  page,
  browser,
}, testInfo) => {
  const student = await freshStudent(page, testInfo, 'bonafide', 'Kavya Pillai');

  // The HOD sees why the switch is off, until the profile holds what the certificate prints.
  await asStaff(
    browser,
    testInfo,
    async (hod) => {
      await hod.goto('/allStudent');
      await hod.getByRole('searchbox', { name: 'Search' }).fill(student.name);
      const table = hod.getByRole('table', { name: 'Students' });
      await expect(table.getByRole('row')).toHaveCount(2);
      const toggle = table.getByRole('switch', { name: `${BONAFIDE_MESSAGES.columnLabel}: ${student.name}` });
      await expect(toggle).toBeDisabled();
      await expect(table).toContainText("Profile lacks: Father's or mother's name, joining date");

      const profile = (await (await page.request.get('/api/v1/profile')).json()).profile;
      const saved = await page.request.put('/api/v1/profile', {
        data: {
          ...Object.fromEntries(
            ['dob', 'bloodGroup', 'vaccinationStatus', 'registrationNumber', 'medicalCouncil', 'validUpto']
              .concat(['address', 'regDate', 'university', 'universityRollNo', 'collegeRollNo', 'motherName'])
              .concat(['unitHeadId', 'profilePicFileId', 'idProofFileId'])
              .map((key) => [key, null]),
          ),
          name: profile.name,
          fatherName: 'Suresh Pillai',
          joiningDate: '2024-08-01',
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);

      await hod.reload();
      await hod.getByRole('searchbox', { name: 'Search' }).fill(student.name);
      await expect(toggle).toBeEnabled();
      await toggle.click({ force: true });
      await dialog(hod, BONAFIDE_MESSAGES.confirmTitle).getByRole('button', { name: 'Yes, certify' }).click();
      await expect(dialog(hod, 'Success')).toContainText(/Reference BON\/\d{4}-\d{2}\/\d{6}/);
    },
    DEMO_HOD.email,
  );

  // The student's notice leads to the profile, where the certificate downloads.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await page.getByRole('menuitem', { name: /Bonafide Certificate is ready/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: BONAFIDE_MESSAGES.download }).click(),
  ]);
  const pdf = mupdf.Document.openDocument(await readFile(await download.path()), 'application/pdf');
  const pixmap = pdf.loadPage(0).toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, true);
  const qr = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight());
  const checkPath = new URL(qr?.data ?? 'http://none/').pathname;
  expect(checkPath).toMatch(/^\/check\/[0-9A-Z]{10}$/);

  await page.goto(checkPath);
  await expect(page.getByText('genuine', { exact: true })).toBeVisible();
  await expect(page.getByText(student.name)).toBeVisible();
  await expect(page.getByText(/^BON\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
});
