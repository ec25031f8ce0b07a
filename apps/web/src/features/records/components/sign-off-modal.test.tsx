import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import { SIGN_OFF_MAX, SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { ReportPage } from './report-page';
import {
  type FakeRoute,
  fakeApi,
  labelled,
  PATIENTLY,
  pickOption,
  readDialog,
  leaveRow as row,
  STUDENT_ID,
  withModals,
} from './test-support';

const PENDING = '00000000-0000-4000-8000-0000000000b1';
const APPROVED = '00000000-0000-4000-8000-0000000000b2';
const LIST_PATH = 'GET /records?page=1&pageSize=10&sort=date&order=desc&kind=leave';

const list = (items: RecordListItem[]): FakeRoute => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});

function renderAs(who: SessionUser, routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  withModals(<ReportPage kindId="leave" />, { initialUrl: '/task/leave' });
  return sent;
}

const resident = sessionUser({ id: STUDENT_ID, name: 'Asha Nair', role: null });
const approvedRow = row(APPROVED, {
  status: 'approved',
  verifiedByName: 'Dr. Rao',
  verifiedAt: '2025-03-11T09:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

// Issue 30: Sign off now, on the resident's phone.
describe('Sign off now', () => {
  it('is offered on the resident’s pending entries only, and never to staff', async () => {
    renderAs(resident, { [LIST_PATH]: list([row(PENDING), approvedRow]) });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), PATIENTLY);
    const [, pendingRow, verifiedRow] = within(table).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(pendingRow).getByRole('button', { name: /^Sign off now/ })).toBeTruthy();
    expect(within(verifiedRow).queryByRole('button', { name: /^Sign off now/ })).toBeNull();
    expect(within(verifiedRow).queryByRole('checkbox')).toBeNull();
  });

  it('is hidden from staff, who verify with Action instead', async () => {
    const faculty = sessionUser({
      id: '00000000-0000-4000-8000-0000000000f2',
      name: 'Dr. Rao',
      role: 'professor',
    });
    renderAs(faculty, {
      [LIST_PATH]: list([row(PENDING)]),
      'GET /students?page=1&pageSize=20&sort=name': list([]),
    });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await within(table).findByRole('button', { name: /^Action/ });
    expect(screen.queryByRole('button', { name: /Sign off/ })).toBeNull();
  });

  it('sends the faculty member’s credentials and verdict with the resident’s session, and says who signed', async () => {
    const message = SIGN_OFF_MESSAGES.signedOff('Dr. Rao', 'approved', 1);
    const sent = renderAs(resident, {
      [LIST_PATH]: list([row(PENDING)]),
      [`POST /records/${PENDING}/sign-off`]: {
        status: 200,
        body: {
          message,
          verifierName: 'Dr. Rao',
          updatedCount: 1,
          record: { ...approvedRow, id: PENDING, canVerify: false, canDelete: false, history: [] },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    fireEvent.click(await within(table).findByRole('button', { name: /^Sign off now/ }));
    const form = await screen.findByRole('dialog', { name: SIGN_OFF_MESSAGES.title }, PATIENTLY);
    expect(form.textContent).toContain(SIGN_OFF_MESSAGES.intro);
    const submit = () =>
      fireEvent.click(within(form).getByRole('button', { name: SIGN_OFF_MESSAGES.submit }));

    // Credentials first, checked with the shared schema's messages.
    submit();
    expect((await readDialog('Validation Failed')).textContent).toContain(SIGN_OFF_MESSAGES.emailRequired);
    const email = within(form).getByRole('textbox', { name: labelled(SIGN_OFF_MESSAGES.emailLabel) });
    expect(email.getAttribute('autocomplete')).toBe('off');
    fireEvent.change(email, { target: { value: ' Rao@Example.test ' } });
    fireEvent.change(within(form).getByLabelText(labelled(SIGN_OFF_MESSAGES.passwordLabel)), {
      target: { value: 'Correct-Horse-9' },
    });
    submit();
    expect((await readDialog('Error')).textContent).toContain(RECORD_MESSAGES.verifyAllFields);
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);

    await pickOption(labelled('Status'), 'Approved', form);
    fireEvent.change(within(form).getByLabelText(labelled('Feedback'), { selector: 'textarea' }), {
      target: { value: 'Seen at the bedside' },
    });
    submit();
    expect((await readDialog('Success')).textContent).toContain(message);
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/records/${PENDING}/sign-off`,
        body: {
          email: 'rao@example.test',
          password: 'Correct-Horse-9',
          status: 'approved',
          remark: 'Seen at the bedside',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SIGN_OFF_MESSAGES.title })).toBeNull());
  });

  it(`selects at most ${SIGN_OFF_MAX} entries and signs them off together`, async () => {
    const ids = Array.from(
      { length: SIGN_OFF_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    );
    renderAs(resident, { [LIST_PATH]: list(ids.map((id) => row(id))) });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(SIGN_OFF_MAX + 2), PATIENTLY);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select all pending entries on this page' }));
    expect((await readDialog('Error')).textContent).toContain(SIGN_OFF_MESSAGES.tooMany);
    const selected = screen.getByRole('button', {
      name: `${SIGN_OFF_MESSAGES.selectedAction} (${SIGN_OFF_MAX})`,
    });
    fireEvent.click(selected);
    const form = await screen.findByRole('dialog', { name: SIGN_OFF_MESSAGES.title }, PATIENTLY);
    expect(form.textContent).toContain(`${SIGN_OFF_MAX} entries selected`);
  });
});
