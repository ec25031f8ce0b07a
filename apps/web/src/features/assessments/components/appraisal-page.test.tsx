import {
  APPRAISAL_MESSAGES,
  APPRAISAL_PARTICULARS,
  type Appraisal,
  evaluationFor,
} from '@pgel/shared/academic/appraisal';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { AppraisalPage } from './appraisal-page';

const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';
const STAFF_ID = '00000000-0000-4000-8000-0000000000f2';

const quarter: Appraisal = {
  id: '00000000-0000-4000-8000-0000000000e1',
  student: { id: STUDENT_ID, name: 'Asha Nair' },
  fromDate: '2025-01-01',
  toDate: '2025-04-01',
  rows: APPRAISAL_PARTICULARS.map((particular, index) => ({
    particular,
    score: index + 2,
    evaluation: evaluationFor(index + 2),
    remark: index === 0 ? 'Reads journals weekly' : null,
  })),
  appraisedBy: { id: STAFF_ID, name: 'Dr. Rao' },
  appraisedAt: '2025-04-02T10:00:00.000Z',
};

function renderAs(
  who: SessionUser,
  routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>,
  initialUrl = '/appeal',
) {
  storeUser(who);
  const sent = fakeApi({
    'GET /auth/me': { status: 200, body: { user: who } },
    'GET /students?page=1&pageSize=20&sort=name': {
      status: 200,
      body: { items: [], total: 0, page: 1, pageSize: 20 },
    },
    ...routes,
  });
  const { router } = withModals(<AppraisalPage />, { initialUrl });
  return { sent, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('AppraisalPage', () => {
  it('student: their own saved quarters, read-only, without the grid', async () => {
    const { sent } = renderAs(sessionUser(), {
      'GET /appraisals': { status: 200, body: { student: quarter.student, items: [quarter] } },
    });
    expect(screen.getByRole('heading', { name: 'Quarterly Appraisal Form' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Quarter 01-01-2025 - 01-04-2025' }, PATIENTLY);
    expect(within(card).getByText('Appraised by Dr. Rao on 02-04-2025')).toBeTruthy();
    expect(within(card).getByText('Reads journals weekly')).toBeTruthy();
    expect(within(card).getAllByText('Not Satisfactory')).toHaveLength(2);
    expect(within(card).getAllByText('More Than Satisfactory')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Student' })).toBeNull();
    expect(sent.map((request) => request.path)).not.toContain('/students?page=1&pageSize=20&sort=name');
  });

  it("faculty: pick a student first; then the grid and that student's quarters", async () => {
    renderAs(
      sessionUser({ id: STAFF_ID, name: 'Dr. Rao', role: 'professor' }),
      {
        [`GET /appraisals?studentId=${STUDENT_ID}`]: {
          status: 200,
          body: { student: quarter.student, items: [] },
        },
      },
      `/appeal?student=${STUDENT_ID}`,
    );
    expect(screen.getByRole('form', { name: 'Quarterly appraisal' })).toBeTruthy();
    expect(await screen.findByText('No Data Found', {}, PATIENTLY)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Saved appraisals: Asha Nair' })).toBeTruthy();
  });

  it('opens the quarter a /reports row links to (?student=&entry=): marked, the others not', async () => {
    const later: Appraisal = {
      ...quarter,
      id: '00000000-0000-4000-8000-0000000000e2',
      fromDate: '2025-04-02',
      toDate: '2025-07-01',
    };
    renderAs(
      sessionUser({ id: STAFF_ID, name: 'Dr. Rao', role: 'professor' }),
      {
        [`GET /appraisals?studentId=${STUDENT_ID}`]: {
          status: 200,
          body: { student: quarter.student, items: [later, quarter] },
        },
      },
      `/appeal?student=${STUDENT_ID}&entry=${quarter.id}`,
    );
    const linked = await screen.findByRole('article', { name: 'Quarter 01-01-2025 - 01-04-2025' }, PATIENTLY);
    expect(linked.getAttribute('aria-current')).toBe('true');
    const other = screen.getByRole('article', { name: 'Quarter 02-04-2025 - 01-07-2025' });
    expect(other.getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Saved appraisals: Asha Nair' })).toBeTruthy();
  });

  it('a new save leaves the linked quarter behind: ?entry= is dropped, no quarter stays marked', async () => {
    const { router } = renderAs(
      sessionUser({ id: STAFF_ID, name: 'Dr. Rao', role: 'professor' }),
      {
        [`GET /appraisals?studentId=${STUDENT_ID}`]: {
          status: 200,
          body: { student: quarter.student, items: [quarter] },
        },
        'POST /appraisals': () => ({
          status: 201,
          body: {
            message: APPRAISAL_MESSAGES.saved,
            appraisal: { ...quarter, id: `${quarter.id.slice(0, -2)}e9` },
          },
        }),
      },
      `/appeal?student=${STUDENT_ID}`,
    );
    // The /reports row is followed to this page (a navigation, as in the app).
    await act(() => router.navigate(`/appeal?student=${STUDENT_ID}&entry=${quarter.id}`));
    const linked = await screen.findByRole('article', { name: 'Quarter 01-01-2025 - 01-04-2025' }, PATIENTLY);
    await waitFor(() => expect(linked.getAttribute('aria-current')).toBe('true'), PATIENTLY);
    fireEvent.change(screen.getByRole('textbox', { name: /^From Date/ }), {
      target: { value: '02-04-2025' },
    });
    for (const particular of APPRAISAL_PARTICULARS) {
      const score = screen.getByRole('radiogroup', { name: `Score: ${particular}` });
      fireEvent.click(within(score).getByRole('radio', { name: '6' }));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await readDialog('Success')).textContent).toContain(APPRAISAL_MESSAGES.saved);
    await waitFor(() => expect(router.state.location.search).toBe(`?student=${STUDENT_ID}`), PATIENTLY);
    expect(
      screen.getByRole('article', { name: 'Quarter 01-01-2025 - 01-04-2025' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('Master reads but does not score: no grid', async () => {
    renderAs(
      sessionUser({ id: STAFF_ID, name: 'Master', role: 'master', college: null, department: null }),
      {},
    );
    expect(await screen.findByText('Please select a student first.', {}, PATIENTLY)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Quarterly appraisal' })).toBeNull();
  });
});
