import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { expect, test } from '@playwright/test';
import { acknowledge, dialog, loginAs } from '../support/fixtures';
import { expectSuccess, rowWith } from '../support/journeys';

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
