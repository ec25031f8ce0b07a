import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { PACKAGE_MESSAGES } from '@pgel/shared/commerce/packages';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { formatInr, priceBreakdown } from '@pgel/shared/commerce/pricing';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { expect, test } from '@playwright/test';
import { newVerifiedStudent } from '../support/accounts';
import { acknowledge, dialog, loginAs, uniqueEmail } from '../support/fixtures';
import { expectSuccess, rowWith } from '../support/journeys';
import { waitForMail } from '../support/mail';

test('Master creates a coupon, sees it available, and deletes it after confirming its code', async ({
  page,
}, testInfo) => {
  const code = `SAVE${testInfo.project.name.slice(0, 2).toUpperCase()}${Date.now() % 1e6}`;
  await loginAs(page, 'staff', 'master@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Coupons' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Coupon' }).first().click();
  const create = dialog(page, 'Create Coupon');
  await create.getByLabel('Quantity').fill('0');
  await create.getByLabel('Discount (INR)').fill('500');
  await create.getByLabel('Code').fill(code);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(COUPON_MESSAGES.valueNotPositive);
  await acknowledge(page, VALIDATION_TITLE);
  await create.getByLabel('Quantity').fill('3');
  await create.getByLabel('Code').fill('ABC');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(COUPON_MESSAGES.codeTooShort);
  await acknowledge(page, VALIDATION_TITLE);
  await create.getByLabel('Code').fill(code.toLowerCase());
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expectSuccess(page, COUPON_MESSAGES.created);

  const table = page.getByRole('table', { name: 'Coupons' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  const row = rowWith(table, code);
  await expect(row).toContainText('₹ 500');
  await expect(row).toContainText('3');
  await expect(row).toContainText('Available');

  await row.getByRole('button', { name: `Delete coupon ${code}` }).click();
  const confirm = dialog(page, COUPON_MESSAGES.confirmTitle);
  await expect(confirm).toContainText(COUPON_MESSAGES.confirmDelete(code));
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog(page, 'Deleted!')).toContainText(COUPON_MESSAGES.deleted);
  await expect(dialog(page, 'Deleted!')).toHaveCount(0, { timeout: 5000 });
  await expect(rowWith(table, code)).toHaveCount(0);
});

test('a student pays for the Single package and finds the GST tax invoice on the profile and in the mail', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('invoice.student', testInfo.project.name);
  const password = 'Resident@2026';
  await newVerifiedStudent(page, email, password, 'Meera Pillai', { paid: false });
  await loginAs(page, 'student', email, password, '/cart');

  // Single: ₹ 9,999 plus 18 % GST, through the sandbox gateway.
  const total = formatInr(priceBreakdown(999900).totalPaise);
  await page
    .getByRole('article')
    .filter({ hasText: 'Single' })
    .getByRole('button', { name: 'Buy Now' })
    .click();
  await dialog(page, 'Payment')
    .getByRole('button', { name: `Proceed to pay ${total}` })
    .click();
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await dialog(page, PAYMENT_MESSAGES.confirmTitle).getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('button', { name: 'Pay (test success)' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });

  // The mail names the invoice and leads to the profile, where it is kept.
  const mail = await waitForMail(email, /^Tax invoice INV\//);
  const number = /Invoice number:\s+(INV\/\d{2}-\d{2}\/\d{6})/.exec(mail.text)?.[1] ?? '';
  expect(number).not.toBe('');
  expect(mail.text).toContain(total);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
  expect(link).toBe(`${testInfo.project.use.baseURL}/profile#invoices`);

  await page.goto(link);
  const invoices = page.getByRole('region', { name: 'Tax invoices' });
  await expect(invoices).toContainText(number);
  await expect(invoices).toContainText(total);
  const download = page.waitForEvent('download');
  await invoices.getByRole('button', { name: `Download invoice ${number}` }).click();
  expect((await download).suggestedFilename()).toBe(`Invoice-${number.replaceAll('/', '-')}.pdf`);
});

test('Master enables Group for the demo college; its new resident is offered Single and Group only', async ({
  page,
}, testInfo) => {
  await loginAs(page, 'staff', 'master@demo.test');
  await page.goto('/addCollege');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Demo Medical College');
  await page.getByRole('button', { name: 'Packages of Demo Medical College' }).click();
  const packages = dialog(page, 'Packages');
  // Single is every college's; the others are Master's choice per college.
  await expect(packages.getByRole('checkbox', { name: 'Single' })).toBeChecked();
  await expect(packages.getByRole('checkbox', { name: 'Single' })).toBeDisabled();
  await packages.getByRole('checkbox', { name: 'Group' }).check();
  await packages.getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page, PACKAGE_MESSAGES.collegePackagesSaved);

  await page.goto('/managePackages');
  await expect(page.getByRole('listitem', { name: 'Group' })).toContainText(
    'Offered to 1 college: Demo Medical College',
  );

  const email = uniqueEmail('offered', testInfo.project.name);
  await newVerifiedStudent(page, email, 'Logbook@123', 'Meera Nair', { paid: false });
  await loginAs(page, 'student', email, 'Logbook@123', '/cart');
  await expect(page.getByRole('article', { name: 'Single' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Group' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);

  // Master takes it back (the other journeys see the demo college as seeded).
  await loginAs(page, 'staff', 'master@demo.test');
  await page.goto('/addCollege');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Demo Medical College');
  await page.getByRole('button', { name: 'Packages of Demo Medical College' }).click();
  await dialog(page, 'Packages').getByRole('checkbox', { name: 'Group' }).uncheck();
  await dialog(page, 'Packages').getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page, PACKAGE_MESSAGES.collegePackagesSaved);
});
