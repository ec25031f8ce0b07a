import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ACTION_EVENT } from '../../../components/floating-add-button';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { ReportPage } from './report-page';
import { fakeApi, withModals } from './test-support';

const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';
const PENDING = '00000000-0000-4000-8000-0000000000a1';

function student(verifyByHod: boolean): SessionUser {
  return sessionUser({ id: STUDENT_ID, certified: false, verifyByHod });
}

const pendingRow: RecordListItem = {
  id: PENDING,
  kind: 'leave',
  studentId: STUDENT_ID,
  studentName: 'Asha Nair',
  date: '2025-03-10',
  teacherId: null,
  teacherName: null,
  status: 'pending',
  studentRemark: 'Family function',
  verifierRemark: null,
  score: null,
  verifiedByName: null,
  verifiedAt: null,
  everVerified: false,
  certificate: null,
  details: {
    fromDate: '2025-03-10',
    toDate: '2025-03-12',
    leaveDays: 3,
    reason: 'Wedding',
    reasonType: 'Casual',
  },
  createdAt: '2025-03-09T10:00:00.000Z',
};

function renderAs(who: SessionUser) {
  storeUser(who);
  fakeApi({
    'GET /auth/me': { status: 200, body: { user: who } },
    'GET /records?page=1&pageSize=10&sort=date&order=desc&kind=leave': {
      status: 200,
      body: { items: [pendingRow], total: 1, page: 1, pageSize: 10 },
    },
  });
  withModals(<ReportPage kindId="leave" />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ReportPage: a student the department has not approved yet (issue 10)', () => {
  it('says why instead of offering Add or Delete; the floating add opens nothing', async () => {
    renderAs(student(false));
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain(RECORD_MESSAGES.awaitingApprovalTitle);
    expect(notice.textContent).toContain(RECORD_MESSAGES.awaitingApproval);
    expect(within(notice).getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Delete/ })).toBeNull();

    window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Add Leave Record' })).toBeNull();
  });

  it('approved, the student gets Add and Delete and no notice', async () => {
    renderAs(student(true));
    const table = await screen.findByRole('table', { name: 'Leave Records report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(screen.queryByText(RECORD_MESSAGES.awaitingApproval)).toBeNull();
    expect(within(table).getByRole('button', { name: /Delete/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('dialog', { name: 'Add Leave Record' })).toBeTruthy();
  });
});
