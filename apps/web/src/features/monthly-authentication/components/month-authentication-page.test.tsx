import type { SessionUser } from '@pgel/shared/schemas/session-user';
import {
  type LogbookMonth,
  MONTH_AUTHENTICATION_MESSAGES as M,
  type StudentAuthentications,
} from '@pgel/shared/supervision/month-authentication';
import { addMonths, indiaMonth, shortMonthLabel } from '@pgel/shared/supervision/months';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { fakeApi, PATIENTLY, withModals } from '../../records/components/test-support';
import { MonthAuthenticationPage } from './month-authentication-page';
import { MonthStrip } from './month-strip';

const STUDENT_ID = '00000000-0000-4000-8000-0000000000a1';
const GUIDE_ID = '00000000-0000-4000-8000-0000000000b1';
const place = { college: sessionUser().college, department: sessionUser().department };
const GUIDE: SessionUser = sessionUser({ id: GUIDE_ID, name: 'Dr. Guide', role: 'professor', ...place });
const COLLEAGUE: SessionUser = sessionUser({
  id: '00000000-0000-4000-8000-0000000000b2',
  name: 'Dr. Colleague',
  role: 'professor',
});

function month(overrides: Partial<LogbookMonth> & Pick<LogbookMonth, 'month' | 'label'>): LogbookMonth {
  return {
    state: 'due',
    changedAfterAuthentication: false,
    dueBy: '2026-12-10',
    entries: { total: 0, pending: 0, approved: 0, rejected: 0 },
    kinds: [],
    authentication: null,
    ...overrides,
  };
}

const OCTOBER = month({
  month: '2026-10',
  label: 'October 2026',
  dueBy: '2026-11-10',
  entries: { total: 3, pending: 1, approved: 2, rejected: 0 },
  kinds: [
    { kind: 'procedure', title: 'Procedures', pending: 1, approved: 1, rejected: 0 },
    { kind: 'teaching', title: 'Teaching Experience', pending: 0, approved: 1, rejected: 0 },
  ],
});
const SEPTEMBER = month({
  month: '2026-09',
  label: 'September 2026',
  state: 'overdue',
  dueBy: '2026-10-10',
  entries: { total: 1, pending: 0, approved: 1, rejected: 0 },
  kinds: [{ kind: 'teaching', title: 'Teaching Experience', pending: 0, approved: 1, rejected: 0 }],
});
const AUGUST = month({
  month: '2026-08',
  label: 'August 2026',
  state: 'authenticated',
  changedAfterAuthentication: true,
  authentication: {
    id: 'sig-1',
    authenticatedBy: { id: GUIDE_ID, name: 'Dr. Guide' },
    authenticatedAt: '2026-09-05T06:30:00.000Z',
    fingerprint: `v2:${'a'.repeat(64)}`,
    verifiedEntries: 4,
    changedAt: '2026-09-20T06:30:00.000Z',
  },
});

const MONTHS: StudentAuthentications = {
  student: {
    id: STUDENT_ID,
    name: 'Ravi Kumar',
    collegeId: place.college?.id ?? null,
    departmentId: place.department?.id ?? null,
    departmentName: 'Medicine',
    joiningDate: '2026-08-14',
  },
  guide: { id: GUIDE_ID, name: 'Dr. Guide', source: 'unit-head' },
  signers: { thesisGuideId: null, unitHeadId: GUIDE_ID },
  months: [
    AUGUST,
    SEPTEMBER,
    OCTOBER,
    month({ month: '2026-12', label: 'December 2026', state: 'upcoming' }),
  ],
};

const base = `/students/${STUDENT_ID}/authentications`;

function renderPage(user: SessionUser, monthParam: string, extra: Parameters<typeof fakeApi>[0] = {}) {
  storeUser(user);
  const sent = fakeApi({
    'GET /auth/me': { status: 200, body: { user } },
    [`GET ${base}`]: { status: 200, body: MONTHS },
    [`GET ${base}/2026-10`]: {
      status: 200,
      body: {
        month: OCTOBER,
        entries: [
          {
            id: 'e1',
            kind: 'procedure',
            kindTitle: 'Procedures',
            date: '2026-10-04',
            status: 'pending',
            summary: 'Lumbar puncture',
            path: '/task/procedure?record=e1',
          },
        ],
      },
    },
    [`GET ${base}/2026-09`]: { status: 200, body: { month: SEPTEMBER, entries: [] } },
    ...extra,
  });
  withModals(
    <Routes>
      <Route path="/authentication/:studentId" element={<MonthAuthenticationPage />} />
    </Routes>,
    { initialUrl: `/authentication/${STUDENT_ID}?month=${monthParam}` },
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('MonthAuthenticationPage', () => {
  it("lists the begun months newest first, with the guide; a month's pending entries hold back the button", async () => {
    renderPage(GUIDE, '2026-10');
    const table = await screen.findByRole('table', { name: 'Months' }, PATIENTLY);
    await within(table).findByText('August 2026', {}, PATIENTLY);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^October 2026Due by 10 Nov 20263 · 1 pendingDue/),
      expect.stringMatching(/^September 2026Due by 10 Oct 20261 · 0 pendingOverdue/),
      expect.stringMatching(/^August 2026NoneAuthenticated/),
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Overdue')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText(M.changedLabel)).toBeTruthy();
    expect(screen.getByText('Guide: Dr. Guide (unit head)')).toBeTruthy();

    const detail = screen.getByRole('region', { name: 'October 2026' });
    expect(within(detail).getByText(M.pending(1, [{ title: 'Procedures', count: 1 }]))).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Authenticate month' }).hasAttribute('disabled')).toBe(
      true,
    );
    const entries = await within(detail).findByRole('table', { name: 'Entries of October 2026' }, PATIENTLY);
    expect(
      within(entries)
        .getByRole('link', { name: /Open Procedures entry/ })
        .getAttribute('href'),
    ).toBe('/task/procedure?record=e1');
  });

  it('the guide authenticates a month with their password in the form dialog', async () => {
    const sent = renderPage(GUIDE, '2026-09', {
      [`POST ${base}`]: {
        status: 201,
        body: { message: M.authenticated('September 2026'), month: { ...SEPTEMBER, state: 'authenticated' } },
      },
    });
    const detail = await screen.findByRole('region', { name: 'September 2026' }, PATIENTLY);
    fireEvent.click(within(detail).getByRole('button', { name: 'Authenticate month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate month' }, PATIENTLY);
    // No password: the shared schema's message, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authenticate month' }));
    expect(await screen.findByText(M.passwordRequired, {}, PATIENTLY)).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'Secret-Pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authenticate month' }));
    expect(await screen.findByText(M.authenticated('September 2026'), {}, PATIENTLY)).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: base,
      body: { month: '2026-09', password: 'Secret-Pass-1' },
    });
  });

  it('says a wrong password as the server does, keeping the form', async () => {
    renderPage(GUIDE, '2026-09', {
      [`POST ${base}`]: { status: 401, body: { code: 'unauthorized', message: M.wrongPassword } },
    });
    const detail = await screen.findByRole('region', { name: 'September 2026' }, PATIENTLY);
    fireEvent.click(within(detail).getByRole('button', { name: 'Authenticate month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate month' }, PATIENTLY);
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authenticate month' }));
    expect(await screen.findByText(M.wrongPassword, {}, PATIENTLY)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Authenticate month' })).toBeTruthy();
  });

  it('a colleague who is not the guide reads the months but gets no form', async () => {
    renderPage(COLLEAGUE, '2026-09');
    const detail = await screen.findByRole('region', { name: 'September 2026' }, PATIENTLY);
    expect(within(detail).queryByRole('button', { name: 'Authenticate month' })).toBeNull();
  });
});

describe('MonthStrip', () => {
  it("shows the course's begun months by state, named in words, with the counts and the months to come", async () => {
    const student = sessionUser({ id: STUDENT_ID });
    storeUser(student);
    fakeApi({
      'GET /auth/me': { status: 200, body: { user: student } },
      [`GET ${base}`]: { status: 200, body: MONTHS },
    });
    withModals(<MonthStrip studentId={STUDENT_ID} joiningDate={null} />);
    const strip = await screen.findByRole('list', { name: 'Months of the course' }, PATIENTLY);
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((cell) => cell.getAttribute('aria-label')),
    ).toEqual([
      `August 2026: Authenticated, ${M.changedLabel.toLowerCase()}`,
      'September 2026: Overdue',
      'October 2026: Due',
    ]);
    await waitFor(() => expect(screen.getByText('Authenticated: 1')).toBeTruthy());
    expect(screen.getByText('Overdue: 1')).toBeTruthy();
    expect(screen.getByText('Due: 1')).toBeTruthy();
    expect(screen.getByText(/1 month of the course to come, until December 2026/)).toBeTruthy();
  });

  it('keeps the room of the months from joining while their states load, so nothing below moves', async () => {
    const current = indiaMonth(new Date());
    const joined = addMonths(current, -2);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    withModals(<MonthStrip studentId={STUDENT_ID} joiningDate={`${joined}-15`} />);
    const cells = await screen.findAllByRole('listitem', { hidden: true }, PATIENTLY);
    expect(cells.map((cell) => cell.textContent)).toEqual(
      [joined, addMonths(joined, 1), current].map((month) => `${shortMonthLabel(month).replace(' ', '')}`),
    );
    expect(screen.getByText(/33 months of the course to come/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Months of the course' })).toBeNull();
  });
});
