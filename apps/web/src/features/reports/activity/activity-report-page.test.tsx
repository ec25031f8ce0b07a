import { REPORT_MESSAGES, type ReportItem } from '@pgel/shared/reports/activity';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { stubScreenWidth } from '../../../test/screen-width';
import { sessionUser } from '../../../test/session-user';
import {
  type FakeRoute,
  fakeApi,
  PATIENTLY,
  pickOption,
  withModals,
} from '../../records/components/test-support';
import { ActivityReportPage } from './activity-report-page';

const ITEM_ID = '00000000-0000-4000-8000-0000000000a1';
const FIRST_PAGE = 'GET /reports?page=1&pageSize=10';

const list = (items: ReportItem[]): FakeRoute => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});

function item(changes: Partial<ReportItem> = {}): ReportItem {
  return {
    id: ITEM_ID,
    menu: 'teaching',
    menuTitle: 'Teaching Experience',
    collegeName: 'GMC',
    departmentName: 'Medicine',
    studentId: '00000000-0000-4000-8000-0000000000f1',
    studentName: 'Asha Nair',
    status: 'approved',
    statusLabel: 'Approved',
    date: '2026-03-10',
    role: null,
    flags: [],
    pendingSince: null,
    url: `/task/teaching?record=${ITEM_ID}`,
    ...changes,
  };
}

function renderAs(who: SessionUser, routes: Record<string, FakeRoute>) {
  storeUser(who);
  const sent = fakeApi({
    'GET /auth/me': { status: 200, body: { user: who } },
    'GET /students?page=1&pageSize=20&sort=name': list([]),
    'GET /colleges': { status: 200, body: { items: [] } },
    'GET /reports/flags': { status: 200, body: { items: [] } },
    'GET /reports/weekly-updates': { status: 200, body: { weeks: [], residents: 0, items: [] } },
    ...routes,
  });
  const { router } = withModals(<ActivityReportPage />, { initialUrl: '/reports' });
  return { sent, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ActivityReportPage', () => {
  it('flags a doubtful row beside its status, with the reason read out', async () => {
    renderAs(sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'professor' }), {
      [FIRST_PAGE]: list([
        item({
          status: 'pending',
          flags: [{ code: 'backdated', reason: 'Entered 45 days after the activity date (more than 30).' }],
        }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Recent activity' }, PATIENTLY);
    const flag = await within(table).findByText('Backdated', {}, PATIENTLY);
    expect(flag.closest('[data-flag]')?.textContent).toBe(
      'Backdated: Entered 45 days after the activity date (more than 30).',
    );
    // Faculty do not get the HOD's counts.
    expect(screen.queryByRole('region', { name: 'Flagged entries by student' })).toBeNull();
  });

  it("HOD: the department's flagged entries per student; a name shows that student's rows", async () => {
    const studentId = '00000000-0000-4000-8000-0000000000f1';
    const { sent } = renderAs(sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'hod' }), {
      [FIRST_PAGE]: list([item()]),
      'GET /reports/flags': {
        status: 200,
        body: {
          items: [
            {
              studentId,
              studentName: 'Asha Nair',
              total: 5,
              counts: {
                backdated: 2,
                'on-leave': 0,
                'high-volume': 3,
                'repeat-patient': 0,
                'before-joining': 0,
              },
            },
          ],
        },
      },
      [`${FIRST_PAGE}&studentId=${studentId}`]: list([item()]),
    });
    const summary = await screen.findByRole('region', { name: 'Flagged entries by student' }, PATIENTLY);
    const row = await within(summary).findByRole('row', { name: /Asha Nair/ }, PATIENTLY);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Asha Nair', '2', '0', '3', '0', '0', '5']);
    fireEvent.click(within(row).getByRole('button', { name: 'Asha Nair' }));
    await waitFor(
      () => expect(sent.map((r) => r.path)).toContain(`/reports?page=1&pageSize=10&studentId=${studentId}`),
      PATIENTLY,
    );
  });

  it("HOD: a pending entry waiting over 7 days reads Overdue; each resident's weeks without entries (issue 30)", async () => {
    const studentId = '00000000-0000-4000-8000-0000000000f1';
    const nineDaysAgo = new Date(Date.now() - 9 * 86_400_000).toISOString();
    const { sent } = renderAs(sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'hod' }), {
      [FIRST_PAGE]: list([item({ status: 'pending', statusLabel: 'Pending', pendingSince: nineDaysAgo })]),
      'GET /reports/weekly-updates': {
        status: 200,
        body: {
          weeks: ['2026-12-07', '2026-11-30', '2026-11-23', '2026-11-16'],
          residents: 12,
          items: [
            {
              studentId,
              studentName: 'Asha Nair',
              missedWeeks: ['2026-11-30', '2026-11-16'],
              weeksCounted: 4,
              lastEntryAt: '2026-12-08T04:30:00.000Z',
            },
          ],
        },
      },
      [`${FIRST_PAGE}&studentId=${studentId}`]: list([item()]),
    });
    const entry = await screen.findByRole('row', { name: /Teaching Experience/ }, PATIENTLY);
    expect(within(entry).getByText('Overdue').closest('[data-overdue]')?.textContent).toContain(
      'Waiting for verification for 9 days',
    );

    const card = await screen.findByRole('region', { name: 'Weeks without entries' }, PATIENTLY);
    expect(await within(card).findByText('1 of 12 residents missed a week.', {}, PATIENTLY)).toBeTruthy();
    const row = within(card).getByRole('row', { name: /Asha Nair/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]?.textContent).toBe('2 of 4');
    expect(within(row).getByTitle('30-11-2026 to 06-12-2026')).toBeTruthy();
    expect(within(row).getByTitle('16-11-2026 to 22-11-2026')).toBeTruthy();
    expect(cells[3]?.textContent).toBe('08-12-2026');
    fireEvent.click(within(row).getByRole('button', { name: 'Asha Nair' }));
    await waitFor(
      () => expect(sent.map((r) => r.path)).toContain(`/reports?page=1&pageSize=10&studentId=${studentId}`),
      PATIENTLY,
    );
  });

  it('HOD: an empty list reads the spec text; Filter sends the chosen menu and status', async () => {
    const { sent } = renderAs(sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'hod' }), {
      [FIRST_PAGE]: list([]),
      [`${FIRST_PAGE}&menu=memo&status=accepted`]: list([]),
    });
    await screen.findByText(REPORT_MESSAGES.empty, {}, PATIENTLY);
    // Other staff are fixed to their own department: no department choice.
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'College' })).toBeNull();

    await pickOption('Menu', 'Memos');
    await pickOption('Status', 'Accepted');
    // Choosing is not applying: nothing is asked until Filter.
    expect(sent.some((request) => request.path.includes('menu='))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));

    await waitFor(
      () =>
        expect(sent.map((request) => request.path)).toContain(
          '/reports?page=1&pageSize=10&menu=memo&status=accepted',
        ),
      PATIENTLY,
    );
    // Export CSV asks for the applied filters' file (its answer is read before it is saved).
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(
      () =>
        expect(sent.map((request) => request.path)).toContain(
          '/reports/export.csv?menu=memo&status=accepted',
        ),
      PATIENTLY,
    );
  });

  it('shows the row as the table reads it, and a click opens the entry', async () => {
    const { router } = renderAs(
      sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'professor' }),
      {
        [FIRST_PAGE]: list([item()]),
      },
    );
    const table = await screen.findByRole('table', { name: 'Recent activity' }, PATIENTLY);
    await within(table).findByText('Asha Nair', {}, PATIENTLY);
    expect(within(table).getByText('10-03-2026')).toBeTruthy();
    expect(within(table).getByText('Approved')).toBeTruthy();
    expect(within(table).getByText('Medicine')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Teaching Experience' }).getAttribute('href')).toBe(
      `/task/teaching?record=${ITEM_ID}`,
    );

    fireEvent.click(within(table).getByText('Asha Nair'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/teaching'), PATIENTLY);
    expect(router.state.location.search).toBe(`?record=${ITEM_ID}`);
  });

  it('shows each academic row in its own state, not "Approved" for all (issue 28)', async () => {
    const rows = [
      ['memo', 'Memos', 'pending', 'Explained'],
      ['appraisal', 'Quarterly Appraisal', 'approved', 'Recorded'],
      ['aetcom', 'AETCOM', 'approved', 'Recorded'],
      ['synopsis', 'Thesis Synopsis', 'pending', 'In progress'],
    ] as const;
    renderAs(sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'hod' }), {
      [FIRST_PAGE]: list(
        rows.map(([menu, menuTitle, status, statusLabel], n) =>
          item({
            id: `00000000-0000-4000-8000-00000000010${n}`,
            menu,
            menuTitle,
            status,
            statusLabel,
            url: `/${menu}`,
          }),
        ),
      ),
    });
    const table = await screen.findByRole('table', { name: 'Recent activity' }, PATIENTLY);
    await within(table).findByText('Memos', {}, PATIENTLY);
    const [, ...bodyRows] = within(table).getAllByRole('row');
    expect(bodyRows.map((row) => row.querySelector('.mantine-Badge-label')?.textContent)).toEqual(
      rows.map(([, , , label]) => label),
    );
    expect(within(table).queryByText('Approved')).toBeNull();
  });

  it('at 390 px: each row is a card, and a tap on it opens the entry', async () => {
    stubScreenWidth(390);
    const { router } = renderAs(sessionUser({ id: '00000000-0000-4000-8000-0000000000b1', role: 'hod' }), {
      [FIRST_PAGE]: list([item({ status: 'pending', statusLabel: 'Pending' })]),
    });
    const cards = await screen.findByRole('list', { name: 'Recent activity' }, PATIENTLY);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByText('Asha Nair')).toBeTruthy();
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByText('10-03-2026')).toBeTruthy();
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/teaching'), PATIENTLY);
  });

  it('Master: chooses a college and department', async () => {
    const college = '00000000-0000-4000-8000-0000000000c9';
    const department = '00000000-0000-4000-8000-0000000000d9';
    const { sent } = renderAs(
      sessionUser({
        id: '00000000-0000-4000-8000-0000000000b2',
        role: 'master',
        college: null,
        department: null,
      }),
      {
        [FIRST_PAGE]: list([]),
        'GET /colleges': { status: 200, body: { items: [{ id: college, name: 'South College' }] } },
        [`GET /colleges/${college}/departments`]: {
          status: 200,
          body: { items: [{ id: department, name: 'Surgery' }] },
        },
        [`${FIRST_PAGE}&collegeId=${college}&departmentId=${department}`]: list([]),
      },
    );
    await screen.findByText(REPORT_MESSAGES.empty, {}, PATIENTLY);
    await pickOption('College', 'South College');
    await pickOption('Department', 'Surgery');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(
      () =>
        expect(sent.map((request) => request.path)).toContain(
          `/reports?page=1&pageSize=10&collegeId=${college}&departmentId=${department}`,
        ),
      PATIENTLY,
    );
  });
});
