import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { REFERENCE_ADMIN_MESSAGES } from '@pgel/shared/schemas/reference-admin';
import { expect, test } from '@playwright/test';
import { acknowledge, dialog, loginAs } from '../support/fixtures';

test('Master adds a college with departments and a competency list "A, B, C"', async ({ page }, testInfo) => {
  const college = `Kasturba Institute ${testInfo.project.name} ${Date.now()}`;
  await loginAs(page, 'staff', 'master@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'College' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'College List' })).toBeVisible();

  await page.getByRole('button', { name: 'Add College' }).click();
  const add = dialog(page, 'Add College');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(REFERENCE_ADMIN_MESSAGES.collegeFillAll);
  await acknowledge(page, VALIDATION_TITLE);
  await add.getByLabel('Name', { exact: true }).fill(college);
  await add.getByLabel('Phone').fill('2212345678');
  await add.getByLabel('Email').fill('office@kasturba.example');
  await add.getByLabel('Address').fill('Civil Lines');
  await add.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Maharashtra' }).click();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, 'Success')).toContainText(REFERENCE_ADMIN_MESSAGES.collegeAdded);
  await expect(dialog(page, 'Success')).toHaveCount(0, { timeout: 5000 });

  const table = page.getByRole('table', { name: 'Colleges' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(college);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Edit departments of ${college}` }).click();
  const edit = dialog(page, 'Edit Departments');
  await edit.getByRole('checkbox', { name: 'General Medicine' }).check();
  await edit.getByRole('checkbox', { name: 'Forensic Medicine' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, 'Success')).toContainText(REFERENCE_ADMIN_MESSAGES.departmentsUpdated);
  await expect(table).toContainText('General Medicine');
  await expect(table).toContainText('Forensic Medicine');

  // The new college is offered at sign-up with its two departments.
  const colleges = await (await page.request.get('/api/v1/colleges')).json();
  const created = colleges.items.find((c: { name: string }) => c.name === college);
  const departments = await (await page.request.get(`/api/v1/colleges/${created.id}/departments`)).json();
  expect(departments.items.map((d: { name: string }) => d.name).sort()).toEqual([
    'Forensic Medicine',
    'General Medicine',
  ]);

  await page.goto('/computency');
  await expect(page.getByRole('heading', { level: 1, name: 'Competency List' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Competency' }).click();
  const competency = dialog(page, 'Add Competency');
  await competency.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Forensic Medicine' }).click();
  await competency.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Procedure' }).click();
  const letters = `${testInfo.project.name}-${Date.now()}`;
  await competency.getByLabel('Competencies').fill(`A ${letters}, B ${letters}, C ${letters}`);
  await expect(competency).toContainText('3 competencies will be added');
  await competency.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, 'Success')).toContainText('3 competencies added successfully');

  await page.getByRole('searchbox', { name: 'Search' }).fill(letters);
  const rows = page.getByRole('table', { name: 'Competencies' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const letter of ['A', 'B', 'C']) {
    await expect(page.getByRole('table', { name: 'Competencies' })).toContainText(`${letter} ${letters}`);
  }
  await expect(page.getByRole('table', { name: 'Competencies' })).toContainText('Procedure');

  // The departments catalogue: the national list is there, and Master adds a department.
  await nav.getByRole('link', { name: 'Departments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Departments' })).toBeVisible();
  const department = `Medical Genetics ${letters}`;
  await page.getByRole('button', { name: 'Add Department' }).click();
  const addDepartment = dialog(page, 'Add Department');
  await addDepartment.getByLabel('Department name').fill(department);
  await addDepartment.getByLabel('Courses').fill(`MD ${department}\nDM ${department}`);
  await expect(addDepartment).toContainText('2 courses will be added');
  await addDepartment.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, 'Success')).toContainText(REFERENCE_ADMIN_MESSAGES.departmentAdded);
  await page.getByRole('searchbox', { name: 'Search' }).fill(department);
  const departmentRows = page.getByRole('table', { name: 'Departments' }).getByRole('row');
  await expect(departmentRows).toHaveCount(2);
  await expect(departmentRows.nth(1)).toContainText(`MD ${department}`);
  await expect(departmentRows.nth(1)).toContainText(`DM ${department}`);
});

test('staff manage institutions; a HOD has no access to the Master pages', async ({ page }, testInfo) => {
  await loginAs(page, 'staff', 'hod@demo.test');
  await page.goto('/addInstitute');
  await expect(page.getByRole('heading', { level: 1, name: 'Institution List' })).toBeVisible();
  const name = `District Hospital ${testInfo.project.name} ${Date.now()}`;
  await page.getByRole('button', { name: 'Add Institution' }).click();
  const add = dialog(page, 'Add Institution');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, VALIDATION_TITLE)).toContainText(REFERENCE_ADMIN_MESSAGES.institutionFillAll);
  await acknowledge(page, VALIDATION_TITLE);
  await add.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Delhi' }).click();
  await add.getByLabel('Name').fill(name);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page, 'Success')).toContainText(REFERENCE_ADMIN_MESSAGES.institutionAdded);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog(page, 'Are you sure?').getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog(page, 'Deleted!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Institutions' })).not.toContainText(name);

  await page.goto('/addCollege');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  expect((await page.request.get('/api/v1/admin/colleges')).status()).toBe(403);
});
