import { TEACHING_TYPES } from '@pgel/shared/records/kinds/options';
import { SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import { expect, test } from '@playwright/test';
import { acknowledge, DEMO_PASSWORD, dialog } from '../support/fixtures';
import { choose, DEMO_FACULTY, freshStudent, optionId } from '../support/journeys';

// Issue 30 section 3: the faculty member standing beside the resident signs an entry off on the
// resident's phone, without anyone signing out.
test.use({ viewport: { width: 390, height: 844 } });

test('a faculty member signs off a pending entry on the resident’s phone', async ({ page }, testInfo) => {
  const resident = await freshStudent(page, testInfo, 'signoff', 'Meera');
  const topic = `Bedside teaching ${Date.now() % 100000}`;
  const created = await page.request.post('/api/v1/records', {
    data: {
      kind: 'teaching',
      date: new Date().toISOString().slice(0, 10),
      teacherId: await optionId(page, 'teachers', DEMO_FACULTY.name),
      studentRemark: 'Taught the juniors',
      details: { trainingType: TEACHING_TYPES[0], topic },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The resident opens the pending entry from their list (a card on a phone).
  await page.goto('/task/teaching');
  const card = page.getByRole('list', { name: 'Teaching Experience report' }).getByRole('listitem').filter({
    hasText: topic,
  });
  await expect(card).toContainText('Pending');
  await card.getByText(topic).click();
  const detail = dialog(page, 'Task Detail');
  await detail.getByRole('button', { name: SIGN_OFF_MESSAGES.action }).click();

  // The faculty member takes the phone: their own e-mail and password, then the verdict.
  const form = dialog(page, SIGN_OFF_MESSAGES.title);
  await expect(form).toContainText(SIGN_OFF_MESSAGES.intro);
  await form.getByRole('textbox', { name: SIGN_OFF_MESSAGES.emailLabel }).fill(DEMO_FACULTY.email);
  await form.getByLabel(SIGN_OFF_MESSAGES.passwordLabel).fill(DEMO_PASSWORD);
  await choose(page, form, 'Status', 'Approved');
  await choose(page, form, 'Score', '3 - Good');
  await form.getByRole('textbox', { name: 'Feedback' }).fill('Explained the signs well at the bedside.');
  const submit = form.getByRole('button', { name: SIGN_OFF_MESSAGES.submit, exact: true });
  // Tapped standing at the bedside: 44 px tall at least.
  expect((await submit.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await submit.click();

  // A notice says who signed; the entry under it now shows the verification as theirs.
  await expect(dialog(page, 'Success')).toContainText(
    SIGN_OFF_MESSAGES.signedOff(DEMO_FACULTY.name, 'approved', 1),
  );
  await acknowledge(page, 'Success');
  await expect(form).toHaveCount(0);
  await expect(detail).toContainText('Approved');
  await expect(detail).toContainText(`${DEMO_FACULTY.name} /`);
  await expect(detail.getByRole('list', { name: 'Score history' })).toContainText(
    SIGN_OFF_MESSAGES.onResidentDevice,
  );

  // The phone is still the resident's alone: same user, no faculty rights.
  const me = await (await page.request.get('/api/v1/auth/me')).json();
  expect(me.user).toMatchObject({ email: resident.email, role: null });
  expect((await page.request.get('/api/v1/records/pending')).status()).toBe(403);

  await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(card).toContainText('Approved');
  await expect(card).toContainText(DEMO_FACULTY.name);
});
