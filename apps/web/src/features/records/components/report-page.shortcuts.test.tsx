import type { RecordListItem } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { stubScreenWidth } from '../../../test/screen-width';
import { sessionUser } from '../../../test/session-user';
import { forgetApprovals, rememberApproval } from '../last-approval';
import { ReportPage } from './report-page';
import { type FakeRoute, fakeApi, PATIENTLY, STUDENT_ID, withModals } from './test-support';
import { scoringFor } from './verify-scoring';

// Issue 30 section 4: a faculty member goes through a resident's entries without the mouse.

const STAFF = sessionUser({
  id: '00000000-0000-4000-8000-0000000000f2',
  name: 'Dr. Rao',
  email: 'rao@example.test',
  role: 'professor',
});
const teaching = findKind('teaching');
if (!teaching) throw new Error('no teaching kind');

const id = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
function entry(n: number, changes: Partial<RecordListItem> = {}): RecordListItem {
  return {
    id: id(n),
    kind: 'teaching',
    studentId: STUDENT_ID,
    studentName: 'Asha Nair',
    date: `2026-11-${String(n).padStart(2, '0')}`,
    teacherId: null,
    teacherName: null,
    status: 'pending',
    studentRemark: 'Taught the juniors',
    verifierRemark: null,
    score: null,
    verifiedByName: null,
    verifiedAt: null,
    everVerified: false,
    confirmedRole: null,
    amendedAt: null,
    flags: [],
    certificate: null,
    details: { trainingType: 'Clinics', topic: `Topic ${n}` },
    createdAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}

const page = (items: RecordListItem[], total = items.length, pageNumber = 1, pageSize = 10): FakeRoute => ({
  status: 200,
  body: { items, total, page: pageNumber, pageSize },
});
const LIST = 'GET /records?page=1&pageSize=10&sort=date&order=desc&kind=teaching';
const RESIDENT_LIST = `${LIST}&status=pending&studentId=${STUDENT_ID}`;

function renderReport(routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>, initialUrl = '/') {
  storeUser(STAFF);
  const sent = fakeApi({
    'GET /auth/me': { status: 200, body: { user: STAFF } },
    'GET /students?page=1&pageSize=20&sort=name': page([]),
    ...routes,
  });
  withModals(<ReportPage kindId="teaching" />, { initialUrl });
  return sent;
}

const verified = (n: number) => (): FakeRoute => ({
  status: 200,
  body: {
    message: 'Record verified successfully',
    record: { ...entry(n, { status: 'approved' }), canVerify: true, canDelete: false, history: [] },
  },
});

const press = (key: string, target: Element = document.activeElement ?? document.body, extra = {}) =>
  fireEvent.keyDown(target, { key, ...extra });
const rowOf = (n: number) => screen.getByText(`Topic ${n}`).closest('tr') as HTMLElement;
const current = () => document.querySelector('tr[aria-current="true"]');

beforeEach(() => {
  stubScreenWidth(1366);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  forgetApprovals();
});

describe('the report page with the keyboard (issue 30)', () => {
  it('j and k go through the rows, focused and marked current; Enter opens the Action, ? the shortcuts', async () => {
    renderReport({ [LIST]: page([entry(1), entry(2), entry(3)]) });
    await screen.findByText('Topic 3', undefined, PATIENTLY);
    expect(current()).toBeNull();

    press('j', document.body);
    await waitFor(() => expect(current()).toBe(rowOf(1)));
    expect(document.activeElement).toBe(rowOf(1));
    press('j');
    press('j');
    await waitFor(() => expect(current()).toBe(rowOf(3)));
    // The last row of the last page: it stays, and says so.
    press('j');
    expect(await screen.findByText('This is the last entry.')).toBeTruthy();
    press('k');
    await waitFor(() => expect(current()).toBe(rowOf(2)));
    expect(document.activeElement).toBe(rowOf(2));

    // Typing in the search box moves nothing.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    press('j', search);
    press('k', search);
    expect(current()).toBe(rowOf(2));

    press('Enter', rowOf(2));
    const action = await screen.findByRole('dialog', { name: 'Verification' }, PATIENTLY);
    expect(action.textContent).toContain('Topic 2');
    // A dialog is open: the page's keys wait.
    press('j', action);
    expect(current()).toBe(rowOf(2));
    fireEvent.click(within(action).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verification' })).toBeNull(), PATIENTLY);

    press('?', document.body, { shiftKey: true });
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, PATIENTLY);
    const keys = within(help).getByRole('table', { name: 'Keyboard shortcuts' });
    expect(
      within(keys)
        .getAllByText(/.+/, { selector: 'kbd' })
        .map((kbd) => kbd.textContent),
    ).toEqual(['j', 'k', 'a', 'Enter', 'o', 'x', '?']);
    expect(help.textContent).toContain('Approve the entry with the score and feedback of your last approval');
  });

  it('a approves with the last approval’s score and feedback and goes on; before any, the Action starts at Approved', async () => {
    const sent = renderReport({
      [LIST]: page([entry(1), entry(2), entry(3)]),
      [`POST /records/${id(1)}/verification`]: verified(1),
      [`POST /records/${id(2)}/verification`]: verified(2),
    });
    await screen.findByText('Topic 3', undefined, PATIENTLY);
    press('j', document.body);
    await waitFor(() => expect(current()).toBe(rowOf(1)));

    // Nothing approved yet: the Action, its verdict chosen.
    press('a');
    const action = await screen.findByRole('dialog', { name: 'Verification' }, PATIENTLY);
    expect(within(action).getByRole('combobox', { name: /^Status/ })).toHaveProperty('value', 'Approved');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(action).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verification' })).toBeNull(), PATIENTLY);

    // The verifier's last approval of an entry scored this way: 3 - Good, with its feedback.
    rememberApproval(STAFF.id, scoringFor(teaching, entry(9).details), {
      status: 'approved',
      score: 3,
      remark: 'Well prepared.',
    });
    // Never while typing, never with Ctrl.
    press('a', screen.getByRole('searchbox', { name: 'Search' }));
    press('a', document.body, { ctrlKey: true });
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    press('a', document.body);
    expect(
      await screen.findByText('Approved the entry of Asha Nair, 01-11-2026 with 3 - Good (1 so far).'),
    ).toBeTruthy();
    const posts = sent.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        path: `/records/${id(1)}/verification`,
        body: { status: 'approved', score: 3, remark: 'Well prepared.' },
      },
    ]);
    // The status line that said it is read out.
    expect(screen.getByRole('status').textContent).toContain('Approved the entry of Asha Nair');
    await waitFor(() => expect(current()).toBe(rowOf(2)));
    press('a', document.body);
    expect(
      await screen.findByText('Approved the entry of Asha Nair, 02-11-2026 with 3 - Good (2 so far).'),
    ).toBeTruthy();
    await waitFor(() => expect(current()).toBe(rowOf(3)));

    // The Action offers the same in one tap (a phone has no keys).
    press('Enter', rowOf(3));
    const next = await screen.findByRole('dialog', { name: 'Verification' }, PATIENTLY);
    expect(next.textContent).toContain('Your last approval: 3 - Good · “Well prepared.”');
    fireEvent.click(within(next).getByRole('button', { name: 'Approve as last time' }));
    expect(within(next).getByRole('combobox', { name: /^Status/ })).toHaveProperty('value', 'Approved');
    expect(within(next).getByRole('combobox', { name: /^Score/ })).toHaveProperty('value', '3 - Good');
    expect(within(next).getByRole('textbox', { name: /^Feedback/ })).toHaveProperty(
      'value',
      'Well prepared.',
    );
  });

  it('x ticks the current entry; Select all takes every pending entry of the resident, page by page', async () => {
    const all = Array.from({ length: 25 }, (_, i) => entry(i + 1));
    renderReport(
      {
        [RESIDENT_LIST]: page(all.slice(0, 10), 25),
        [`GET /records?page=1&pageSize=20&sort=date&order=desc&kind=teaching&status=pending&studentId=${STUDENT_ID}`]:
          page(all.slice(0, 20), 25, 1, 20),
        [`GET /records?page=2&pageSize=20&sort=date&order=desc&kind=teaching&status=pending&studentId=${STUDENT_ID}`]:
          page(all.slice(20), 25, 2, 20),
      },
      `/task/teaching?student=${STUDENT_ID}&status=pending`,
    );
    await screen.findByText('Topic 10', undefined, PATIENTLY);
    press('j', document.body);
    await waitFor(() => expect(current()).toBe(rowOf(1)));
    press('x');
    expect(await screen.findByText('1 selected')).toBeTruthy();
    press('x');
    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());

    expect(screen.getByText('Asha Nair: 25 pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 25' }));
    expect(await screen.findByText('25 selected', undefined, PATIENTLY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Select all 25' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify selected' }));
    const bulk = await screen.findByRole('dialog', { name: 'Verify selected' }, PATIENTLY);
    expect(bulk.textContent).toContain('25 entries selected');
  });
});
