import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { expect, test } from '@playwright/test';
import { approveStudent, newVerifiedStudent } from '../support/accounts';
import { loginAs, uniqueEmail } from '../support/fixtures';

// Issue 10: a student whose account the department has not approved yet writes no logbook
// entries. The pages say why instead of offering the forms; once approved, the forms are there.

test('a student awaiting approval is told why instead of offered the forms; once approved, Add is there', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('awaiting', testInfo.project.name);
  const password = 'Awaiting@123';
  await newVerifiedStudent(page, email, password, `Rohan Gupta ${Date.now() % 100000}`);
  await loginAs(page, 'student', email, password, '/profile');

  await page.goto('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: RECORD_MESSAGES.awaitingApproval })).toBeVisible();

  await page.goto('/task/teaching');
  await expect(page.getByRole('heading', { level: 1, name: 'Teaching Experience REPORT' })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: RECORD_MESSAGES.awaitingApproval });
  await expect(notice).toBeVisible();
  // Neither the page's Add nor the floating one.
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);

  await approveStudent(page, email);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(2);
  await expect(notice).toHaveCount(0);
});
