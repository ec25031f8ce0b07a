import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ACTION_EVENT } from '../../../components/floating-add-button';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { ReportPage } from './report-page';
import { fakeApi, leaveRow, STUDENT_ID, withModals } from './test-support';

const PENDING = '00000000-0000-4000-8000-0000000000a1';

function student(verifyByHod: boolean): SessionUser {
  return sessionUser({ id: STUDENT_ID, certified: false, verifyByHod });
}

function renderAs(who: SessionUser) {
  storeUser(who);
  fakeApi({
    'GET /auth/me': { status: 200, body: { user: who } },
    'GET /records?page=1&pageSize=10&sort=date&order=desc&kind=leave': {
      status: 200,
      body: { items: [leaveRow(PENDING)], total: 1, page: 1, pageSize: 10 },
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
