import { ATTENDANCE_MESSAGES, type AttendanceRow } from '@pgel/shared/drp/attendance';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import {
  type FakeRoute,
  fakeApi,
  PATIENTLY,
  readDialog,
  withModals,
} from '../../records/components/test-support';
import { AttendancePage } from './attendance-page';

const POSTING_ID = '00000000-0000-4000-8000-0000000000b1';

function row(changes: Partial<AttendanceRow> = {}): AttendanceRow {
  return {
    postingId: POSTING_ID,
    student: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Asha Nair' },
    institution: 'District Hospital Tezpur',
    scheduleFrom: '2026-03-02',
    scheduleTo: '2026-05-31',
    daysSoFar: 3,
    marked: 1,
    present: 1,
    percentage: 100,
    canMark: true,
    ...changes,
  };
}

const DAYS = [
  { date: '2026-03-02', mark: 'present' as const },
  { date: '2026-03-03', mark: null },
  { date: '2026-03-04', mark: null },
];

const coordinator = sessionUser({
  id: '00000000-0000-4000-8000-0000000000e9',
  name: 'Dr. Bora',
  role: 'drp_coordinator',
  college: null,
  department: null,
});

function renderAs(who: SessionUser, routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  withModals(<AttendancePage />, { initialUrl: '/drp/attendence' });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('AttendancePage', () => {
  it('coordinator: marks the unmarked days (All present, one absent) and saves only those', async () => {
    let saved = false;
    const after = row({ marked: 3, present: 2, percentage: 67 });
    const sent = renderAs(coordinator, {
      'GET /drp/attendance': () => ({ status: 200, body: { items: [saved ? after : row()] } }),
      [`GET /drp/postings/${POSTING_ID}/attendance`]: { status: 200, body: { row: row(), days: DAYS } },
      [`PUT /drp/postings/${POSTING_ID}/attendance`]: () => {
        saved = true;
        return {
          status: 200,
          body: { message: ATTENDANCE_MESSAGES.saved, row: after, days: DAYS },
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'DRP Attendance' });
    await within(table).findByText('Asha Nair', {}, PATIENTLY);
    expect(within(table).getByText('1 / 1 days present — 100%')).toBeTruthy();
    expect(within(table).getByText('02-03-2026 to 31-05-2026')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Mark Attendance of Asha Nair' }));
    const modal = await screen.findByRole('dialog', { name: /^Mark Attendance/ }, PATIENTLY);
    const day = (label: string) => within(modal).getByRole('group', { name: label });
    await waitFor(() => expect(day('Mon, 02-03-2026')).toBeTruthy(), PATIENTLY);
    expect(
      (within(day('Mon, 02-03-2026')).getByRole('radio', { name: 'Present' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(day('Tue, 03-03-2026')).getByText('Not marked')).toBeTruthy();

    // Nothing changed yet: nothing to send.
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(ATTENDANCE_MESSAGES.nothingToSave);

    fireEvent.click(within(modal).getByRole('button', { name: 'All present' }));
    fireEvent.click(within(day('Wed, 04-03-2026')).getByRole('radio', { name: 'Absent' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));

    expect((await readDialog('Success')).textContent).toContain(ATTENDANCE_MESSAGES.saved);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: `/drp/postings/${POSTING_ID}/attendance`,
        body: {
          days: [
            { date: '2026-03-03', mark: 'present' },
            { date: '2026-03-04', mark: 'absent' },
          ],
        },
      },
    ]);
    await within(table).findByText('2 / 3 days present — 67%', {}, PATIENTLY);
  });

  it('student: views the days and the percentage, marks nothing', async () => {
    const mine = row({ canMark: false, marked: 0, present: 0, percentage: null });
    const sent = renderAs(sessionUser(), {
      'GET /drp/attendance': { status: 200, body: { items: [mine] } },
      [`GET /drp/postings/${POSTING_ID}/attendance`]: {
        status: 200,
        body: { row: mine, days: DAYS.map((d) => ({ ...d, mark: null })) },
      },
    });
    const table = await screen.findByRole('table', { name: 'DRP Attendance' });
    await within(table).findByText('Not marked yet', {}, PATIENTLY);
    expect(within(table).getByText('0 of 3 days so far marked')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Mark Attendance/ })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'View attendance of Asha Nair' }));
    const modal = await screen.findByRole('dialog', { name: /^Attendance: Asha Nair/ }, PATIENTLY);
    await within(modal).findByText('Mon, 02-03-2026', {}, PATIENTLY);
    expect(within(modal).getAllByText('Not marked')).toHaveLength(3);
    expect(within(modal).queryByRole('radio')).toBeNull();
    expect(within(modal).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(sent.some((request) => request.method !== 'GET')).toBe(false);
  });
});
