import { LOGIN_MESSAGES, VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { ADD_HOD_MESSAGES, STAFF_ACCOUNT_TEXT, STAFF_MESSAGES } from '@pgel/shared/schemas/staff-admin';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { acknowledge, chooseOwnPassword, dialog, loginAs, uniqueEmail } from '../support/fixtures';
import { expectRowShows } from '../support/journeys';
import { waitForMail } from '../support/mail';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The new member made by the first journey; the next one blocks and resets them. */
const member = { name: '', email: '', password: '' };

/** The temporary password and the /verifyStaff link of a new staff account's credentials mail. */
async function credentialsOf(email: string): Promise<{ link: string; password: string }> {
  const mail = await waitForMail(email, new RegExp(escapeRegExp(STAFF_ACCOUNT_TEXT.subject)));
  const link = mail.text.match(/https?:\/\/\S+\/verifyStaff\/[^\s<>]+/)?.[0];
  const password = mail.text.match(/Temporary password:\s*(\S+)/)?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(password, mail.text).toBeTruthy();
  return { link: String(link), password: String(password) };
}

/** Signs in at /staffLogin in a browser of its own and expects the sign-in to be refused. */
async function expectStaffLoginRefused(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const other = await context.newPage();
    await other.goto('/staffLogin');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(password);
    await other.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog(other, LOGIN_MESSAGES.failedTitle)).toContainText(LOGIN_MESSAGES.blocked);
  } finally {
    await context.close();
  }
}

/**
 * Signs in at /staffLogin in a browser of its own with a password Master set, chooses an own one
 * (issue 27) and lands on the dashboard.
 */
async function expectStaffLoginWorks(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  ownPassword: string,
) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await loginAs(page, 'staff', email, password);
    await chooseOwnPassword(page, password, ownPassword);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  } finally {
    await context.close();
  }
}

/** A Mantine select: open it by its label and pick the option. */
async function choose(page: Page, scope: ReturnType<typeof dialog>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

// The second journey blocks the member the first one adds: the two run in order, or not at all.
test.describe('a member added by the HOD', () => {
  test.describe.configure({ mode: 'serial' });

  test('the HOD adds a Professor, who verifies the mailed link and signs in with the mailed password', async ({
    page,
    browser,
  }, testInfo) => {
    const run = Date.now() % 100000;
    member.name = `Dr. Nisha Varma ${run}`;
    member.email = uniqueEmail('professor', testInfo.project.name);
    const baseURL = String(testInfo.project.use.baseURL);

    await loginAs(page, 'staff', 'hod@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'All Staff', exact: true })
      .click();
    await expect(page).toHaveURL(/\/allStaff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Staff' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Staff' });
    for (const header of ['Sr.', 'Name', 'Phone', 'Role', 'Status', 'Assigned students', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(table).toContainText('Dr. Demo HOD');
    // Nobody blocks themselves.
    await expect(table.getByRole('switch', { name: 'Active: Dr. Demo HOD' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // The floating add button opens the same modal as the Add Staff button.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const modal = dialog(page, STAFF_MESSAGES.addTitle);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('combobox', { name: 'Role' })).toHaveValue('HOD');
    await expect(modal.getByRole('combobox', { name: 'Country code' })).toHaveValue('+91');
    await modal.getByRole('button', { name: 'Add Staff' }).click();
    await expect(dialog(page, VALIDATION_TITLE)).toContainText(STAFF_MESSAGES.fillAll);
    await acknowledge(page, VALIDATION_TITLE);

    await modal.getByLabel('Name').fill(member.name);
    await modal.getByLabel('Email').fill('hod@demo.test');
    await modal.getByLabel('Phone', { exact: true }).fill('98-7654 3210');
    await expect(modal.getByLabel('Phone', { exact: true })).toHaveValue('9876543210');
    await choose(page, modal, 'Role', 'Professor');
    await expectNoSeriousA11yViolations(page);
    // A taken address: the server's refusal, and the form keeps its values.
    await modal.getByRole('button', { name: 'Add Staff' }).click();
    await expect(dialog(page, 'Error')).toContainText(STAFF_MESSAGES.emailTaken);
    await acknowledge(page, 'Error');
    await expect(modal.getByLabel('Name')).toHaveValue(member.name);

    await modal.getByLabel('Email').fill(member.email);
    await modal.getByRole('button', { name: 'Add Staff' }).click();
    await expect(dialog(page, 'Success')).toContainText(STAFF_MESSAGES.added);
    await expect(modal).toHaveCount(0);
    // Staff success dialogs close by themselves after a second.
    await expect(dialog(page, 'Success')).toHaveCount(0, { timeout: 5000 });

    await page.getByRole('searchbox', { name: 'Search' }).fill(member.name);
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ hasText: member.name });
    await expect(row).toContainText(member.email);
    await expect(row).toContainText('+919876543210');
    await expect(row).toContainText('Professor');
    await expect(row).toContainText('Unverified');

    // Assign Students: at least one, then the demo student.
    await row.getByRole('button', { name: `Assign Students to ${member.name}` }).click();
    const assign = dialog(page, STAFF_MESSAGES.assignTitle);
    await expect(assign.getByRole('checkbox', { name: /Demo Student/ })).not.toBeChecked();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog(page, VALIDATION_TITLE)).toContainText(STAFF_MESSAGES.selectStudents);
    await acknowledge(page, VALIDATION_TITLE);
    await assign.getByRole('searchbox', { name: 'Search students' }).fill('no such student');
    await expect(assign).toContainText('No student matches the search.');
    await assign.getByRole('searchbox', { name: 'Search students' }).fill('demo');
    await assign.getByRole('checkbox', { name: /Demo Student/ }).check();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog(page, 'Success')).toContainText(STAFF_MESSAGES.assigned);
    await expect(assign).toHaveCount(0);
    await expect(row.getByRole('cell').nth(5)).toHaveText('1');

    // The credentials mail: the member opens the link, then signs in with the temporary password.
    const { link, password } = await credentialsOf(member.email);
    expect(link.startsWith(`${baseURL}/verifyStaff/`)).toBe(true);
    const context = await browser.newContext({ baseURL });
    try {
      const professor = await context.newPage();
      await professor.goto(link);
      await expect(professor.getByRole('heading', { name: VERIFY_MESSAGES.successTitle })).toBeVisible();
      await professor.getByRole('button', { name: 'Go to Login' }).click();
      await expect(professor).toHaveURL(/\/staffLogin$/);
      await loginAs(professor, 'staff', member.email, password);
      // A mailed password is replaced by the member's own before anything else (issue 27).
      member.password = 'Own@Choice1';
      await chooseOwnPassword(professor, password, member.password);
      await expect(professor.getByRole('button', { name: `Hello, ${member.name}` })).toBeVisible();
    } finally {
      await context.close();
    }

    // The HOD's list now shows the member as active.
    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: member.name })).toContainText('Active');
  });

  test('the HOD blocks the member, who can no longer sign in; Master unblocks and resets their password', async ({
    page,
    browser,
  }, testInfo) => {
    const baseURL = String(testInfo.project.use.baseURL);

    await loginAs(page, 'staff', 'hod@demo.test');
    await page.goto(`/allStaff?search=${encodeURIComponent(member.name)}`);
    const table = page.getByRole('table', { name: 'Staff' });
    const row = table.getByRole('row').filter({ hasText: member.name });
    const toggle = row.getByRole('switch', { name: `Active: ${member.name}` });
    await expect(toggle).toBeChecked();
    // Mantine draws the switch over a visually hidden input; the click lands on the same input.
    await toggle.click({ force: true });
    const confirm = dialog(page, STAFF_MESSAGES.confirmTitle);
    await expect(confirm).toContainText(STAFF_MESSAGES.confirmBlock);
    await confirm.getByRole('button', { name: 'Yes, block' }).click();
    await expect(dialog(page, 'Success')).toContainText(STAFF_MESSAGES.statusUpdated);
    await expect(toggle).not.toBeChecked();
    await expect(row).toContainText('Blocked');
    await expectStaffLoginRefused(browser, baseURL, member.email, member.password);

    // Edit Staff: the status switch is there too; a phone without its country code is refused.
    await row.getByRole('button', { name: `Edit ${member.name}` }).click();
    const edit = dialog(page, STAFF_MESSAGES.editTitle);
    await expect(edit.getByLabel('Name')).toHaveValue(member.name);
    await expect(edit.getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await edit.getByLabel('Phone', { exact: true }).fill('98765');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page, VALIDATION_TITLE)).toContainText(STAFF_MESSAGES.phoneCountryCode);
    await acknowledge(page, VALIDATION_TITLE);
    await edit.getByLabel('Phone', { exact: true }).fill('9876500000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page, 'Success')).toContainText(STAFF_MESSAGES.updated);
    await expect(row).toContainText('+919876500000');
    await expect(row).toContainText('Blocked');

    // Master: the member is listed as blocked; the Verify switch unblocks them.
    await page.goto('/logout');
    await loginAs(page, 'staff', 'master@demo.test');
    await page.goto(`/allHod?search=${encodeURIComponent(member.name)}`);
    const all = page.getByRole('table', { name: 'Staff' });
    const masterRow = all.getByRole('row').filter({ hasText: member.name });
    await expect(masterRow).toContainText('Blocked');
    const verify = masterRow.getByRole('switch', { name: `Verified: ${member.name}` });
    await expect(verify).not.toBeChecked();
    await verify.click({ force: true });
    const unblock = dialog(page, STAFF_MESSAGES.confirmTitle);
    await expect(unblock).toContainText(STAFF_MESSAGES.confirmUnblock);
    await unblock.getByRole('button', { name: 'Yes, unblock' }).click();
    await expect(dialog(page, 'Success')).toContainText(STAFF_MESSAGES.statusUpdated);
    await expect(verify).toBeChecked();

    await masterRow.getByRole('button', { name: `Reset Password of ${member.name}` }).click();
    const reset = dialog(page, 'Reset Password');
    await reset.getByLabel('New Password').fill('Renewed@123');
    await reset.getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page, 'Success')).toContainText(STAFF_MESSAGES.passwordReset);
    await expect(reset).toHaveCount(0);
    await expectStaffLoginWorks(browser, baseURL, member.email, 'Renewed@123', 'Own@Choice2');
  });
});

test('Master sees All Staffs with the registration date and the Verify switch; the pages are role-gated', async ({
  page,
}) => {
  await loginAs(page, 'staff', 'master@demo.test');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'All Staffs' })
    .click();
  await expect(page).toHaveURL(/\/allHod$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Staffs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Staff' });
  // Department and College may fold into each row's details where the screen is narrow.
  for (const header of ['Sr.', 'Name', 'Phone', 'Role', 'Registration Date', 'Verify']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // The General Medicine HOD (not forensic.hod@demo.test).
  const hod = table.locator('tbody tr:not([data-details])').filter({ hasText: /(^|[^.])hod@demo\.test/ });
  await expect(hod).toContainText('Dr. Demo HOD');
  const registered = (await table.getByRole('columnheader').allTextContents()).indexOf('Registration Date');
  await expect(hod.getByRole('cell').nth(registered)).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
  await expectRowShows(hod, 'General Medicine', 'Demo Medical College');
  await expect(hod.getByRole('switch', { name: 'Verified: Dr. Demo HOD' })).toBeChecked();
  // Master accounts are not listed.
  await expect(table).not.toContainText('master@demo.test');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: 'Role filter' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Professor', exact: true }).click();
  await expect(page).toHaveURL(/role=professor/);
  await expect(table).toContainText('faculty@demo.test');
  await expect(table).not.toContainText('hod@demo.test');

  // The table fits a 1280 px screen without sideways scrolling.
  await page.setViewportSize({ width: 1280, height: 800 });
  const overflow = await table.evaluate((element) => {
    const box = element.parentElement as HTMLElement;
    return box.scrollWidth - box.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(1);

  // /allStaff is the HOD's; /allHod is Master's.
  await page.goto('/allStaff');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await page.goto('/logout');
  await loginAs(page, 'staff', 'hod@demo.test');
  await page.goto('/allHod');
  await expect(page.getByRole('heading', { level: 1, name: 'All Staffs' })).toBeVisible();
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
});

test('the footer Add HOD: titled messages in order, then a new HOD of the same department', async ({
  page,
}, testInfo) => {
  await loginAs(page, 'staff', 'faculty@demo.test');
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Add HOD' })).toHaveCount(0);
  await page.goto('/logout');

  await loginAs(page, 'staff', 'hod@demo.test');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Add HOD' }).click();
  const modal = dialog(page, 'Add HOD');
  const submit = modal.getByRole('button', { name: 'Add HOD' });
  await submit.click();
  await expect(dialog(page, ADD_HOD_MESSAGES.missingTitle)).toContainText(ADD_HOD_MESSAGES.missing);
  await acknowledge(page, ADD_HOD_MESSAGES.missingTitle);

  const name = `Dr. Kiran Shah ${Date.now() % 100000}`;
  const email = uniqueEmail('hod', testInfo.project.name);
  await modal.getByLabel('Name').fill(name);
  await modal.getByLabel('Email').fill('kiran@');
  await modal.getByLabel('Phone').fill('98765');
  await submit.click();
  await expect(dialog(page, ADD_HOD_MESSAGES.invalidEmailTitle)).toContainText(ADD_HOD_MESSAGES.invalidEmail);
  await acknowledge(page, ADD_HOD_MESSAGES.invalidEmailTitle);

  await modal.getByLabel('Email').fill(email);
  await submit.click();
  await expect(dialog(page, ADD_HOD_MESSAGES.invalidPhoneTitle)).toContainText(ADD_HOD_MESSAGES.invalidPhone);
  await acknowledge(page, ADD_HOD_MESSAGES.invalidPhoneTitle);
  await expectNoSeriousA11yViolations(page);

  await modal.getByLabel('Phone').fill('9876543210');
  await submit.click();
  await expect(dialog(page, 'Success')).toContainText(ADD_HOD_MESSAGES.added);
  await expect(modal).toHaveCount(0);
  await credentialsOf(email);

  await page.goto(`/allStaff?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('HOD');
  await expect(row).toContainText('Unverified');
});

test('Master adds staff from a college row, choosing one of its departments', async ({ page }, testInfo) => {
  await loginAs(page, 'staff', 'master@demo.test');
  await page.goto('/addCollege');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Demo Medical College');
  await page.getByRole('button', { name: 'Add Staff to Demo Medical College' }).click();
  const modal = dialog(page, STAFF_MESSAGES.addTitle);
  await expect(modal.getByLabel('College')).toHaveValue('Demo Medical College');

  const name = `Mr. Arun Pal ${Date.now() % 100000}`;
  const email = uniqueEmail('clerk', testInfo.project.name);
  await modal.getByLabel('Name').fill(name);
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Phone', { exact: true }).fill('9876543210');
  await choose(page, modal, 'Role', 'Clerk');
  await modal.getByRole('button', { name: 'Add Staff' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(STAFF_MESSAGES.selectCollege);
  await acknowledge(page, VALIDATION_TITLE);
  await choose(page, modal, 'Department', 'General Medicine');
  await modal.getByRole('button', { name: 'Add Staff' }).click();
  await expect(dialog(page, 'Success')).toContainText(STAFF_MESSAGES.added);
  await expect(modal).toHaveCount(0);
  const mail = await waitForMail(email, new RegExp(escapeRegExp(STAFF_ACCOUNT_TEXT.subject)));
  expect(mail.text).toContain('Clerk');
  expect(mail.text).toContain('General Medicine');

  await page.goto(`/allHod?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Clerk');
  await expect(row).toContainText('Unverified');
});
