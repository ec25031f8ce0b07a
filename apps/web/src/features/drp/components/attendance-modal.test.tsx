import { type AttendanceRow, ATTENDANCE_MESSAGES as M } from '@pgel/shared/drp/attendance';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import {
  fakeApi,
  PATIENTLY,
  readDialog,
  type SentRequest,
  withModals,
} from '../../records/components/test-support';
import { AttendancePage } from './attendance-page';

// Issue 28: 27 days marked were lost to the close button, and Save sat below the last day.

const POSTING_ID = '00000000-0000-4000-8000-0000000000b2';
const DRAFT_KEY = `pgel.draft:00000000-0000-4000-8000-0000000000e9:drp-attendance:${POSTING_ID}`;

const row: AttendanceRow = {
  postingId: POSTING_ID,
  student: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Asha Nair' },
  institution: 'District Hospital Tezpur',
  scheduleFrom: '2026-03-02',
  scheduleTo: '2026-05-31',
  daysSoFar: 8,
  marked: 0,
  present: 0,
  percentage: null,
  canMark: true,
};
// Eight days (few, for a fast test; the dialog works the same for 90).
const DAYS = Array.from({ length: 8 }, (_, i) => ({
  date: `2026-03-${String(i + 2).padStart(2, '0')}`,
  mark: null,
}));

const coordinator = sessionUser({
  id: '00000000-0000-4000-8000-0000000000e9',
  name: 'Dr. Bora',
  role: 'drp_coordinator',
  college: null,
  department: null,
});

function renderPage(): SentRequest[] {
  storeUser(coordinator);
  const sent = fakeApi({
    'GET /auth/me': { status: 200, body: { user: coordinator } },
    'GET /drp/attendance': { status: 200, body: { items: [row] } },
    [`GET /drp/postings/${POSTING_ID}/attendance`]: { status: 200, body: { row, days: DAYS } },
    [`PUT /drp/postings/${POSTING_ID}/attendance`]: {
      status: 200,
      body: { message: M.saved, row: { ...row, marked: 8, present: 7, percentage: 87 }, days: DAYS },
    },
  });
  withModals(<AttendancePage />, { initialUrl: '/drp/attendence' });
  return sent;
}

async function openSheet() {
  const table = await screen.findByRole('table', { name: 'DRP Attendance' });
  const button = await within(table).findByRole(
    'button',
    { name: 'Mark Attendance of Asha Nair' },
    PATIENTLY,
  );
  fireEvent.click(button);
  const modal = await screen.findByRole('dialog', { name: /^Mark Attendance/ }, PATIENTLY);
  await within(modal).findByRole('group', { name: 'Mon, 02-03-2026' }, PATIENTLY);
  return modal;
}

const day = (modal: HTMLElement, label: string) => within(modal).getByRole('group', { name: label });
const isChecked = (modal: HTMLElement, label: string, mark: 'Present' | 'Absent') =>
  (within(day(modal, label)).getByRole('radio', { name: mark }) as HTMLInputElement).checked;

/** All present, then the third day absent: 8 unsaved marks. */
function markTheSheet(modal: HTMLElement) {
  fireEvent.click(within(modal).getByRole('button', { name: 'All present' }));
  fireEvent.click(within(day(modal, 'Wed, 04-03-2026')).getByRole('radio', { name: 'Absent' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('Mark Attendance keeps unsaved marks', () => {
  it('asks before the close button throws marks away: Keep marking keeps them, Discard drops them', async () => {
    const sent = renderPage();
    let modal = await openSheet();
    markTheSheet(modal);
    expect(within(modal).getByText(M.unsaved(8))).toBeTruthy();

    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: M.closeTitle }, PATIENTLY);
    expect(ask.textContent).toContain(M.closeText(8));
    fireEvent.click(within(ask).getByRole('button', { name: M.keepMarking }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.closeTitle })).toBeNull(), PATIENTLY);
    expect(isChecked(modal, 'Wed, 04-03-2026', 'Absent')).toBe(true);
    expect(isChecked(modal, 'Mon, 09-03-2026', 'Present')).toBe(true);

    // Cancel asks too; Discard closes the sheet and forgets the marks.
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: M.closeTitle }, PATIENTLY);
    fireEvent.click(within(again).getByRole('button', { name: M.discard }));
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: /^Mark Attendance/ })).toBeNull(),
      PATIENTLY,
    );
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
    modal = await openSheet();
    expect(isChecked(modal, 'Wed, 04-03-2026', 'Absent')).toBe(false);
    expect(within(modal).getAllByText('Not marked')).toHaveLength(8);

    // With nothing unsaved the close button closes at once.
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: /^Mark Attendance/ })).toBeNull(),
      PATIENTLY,
    );
    expect(screen.queryByRole('dialog', { name: M.closeTitle })).toBeNull();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('brings a half-marked sheet back after a reload as a draft, and saves it', async () => {
    renderPage();
    const first = await openSheet();
    markTheSheet(first);
    // The page goes away with the sheet open (a reload, a dropped phone page).
    cleanup();
    vi.unstubAllGlobals();

    const sent = renderPage();
    const modal = await openSheet();
    expect(within(modal).getByRole('status').textContent).toBe(M.draftRestored(8));
    expect(isChecked(modal, 'Wed, 04-03-2026', 'Absent')).toBe(true);
    expect(isChecked(modal, 'Mon, 02-03-2026', 'Present')).toBe(true);
    expect(within(modal).getAllByText('Unsaved')).toHaveLength(8);

    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await readDialog('Success')).textContent).toContain(M.saved);
    const put = sent.filter((request) => request.method === 'PUT');
    expect(put).toHaveLength(1);
    const days = (put[0]?.body as { days: Array<{ date: string; mark: string }> } | undefined)?.days ?? [];
    expect(days).toHaveLength(8);
    expect(days.filter((d) => d.mark === 'absent')).toEqual([{ date: '2026-03-04', mark: 'absent' }]);
    // Saved: the draft is gone.
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('keeps Save in view: the foot of the sheet sticks to the bottom of the dialog', async () => {
    renderPage();
    const modal = await openSheet();
    const save = within(modal).getByRole('button', { name: 'Save' });
    const footer = save.closest<HTMLElement>('[data-sticky-footer]');
    expect(footer).not.toBeNull();
    expect(getComputedStyle(footer as HTMLElement).position).toBe('sticky');
    expect(getComputedStyle(footer as HTMLElement).bottom).toBe('0px');
    // The footer comes after the last day, inside the form: it sticks while the days scroll.
    const lastDay = day(modal, 'Mon, 09-03-2026');
    expect(
      lastDay.compareDocumentPosition(footer as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(footer as HTMLElement).getByText(M.allSaved)).toBeTruthy();
  });
});
