import { ENTRY_FORM_MESSAGES } from '@pgel/shared/records/entry-form';
import { findKind } from '@pgel/shared/records/kinds';
import { expect, test } from '@playwright/test';
import { dialog, loginAs } from '../support/fixtures';
import { logLumbarPuncture } from '../support/journeys';

// Issue 29, faster entry: a new procedure starts from the student's last one (never its
// patient), and a pinned skill comes first in the list.

const procedure = findKind('procedure');
if (!procedure) throw new Error('record kinds missing');
const FACULTY = 'Dr. Demo Professor';

test.use({ viewport: { width: 390, height: 844 } });

test('a new procedure starts from the last one without its patient; a pinned skill comes first', async ({
  page,
}) => {
  await loginAs(page, 'student', 'student@demo.test');
  const run = Date.now() % 100000;
  const { competency } = await logLumbarPuncture(page, {
    patient: `Meera Pillai ${run}`,
    ipd: `IPD-R${run}`,
    role: 'Assisted',
    remark: `Remark ${run}`,
  });
  const manometry = `Manometry ${run}`;
  const added = await page.request.post('/api/v1/records/options/skills', {
    data: { competencyId: competency, title: manometry },
  });
  expect(added.status()).toBe(201);

  await page.goto('/task/procedure');
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, procedure.formTitle);
  const combobox = (name: string) => form.getByRole('combobox', { name, exact: true });
  await expect(form.getByRole('status')).toContainText(ENTRY_FORM_MESSAGES.repeatedFrom);
  await expect(combobox('Competency')).toHaveValue('Lumbar puncture');
  await expect(combobox('Skill')).toHaveValue('CSF collection');
  await expect(combobox('Guiding Faculty')).toHaveValue(FACULTY);
  await expect(form.getByRole('radio', { name: 'Assisted' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Patient Name', exact: true })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'IPD/OPD No.', exact: true })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Remark', exact: true })).toHaveValue('');

  // Pin the new skill: it comes first in the list, under Pinned.
  await combobox('Skill').click();
  await page.getByRole('listbox').getByRole('option', { name: manometry, exact: true }).click();
  await form.getByRole('button', { name: ENTRY_FORM_MESSAGES.pin(manometry) }).click();
  await expect(form.getByRole('button', { name: ENTRY_FORM_MESSAGES.unpin(manometry) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await combobox('Skill').click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(manometry);
  await combobox('Skill').click();

  // Clear: a blank form (today's date only).
  await form.getByRole('button', { name: ENTRY_FORM_MESSAGES.repeatedClear, exact: true }).click();
  await expect(combobox('Competency')).toHaveValue('');
  await expect(form.getByRole('status')).toHaveCount(0);
});
