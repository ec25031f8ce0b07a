import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { ReportPage } from './report-page';
import { type FakeRoute, fakeApi, PATIENTLY, leaveRow as row, STUDENT_ID, withModals } from './test-support';

const STAFF_ID = '00000000-0000-4000-8000-0000000000f2';

function user(id: string, role: SessionUser['role']): SessionUser {
  return sessionUser({ id, name: role ? 'Dr. Rao' : 'Asha Nair', email: 'someone@example.test', role });
}

const PENDING = '00000000-0000-4000-8000-0000000000a1';
const APPROVED = '00000000-0000-4000-8000-0000000000a2';
const RESET = '00000000-0000-4000-8000-0000000000a3';

function renderAs(
  who: SessionUser,
  kindId: string,
  routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>,
  initialUrl = '/',
) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  const { router } = withModals(<ReportPage kindId={kindId} />, { initialUrl });
  return { sent, router };
}

const list = (items: RecordListItem[]): FakeRoute => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});
const LIST_PATH = 'GET /records?page=1&pageSize=10&sort=date&order=desc&kind=leave';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ReportPage', () => {
  it('an entry has its own address: ?record={id} opens its detail, closing it drops the id', async () => {
    const { router } = renderAs(
      user(STAFF_ID, 'professor'),
      'leave',
      {
        [LIST_PATH]: list([row(PENDING)]),
        'GET /students?page=1&pageSize=20&sort=name': list([]),
        [`GET /records/${PENDING}`]: {
          status: 200,
          body: { ...row(PENDING), canVerify: true, canDelete: false, history: [] },
        },
      },
      `/task/leave?record=${PENDING}`,
    );
    // The report's dialogs are loaded on demand (issue 29): a busy machine takes a while.
    const detail = await screen.findByRole('dialog', { name: 'Task Detail' }, PATIENTLY);
    await within(detail).findByText('Wedding');
    expect(detail.textContent).toContain(RECORD_MESSAGES.verificationPending);
    expect(within(detail).getByRole('button', { name: 'Action' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(detail).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("a mail's link with &verify=1 opens the entry's verification at once for its verifier (issue 30)", async () => {
    const { router } = renderAs(
      user(STAFF_ID, 'professor'),
      'leave',
      {
        [LIST_PATH]: list([row(PENDING)]),
        'GET /students?page=1&pageSize=20&sort=name': list([]),
        [`GET /records/${PENDING}`]: {
          status: 200,
          body: { ...row(PENDING), canVerify: true, canDelete: false, history: [] },
        },
      },
      `/task/leave?record=${PENDING}&verify=1`,
    );
    expect(await screen.findByRole('dialog', { name: 'Verification' }, { timeout: 5000 })).toBeTruthy();
    // The entry's address goes with the detail it replaced.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('an unknown kind is a not-found panel', async () => {
    renderAs(user(STUDENT_ID, null), 'no-such-kind', {});
    expect(await screen.findByText(RECORD_MESSAGES.unknownKind)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it('student: "{menu title} REPORT", Add, "No activity found", no Student Name column', async () => {
    const { sent } = renderAs(user(STUDENT_ID, null), 'leave', { [LIST_PATH]: list([]) });
    expect(await screen.findByRole('heading', { name: 'Leave Records REPORT' })).toBeTruthy();
    expect(await screen.findByText(RECORD_MESSAGES.noActivity)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Student Name' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'SR' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Days' })).toBeTruthy();
    expect(sent.some((call) => call.path.startsWith('/records?') && call.path.includes('kind=leave'))).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('dialog', { name: 'Add Leave Record' })).toBeTruthy();
  });

  it('student: deletes an unverified entry after "Are you sure?"; verified ones have no Delete', async () => {
    const { sent } = renderAs(user(STUDENT_ID, null), 'leave', {
      [LIST_PATH]: list([
        row(PENDING),
        row(APPROVED, {
          status: 'approved',
          verifiedByName: 'Dr. Rao',
          verifiedAt: '2025-03-11T09:00:00.000Z',
          verifierRemark: 'OK',
        }),
      ]),
      [`DELETE /records/${PENDING}`]: { status: 200, body: { message: RECORD_MESSAGES.deleted } },
    });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, pendingRow, approvedRow] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(approvedRow as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect((approvedRow as HTMLElement).textContent).toContain('Dr. Rao / 11-03-2025');
    expect((pendingRow as HTMLElement).textContent).toContain('10-03-2025');

    fireEvent.click(within(pendingRow as HTMLElement).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: RECORD_MESSAGES.deleteConfirmTitle });
    expect(confirm.textContent).toContain(RECORD_MESSAGES.deleteWarning);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect((await screen.findByRole('dialog', { name: 'Deleted!' })).textContent).toContain(
      RECORD_MESSAGES.deleted,
    );
    expect(sent.some((call) => call.method === 'DELETE' && call.path === `/records/${PENDING}`)).toBe(true);
  });

  it('student: an entry verified once and reset to Pending since has no Delete (docs/decisions/004)', async () => {
    renderAs(user(STUDENT_ID, null), 'leave', {
      [LIST_PATH]: list([row(PENDING), row(RESET, { everVerified: true })]),
    });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, neverVerifiedRow, resetRow] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(neverVerifiedRow as HTMLElement).getByRole('button', { name: /Delete/ })).toBeTruthy();
    expect(within(resetRow as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it("student: a failed delete says 'Something went wrong while deleting.'", async () => {
    renderAs(user(STUDENT_ID, null), 'leave', {
      [LIST_PATH]: list([row(PENDING)]),
      [`DELETE /records/${PENDING}`]: { status: 500, body: { code: 'internal', message: 'boom' } },
    });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    fireEvent.click(await within(table).findByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: RECORD_MESSAGES.deleteConfirmTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect((await screen.findByRole('dialog', { name: 'Error' })).textContent).toContain(
      RECORD_MESSAGES.deleteFailed,
    );
  });

  it('faculty: Student Name, Action on every row, ticks on pending rows only, Verify selected', async () => {
    renderAs(user(STAFF_ID, 'professor'), 'leave', {
      [LIST_PATH]: list([row(PENDING), row(APPROVED, { status: 'approved' })]),
      'GET /students?page=1&pageSize=20&sort=name': list([]),
    });
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('columnheader', { name: 'Student Name' })).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /^Action on/ })).toHaveLength(2);
    expect(within(table).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(table).getAllByRole('checkbox', { name: /^Select the entry/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Student' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verify selected' }));
    expect((await screen.findByRole('dialog', { name: 'Error' })).textContent).toContain(
      RECORD_MESSAGES.selectRecords,
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: /^Select the entry/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Verify selected' }));
    const bulk = await screen.findByRole('dialog', { name: 'Verify selected' });
    expect(bulk.textContent).toContain('1 entry selected');
  });

  it('faculty: a pending entry waiting more than 7 days reads Overdue; the resident sees no such mark (issue 30)', async () => {
    const nineDaysAgo = new Date(Date.now() - 9 * 86_400_000).toISOString();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const routes = {
      [LIST_PATH]: list([
        row(PENDING, { createdAt: nineDaysAgo }),
        row(RESET, { createdAt: nineDaysAgo, amendedAt: twoDaysAgo }),
        row(APPROVED, { status: 'approved', createdAt: nineDaysAgo }),
      ]),
      'GET /students?page=1&pageSize=20&sort=name': list([]),
    };
    renderAs(user(STAFF_ID, 'professor'), 'leave', routes);
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await within(table).findAllByText('Asha Nair', {}, PATIENTLY);
    // Only the first: the reset one waits from its reset, two days ago; the approved one waits no more.
    const marks = within(table).getAllByText('Overdue');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.closest('[data-overdue]')?.textContent).toContain('Waiting for verification for 9 days');
    cleanup();
    vi.unstubAllGlobals();

    renderAs(user(STUDENT_ID, null), 'leave', routes);
    const own = await screen.findByRole('table', { name: 'Leave Records report' });
    await within(own).findAllByText('Wedding', {}, PATIENTLY);
    expect(within(own).queryByText('Overdue')).toBeNull();
  });

  it('checklist: a Status column, and a long feedback shown whole, wrapping inside its column', async () => {
    const feedback =
      `Certificate checked against the register; ${'resubmit the signed copy '.repeat(6)}`.trim();
    renderAs(user(STUDENT_ID, null), 'checklist', {
      'GET /records?page=1&pageSize=10&sort=date&order=desc&kind=checklist': list([
        row(APPROVED, {
          kind: 'checklist',
          status: 'approved',
          verifierRemark: feedback,
          details: {
            particular: 'GCP',
            fromDate: '2025-03-10',
            toDate: '2025-03-12',
            examDate: '2025-03-12',
          },
        }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Mandatory Checklist report' });
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    const cell = await within(table).findByRole('cell', { name: feedback });
    expect(within(cell).getByText(feedback).style).toMatchObject({
      whiteSpace: 'pre-line',
      overflowWrap: 'break-word',
    });
    const [, entry] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(entry as HTMLElement).getByText('Approved')).toBeTruthy();
  });

  it('procedure: the Role shows the confirmed role with the logged one beneath; the detail says both', async () => {
    const changed = row(APPROVED, {
      kind: 'procedure',
      status: 'approved',
      verifiedByName: 'Dr. Rao',
      verifiedAt: '2025-03-11T09:00:00.000Z',
      confirmedRole: 'Performed with Guide',
      details: {
        ipddDate: '2025-03-10',
        competency: { id: STAFF_ID, title: 'Chest' },
        skills: { id: STAFF_ID, title: 'Chest drain' },
        patient: 'R. G.',
        ipd: 'IPD-7',
        role: 'Performed Independently',
      },
    });
    const pendingRow = row(PENDING, { kind: 'procedure', details: { ...changed.details, role: 'Assisted' } });
    renderAs(
      user(STUDENT_ID, null),
      'procedure',
      {
        'GET /records?page=1&pageSize=10&sort=date&order=desc&kind=procedure': list([changed, pendingRow]),
        [`GET /records/${APPROVED}`]: {
          status: 200,
          body: { ...changed, canVerify: false, canDelete: false, history: [] },
        },
      },
      `/task/procedure?record=${APPROVED}`,
    );
    const table = await screen.findByRole('table', { name: 'Procedures report' });
    expect(within(table).queryByText('Backdated')).toBeNull();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect((first as HTMLElement).textContent).toContain(
      'Performed with Guidelogged: Performed Independently',
    );
    expect((second as HTMLElement).textContent).toContain('Assisted');
    expect((second as HTMLElement).textContent).not.toContain('logged:');

    const detail = await screen.findByRole('dialog', { name: 'Task Detail' });
    expect((await within(detail).findByTestId('role-changed')).textContent).toBe(
      'logged: Performed Independently, confirmed: Performed with Guide',
    );
  });

  it('an amended entry: marked with the day, its history keeps the earlier verification and the reason', async () => {
    const amended = row(APPROVED, {
      everVerified: true,
      amendedAt: '2025-03-12T06:30:00.000Z',
      flags: [{ code: 'backdated', reason: 'Entered 40 days after the activity date (more than 30).' }],
    });
    renderAs(
      user(STAFF_ID, 'professor'),
      'leave',
      {
        [LIST_PATH]: list([amended]),
        'GET /students?page=1&pageSize=20&sort=name': list([]),
        [`GET /records/${APPROVED}`]: {
          status: 200,
          body: {
            ...amended,
            canVerify: true,
            canDelete: false,
            history: [
              {
                event: 'reset',
                status: 'pending',
                score: null,
                remark: 'Dates overlap another leave',
                confirmedRole: null,
                byName: 'Dr. Menon',
                at: '2025-03-12T06:30:00.000Z',
              },
              {
                event: 'verification',
                status: 'approved',
                score: { value: 0, label: 'Not scored' },
                remark: 'Approved, get well',
                confirmedRole: null,
                byName: 'Dr. Rao',
                at: '2025-03-11T04:30:00.000Z',
              },
            ],
          },
        },
      },
      `/task/leave?record=${APPROVED}`,
    );
    // The row's flag sits beside its status.
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    expect(await within(table).findByText('Backdated')).toBeTruthy();
    const detail = await screen.findByRole('dialog', { name: 'Task Detail' });
    expect(await within(detail).findByText('Amended 12-03-2025')).toBeTruthy();
    // Its flags, with their reasons written out.
    expect(within(detail).getByText('Flagged for a second look')).toBeTruthy();
    expect(detail.textContent).toContain(
      'Backdated: Entered 40 days after the activity date (more than 30).',
    );
    const history = within(detail).getByRole('list', { name: 'Score history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    const text = history.textContent ?? '';
    // Newest first: the reset with its reason, then the verification it undid.
    expect(text.indexOf('Reset to Pending')).toBeLessThan(text.indexOf('Approved'));
    expect(text).toContain('Reason: Dates overlap another leave');
    expect(text).toContain('Dr. Menon · 12-03-2025');
    expect(text).toContain('Feedback: Approved, get well');
    expect(text).toContain('Dr. Rao · 11-03-2025');
    // Leave is not scored: no score is shown for it.
    expect(text).not.toContain('Not scored');
  });
});
