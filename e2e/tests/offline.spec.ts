import { initialsOf } from '@pgel/shared/privacy/masking';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { OUTBOX_MESSAGES, signOutWaitingText, waitingLabel } from '@pgel/shared/records/outbox';
import { expect, type Page, test } from '@playwright/test';
import { acknowledge, dialog, loginAs } from '../support/fixtures';
import { logLumbarPuncture, PDF } from '../support/journeys';

// Issue 29: an entry saved with no signal waits on the device, marked "Waiting to sync" and
// counted in the header, and reaches the server exactly once when the signal returns; one the
// server refuses comes back as a draft with the server's message.

const procedure = findKind('procedure');
const extraCurricular = findKind('extra-curricular');
if (!procedure || !extraCurricular) throw new Error('record kind missing');

/**
 * How many of the student's procedures on the server are of this patient and IPD/OPD No.: found
 * by the number (lists search it; never the patient's name), then read in full.
 */
async function entriesOf(page: Page, patient: string, ipd: string): Promise<number> {
  const response = await page.request.get(
    `/api/v1/records?kind=procedure&pageSize=20&search=${encodeURIComponent(ipd)}`,
  );
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: Array<{ id: string; details: { patient?: string } }>;
  };
  let count = 0;
  for (const item of items.filter((candidate) => candidate.details.patient === initialsOf(patient))) {
    const detail = await page.request.get(`/api/v1/records/${item.id}`);
    const full = (await detail.json()) as { details: { patient?: string; ipd?: string } };
    if (full.details.patient === patient && full.details.ipd === ipd) count += 1;
  }
  return count;
}

/** Opens the procedure form online (its lists load), picks the skill, then loses the signal. */
async function startOfflineEntry(page: Page, patient: string, ipd: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, procedure?.formTitle ?? '');
  await expect(form.getByRole('combobox', { name: 'Competency', exact: true })).toHaveValue(
    'Lumbar puncture',
  );
  await form.getByRole('combobox', { name: 'Skill', exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'CSF collection', exact: true }).click();
  await page.context().setOffline(true);
  await form.getByRole('textbox', { name: 'Patient Name', exact: true }).fill(patient);
  await form.getByRole('textbox', { name: 'IPD/OPD No.', exact: true }).fill(ipd);
  await form.getByRole('radio', { name: 'Performed with Guide' }).click();
  await form.getByRole('textbox', { name: 'Remark', exact: true }).fill('Typed with no signal');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, OUTBOX_MESSAGES.savedTitle)).toContainText(OUTBOX_MESSAGES.savedText);
  await acknowledge(page, OUTBOX_MESSAGES.savedTitle);
  await expect(form).toHaveCount(0);
}

/** The student's last procedure: the form proposes its faculty, competency and skill. */
const EARLIER = {
  patient: 'Earlier patient',
  ipd: 'IPD-1000',
  role: 'Observed',
  remark: 'Observed the first one',
};

test.use({ viewport: { width: 390, height: 844 } });

test('an entry saved with no signal waits on the device and reaches the server once; a refused one comes back as a draft', async ({
  page,
}) => {
  await loginAs(page, 'student', 'student@demo.test');
  await logLumbarPuncture(page, EARLIER);
  await page.goto('/task/procedure');

  const run = Date.now() % 100000;
  const patient = `Offline Patient ${run}`;
  await startOfflineEntry(page, patient, `IPD-${run}`);
  const onDevice = page.getByRole('region', { name: 'Entries saved on this device' });
  await expect(onDevice).toContainText(OUTBOX_MESSAGES.waiting);
  await expect(page.getByRole('link', { name: waitingLabel(1) })).toBeVisible();

  // The signal returns: sent once, the badge and the waiting entry go.
  await page.context().setOffline(false);
  await expect(page.getByRole('link', { name: waitingLabel(1) })).toHaveCount(0);
  await expect(onDevice).toHaveCount(0);
  expect(await entriesOf(page, patient, `IPD-${run}`)).toBe(1);

  // A phone whose clock runs two days ahead: the form takes its date for today, the server
  // refuses a date later than its own today.
  await page.clock.setFixedTime(new Date(Date.now() + 2 * 86_400_000));
  const refused = `Refused Patient ${run}`;
  await startOfflineEntry(page, refused, `IPD-${run}-R`);
  await page.context().setOffline(false);
  await expect(onDevice).toContainText(OUTBOX_MESSAGES.rejected);
  await expect(onDevice).toContainText(RECORD_MESSAGES.futureDate);
  await expect(page.getByRole('link', { name: /waiting to sync/ })).toHaveCount(0);
  expect(await entriesOf(page, refused, `IPD-${run}-R`)).toBe(0);

  // Edit opens it with what was typed, the patient's name from the outbox, and the message.
  await onDevice.getByRole('button', { name: /^Edit the entry/ }).click();
  const form = dialog(page, procedure.formTitle);
  await expect(form.getByRole('textbox', { name: 'Patient Name', exact: true })).toHaveValue(refused);
  await expect(form.getByRole('alert').first()).toContainText(RECORD_MESSAGES.futureDate);
});

test('signing out with an entry waiting: Wait stays signed in, keeping it sends it at the next sign-in, discarding deletes it', async ({
  page,
}) => {
  await loginAs(page, 'student', 'student@demo.test');
  await logLumbarPuncture(page, EARLIER);
  const run = Date.now() % 100000;
  await page.goto('/task/procedure');
  const kept = `Kept Patient ${run}`;
  await startOfflineEntry(page, kept, `IPD-${run}-K`);

  const signOut = async () => {
    await page.getByRole('button', { name: 'Hello, Demo Student' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const asked = dialog(page, OUTBOX_MESSAGES.signOutTitle);
    await expect(asked).toContainText(signOutWaitingText(1));
    return asked;
  };
  // Wait: nothing happens, the entry still waits.
  await (await signOut()).getByRole('button', { name: OUTBOX_MESSAGES.signOutWait }).click();
  await expect(dialog(page, OUTBOX_MESSAGES.signOutTitle)).toHaveCount(0);
  await expect(page.getByRole('link', { name: waitingLabel(1) })).toBeVisible();

  // Logout, keep them: signed out with no signal; the same student's next sign-in sends it, once.
  await (await signOut()).getByRole('button', { name: OUTBOX_MESSAGES.signOutKeep }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  // The session the page could not end with no signal is ended as soon as the signal returns.
  await page.context().setOffline(false);
  await expect.poll(async () => (await page.request.get('/api/v1/auth/me')).status()).toBe(401);
  await loginAs(page, 'student', 'student@demo.test');
  await expect.poll(() => entriesOf(page, kept, `IPD-${run}-K`), { timeout: 15_000 }).toBe(1);
  await expect(page.getByRole('link', { name: /waiting to sync/ })).toHaveCount(0);

  // Discard and logout: the entry is gone from the device and never reaches the server.
  await logLumbarPuncture(page, EARLIER);
  await page.goto('/task/procedure');
  const discarded = `Discarded Patient ${run}`;
  await startOfflineEntry(page, discarded, `IPD-${run}-D`);
  await (await signOut()).getByRole('button', { name: OUTBOX_MESSAGES.signOutDiscard }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await page.context().setOffline(false);
  await loginAs(page, 'student', 'student@demo.test');
  await page.goto('/task/procedure');
  await expect(page.getByRole('heading', { name: /Procedures/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entries saved on this device' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /waiting to sync/ })).toHaveCount(0);
  expect(await entriesOf(page, discarded, `IPD-${run}-D`)).toBe(0);
});

test('a certificate picked with no signal waits on the device with its entry and is uploaded with it', async ({
  page,
}) => {
  await loginAs(page, 'student', 'student@demo.test');
  await page.goto('/task/extra-curricular');
  const remark = `Quiz offline ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const form = dialog(page, extraCurricular.formTitle);
  await expect(form.getByRole('textbox', { name: 'Remark', exact: true })).toBeVisible();

  await page.context().setOffline(true);
  await form.getByRole('textbox', { name: 'Remark', exact: true }).fill(remark);
  await form
    .getByLabel(/^Certificate\s*\*?$/)
    .setInputFiles({ name: 'offline-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form).toContainText('offline-certificate.pdf');
  await form.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, OUTBOX_MESSAGES.savedTitle);
  const onDevice = page.getByRole('region', { name: 'Entries saved on this device' });
  await expect(onDevice).toContainText(OUTBOX_MESSAGES.waiting);

  // The signal returns: the file goes up first, then the entry that names it, once.
  await page.context().setOffline(false);
  await expect(onDevice).toHaveCount(0);
  const response = await page.request.get(
    `/api/v1/records?kind=extra-curricular&pageSize=20&search=${encodeURIComponent(remark)}`,
  );
  const { items } = (await response.json()) as {
    items: Array<{ certificate: { originalName: string } | null }>;
  };
  expect(items.map((item) => item.certificate?.originalName)).toEqual(['offline-certificate.pdf']);
});
