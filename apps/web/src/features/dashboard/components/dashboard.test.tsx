import 'fake-indexeddb/auto';
import { OUTBOX_MESSAGES } from '@pgel/shared/records/outbox';
import { recordPagePath } from '@pgel/shared/records/paths';
import { RECORD_STATUS_LABELS } from '@pgel/shared/records/types';
import { NO_DATA_TEXT } from '@pgel/shared/schemas/list';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as DashboardRoute } from '../../../app/routes/dashboard';
import { storeUser } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { stubScreenWidth } from '../../../test/screen-width';
import { sessionUser } from '../../../test/session-user';
import { PENDING_PAGE_SIZE } from '../api/list-pending-records';
import { PendingVerifications } from './pending-verifications';
import { categoryPath, isCategoryDone, StudentProgress } from './student-progress';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.includes('/auth/me')) return json({ user: STUDENT });
      if (url.includes('/records/counts'))
        return json({
          items: [
            { kind: 'teaching', total: 3, approved: 3, pending: 0, rejected: 0 },
            { kind: 'opd', total: 2, approved: 1, pending: 1, rejected: 0 },
            { kind: 'checklist', total: 5, approved: 5, pending: 0, rejected: 0 },
            {
              kind: 'procedure',
              total: 4,
              approved: 3,
              pending: 1,
              rejected: 0,
              roles: [
                { role: 'Observed', approved: 0 },
                { role: 'Assisted', approved: 1 },
                { role: 'Performed with Guide', approved: 2 },
                { role: 'Performed Independently', approved: 0 },
              ],
            },
          ],
        });
      if (url.includes('/records/pending'))
        return json({
          items: [
            {
              id: '00000000-0000-4000-8000-000000000031',
              kind: 'teaching',
              studentId: '00000000-0000-4000-8000-000000000041',
              studentName: 'Anil Kumar',
              summary: 'ECG basics',
              status: 'pending',
              date: '2026-11-20',
              // Submitted nine days ago: Overdue (issue 30).
              pendingSince: new Date(Date.now() - 9 * 86_400_000).toISOString(),
              flags: [
                {
                  code: 'on-leave',
                  reason: "Dated during the resident's approved leave (18-11-2026 to 21-11-2026).",
                },
              ],
            },
          ],
          total: 11,
          page: 1,
          pageSize: 10,
          residents: [
            {
              studentId: '00000000-0000-4000-8000-000000000041',
              studentName: 'Anil Kumar',
              pending: 2,
              oldestPendingSince: new Date(Date.now() - 9 * 86_400_000).toISOString(),
              kinds: [
                {
                  kind: 'teaching',
                  pending: 2,
                  oldestPendingSince: new Date(Date.now() - 9 * 86_400_000).toISOString(),
                },
              ],
            },
          ],
        });
      return json({ code: 'not_found', message: 'nope' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const STUDENT = sessionUser({
  id: '00000000-0000-4000-8000-000000000041',
  name: 'Anil Kumar',
  email: 'anil@example.test',
  joiningDate: '2025-07-01',
  course: { id: '00000000-0000-4000-8000-0000000000c3', title: 'MD General Medicine' },
  college: {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Demo Medical College',
    logo: null,
    state: 'Delhi',
    address: 'x',
  },
  department: {
    id: '00000000-0000-4000-8000-0000000000c2',
    name: 'General Medicine',
    url: null,
    refNo: null,
    refDate: null,
  },
});

/** True when `a` comes before `b` in the page (the order a phone shows and a reader reads). */
const isBefore = (a: Node, b: Node) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the student dashboard by screen width', () => {
  it('on a phone: the greeting, then the logbook cards, then the college, department and course', async () => {
    stubScreenWidth(390);
    storeUser(STUDENT);
    renderWithApp(<DashboardRoute />);
    const greeting = screen.getByRole('heading', { name: 'Welcome, Anil Kumar' });
    const logbook = await screen.findByRole(
      'link',
      { name: /^Teaching Experience 3 entries/ },
      { timeout: 5000 },
    );
    const tiles = screen.getByRole('region', { name: 'Your college and course' });
    expect(within(tiles).getByText('Demo Medical College')).toBeTruthy();
    expect(within(tiles).getByText('General Medicine')).toBeTruthy();
    expect(within(tiles).getByText('MD General Medicine')).toBeTruthy();
    expect(isBefore(greeting, logbook)).toBe(true);
    expect(isBefore(logbook, tiles)).toBe(true);
    expect(screen.getAllByText('Demo Medical College')).toHaveLength(1);
  });

  it('on a desktop: the tiles stay in the greeting, above the logbook', async () => {
    stubScreenWidth(1366);
    storeUser(STUDENT);
    renderWithApp(<DashboardRoute />);
    const logbook = await screen.findByRole(
      'link',
      { name: /^Teaching Experience 3 entries/ },
      { timeout: 5000 },
    );
    const college = screen.getByText('Demo Medical College');
    expect(isBefore(college, logbook)).toBe(true);
    expect(screen.queryByRole('region', { name: 'Your college and course' })).toBeNull();
  });
});

describe('student dashboard cards', () => {
  it('green only when every entry is approved, the checklist only at 8 approved', () => {
    expect(isCategoryDone('teaching', { total: 3, approved: 3, pending: 0, rejected: 0 })).toBe(true);
    expect(isCategoryDone('teaching', { total: 0, approved: 0, pending: 0, rejected: 0 })).toBe(false);
    expect(isCategoryDone('opd', { total: 2, approved: 1, pending: 1, rejected: 0 })).toBe(false);
    expect(isCategoryDone('checklist', { total: 8, approved: 7, pending: 1, rejected: 0 })).toBe(false);
    expect(isCategoryDone('checklist', { total: 8, approved: 8, pending: 0, rejected: 0 })).toBe(true);
    expect(categoryPath('checklist')).toBe('/checkList');
    expect(categoryPath('leave')).toBe('/task/leave');
    // Academic records keep their own screens (issue 11).
    expect(categoryPath('publication')).toBe('/publication');
  });

  it('shows each category with its count, the checklist out of 8, and links to the report', async () => {
    storeUser(STUDENT);
    renderWithApp(<StudentProgress />);
    const teaching = await screen.findByRole('link', {
      name: /^Teaching Experience 3 entries, complete, 3 approved · 0 pending$/,
    });
    expect(teaching.getAttribute('href')).toBe('/task/teaching');
    expect(
      screen.getByRole('link', { name: /^OPD Campus 2 entries, in progress, 1 approved · 1 pending$/ }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Leave Record 0 entries, in progress/ })).toBeTruthy();
    const checklist = screen.getByRole('link', { name: /^Mandatory Checklist 5 of 8, in progress/ });
    expect(within(checklist).getByText('5 / 8')).toBeTruthy();
    expect(checklist.getAttribute('href')).toBe('/checkList');
  });

  it('with no network, shows the counts last seen on this device and when (issue 29)', async () => {
    storeUser(STUDENT);
    renderWithApp(<StudentProgress />);
    await screen.findByRole('link', { name: /^Teaching Experience 3 entries/ });
    cleanup();
    // The ward has no signal: every request fails before any answer.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await waitFor(
      async () => {
        cleanup();
        renderWithApp(<StudentProgress />);
        await screen.findByText(new RegExp(`^${OUTBOX_MESSAGES.offlineList} — last updated`), undefined, {
          timeout: 1000,
        });
      },
      { timeout: 5000 },
    );
    expect(screen.getByRole('link', { name: /^Teaching Experience 3 entries, complete/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Mandatory Checklist 5 of 8/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts approved procedures per role the faculty confirmed, leaving out roles with none', async () => {
    storeUser(STUDENT);
    renderWithApp(<StudentProgress />);
    const procedures = await screen.findByRole('link', { name: /^Procedures 4 entries, in progress/ });
    expect(within(procedures).getByText('Confirmed roles')).toBeTruthy();
    expect(within(procedures).getByText('Performed with Guide: 2')).toBeTruthy();
    expect(within(procedures).getByText('Assisted: 1')).toBeTruthy();
    expect(within(procedures).queryByText(/Observed/)).toBeNull();
    expect(within(procedures).queryByText(/Independently/)).toBeNull();
    // Kinds without a role show no such list.
    const teaching = screen.getByRole('link', { name: /^Teaching Experience 3 entries/ });
    expect(within(teaching).queryByText('Confirmed roles')).toBeNull();
  });
});

describe('Pending Verifications', () => {
  it('on a phone: one card per entry with its date and status, under its resident, which opens the entry', async () => {
    stubScreenWidth(390);
    const { router } = renderWithApp(<PendingVerifications />);
    // Its name is what it shows (WCAG 2.5.3: a voice user says what they see); the resident is
    // the list's name (issue 30: grouped by resident).
    const list = await screen.findByRole(
      'list',
      { name: 'Pending entries of Anil Kumar' },
      { timeout: 5000 },
    );
    const card = within(list).getByRole('button', {
      name: new RegExp(
        `^Teaching Experience ${RECORD_STATUS_LABELS.pending} Overdue ?: Waiting for verification for 9 days \\(more than 7\\)\\. ECG basics 20-11-2026`,
      ),
    });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('20-11-2026')).toBeTruthy();
    expect(within(card).getByText(RECORD_STATUS_LABELS.pending)).toBeTruthy();
    expect(within(card).getByText('ECG basics')).toBeTruthy();
    // Overdue in words, not only in colour (issue 30).
    expect(within(card).getByText('Overdue').closest('[data-overdue]')).toBeTruthy();
    // The flag is on the card too, its reason read out with it.
    expect(within(card).getByText('On leave').closest('[data-flag]')?.textContent).toContain(
      "Dated during the resident's approved leave",
    );
    fireEvent.click(card);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      recordPagePath('teaching', '00000000-0000-4000-8000-000000000031'),
    );
  });

  it('keeps a page of placeholders, not "0 entries", until the pending entries arrive', async () => {
    stubScreenWidth(390);
    let answer: (response: Response) => void = () => undefined;
    const pendingFetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', pendingFetch);
    const { container } = renderWithApp(<PendingVerifications />);
    await vi.waitFor(() => expect(pendingFetch).toHaveBeenCalled());
    expect(screen.queryByText('0 entries')).toBeNull();
    expect(screen.queryByText(NO_DATA_TEXT)).toBeNull();
    // A resident's heading and a page of cards.
    expect(container.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(PENDING_PAGE_SIZE + 1);

    answer(json({ items: [], total: 0, page: 1, pageSize: PENDING_PAGE_SIZE }));
    expect(await screen.findByText('0 entries')).toBeTruthy();
    expect(container.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(0);
  });

  it('lists pending entries, pages with Previous / Next and opens the entry', async () => {
    const { router } = renderWithApp(<PendingVerifications />);
    const row = await screen.findByRole('row', { name: /Teaching Experience entry of Anil Kumar/ });
    expect(within(row).getByText(RECORD_STATUS_LABELS.pending)).toBeTruthy();
    expect(within(row).getByText('20-11-2026')).toBeTruthy();
    // A doubtful entry is flagged in the queue, before the verifier opens it (issue 27).
    expect(within(row).getByText('On leave')).toBeTruthy();
    // Waiting more than 7 days: marked Overdue, with how long read out (issue 30).
    expect(within(row).getByText('Overdue').closest('[data-overdue]')?.textContent).toContain(
      'Waiting for verification for 9 days (more than 7).',
    );
    expect(screen.getByText('Page 1 of 2 · 11 pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(requests.some((url) => url.includes('page=2'))).toBe(true));

    fireEvent.click(row);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      recordPagePath('teaching', '00000000-0000-4000-8000-000000000031'),
    );
  });
});
