import { MEMO_MESSAGES, type Memo } from '@pgel/shared/academic/memos';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import {
  type FakeRoute,
  fakeApi,
  PATIENTLY,
  pickOption,
  readDialog,
  withModals,
} from '../../records/components/test-support';
import { MemoPage } from './memo-page';

const STUDENT_ID = '00000000-0000-4000-8000-0000000000f1';
const HOD_ID = '00000000-0000-4000-8000-0000000000f2';
const MEMO_ID = '00000000-0000-4000-8000-0000000000d1';
const LIST_PATH = 'GET /memos?page=1&pageSize=10&sort=date&order=desc';

function memo(changes: Partial<Memo> = {}): Memo {
  return {
    id: MEMO_ID,
    memoNumber: 'MEMO/2026/001',
    date: '2026-03-10',
    reason: 'Absent from the ward round without leave',
    status: 'issued',
    student: { id: STUDENT_ID, name: 'Asha Nair' },
    issuedBy: { id: HOD_ID, name: 'Dr. Rao' },
    explanation: null,
    explainedAt: null,
    remark: null,
    closedBy: null,
    closedAt: null,
    createdAt: '2026-03-10T09:00:00.000Z',
    ...changes,
  };
}

const list = (items: Memo[]): FakeRoute => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});

function renderAs(
  who: SessionUser,
  routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>,
  initialUrl = '/memo',
) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  withModals(<MemoPage />, { initialUrl });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('MemoPage', () => {
  it('opens the memo a /reports row links to (?student=&entry=), read by its id, and closes it back to the list', async () => {
    const closed = memo({
      status: 'closed',
      explanation: 'I was called to the casualty.',
      remark: 'Accepted; inform the unit next time.',
    });
    // The list's first page holds other memos: the linked one is on a later page.
    const others = Array.from({ length: 10 }, (_, i) =>
      memo({
        id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
        memoNumber: `MEMO/2026/1${String(i).padStart(2, '0')}`,
      }),
    );
    const sent = renderAs(
      sessionUser({ id: HOD_ID, name: 'Dr. Rao', role: 'hod' }),
      {
        [`${LIST_PATH}&studentId=${STUDENT_ID}`]: {
          status: 200,
          body: { items: others, total: 100, page: 1, pageSize: 10 },
        },
        [`GET /memos/${MEMO_ID}`]: { status: 200, body: closed },
        'GET /students?page=1&pageSize=20&sort=name': {
          status: 200,
          body: { items: [], total: 0, page: 1, pageSize: 20 },
        },
      },
      `/memo?student=${STUDENT_ID}&entry=${MEMO_ID}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Memo MEMO/2026/001' }, PATIENTLY);
    for (const text of [
      'Closed',
      '10-03-2026',
      'Asha Nair',
      'Absent from the ward round without leave',
      'I was called to the casualty.',
      'Accepted; inform the unit next time.',
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(sent.filter((r) => r.path === `/memos/${MEMO_ID}`)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Memo MEMO/2026/001' })).toBeNull());
    const table = await screen.findByRole('table', { name: 'Memos' });
    expect(within(table).getByText('MEMO/2026/100')).toBeTruthy();
    expect(within(table).queryByText('MEMO/2026/001')).toBeNull();
  });

  it('a linked memo that is gone or out of scope says so; another filter leaves the link', async () => {
    renderAs(
      sessionUser({ id: HOD_ID, name: 'Dr. Rao', role: 'hod' }),
      {
        [`${LIST_PATH}&studentId=${STUDENT_ID}`]: list([]),
        [`${LIST_PATH}&status=issued&studentId=${STUDENT_ID}`]: list([]),
        [`GET /memos/${MEMO_ID}`]: { status: 404, body: { code: 'not_found', message: 'Not found' } },
        'GET /students?page=1&pageSize=20&sort=name': {
          status: 200,
          body: { items: [], total: 0, page: 1, pageSize: 20 },
        },
      },
      `/memo?student=${STUDENT_ID}&entry=${MEMO_ID}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Memo' }, PATIENTLY);
    expect(await within(dialog).findByText(MEMO_MESSAGES.notFound, {}, PATIENTLY)).toBeTruthy();
    await pickOption('Status', 'Issued');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Memo' })).toBeNull(), PATIENTLY);
  });

  it('student: explains an issued memo once, after a required text and a confirmation', async () => {
    let explained = false;
    const sent = renderAs(sessionUser(), {
      [LIST_PATH]: () =>
        list([explained ? memo({ status: 'explained', explanation: 'I was unwell.' }) : memo()]),
      [`POST /memos/${MEMO_ID}/explanation`]: () => {
        explained = true;
        return {
          status: 200,
          body: {
            message: MEMO_MESSAGES.explained,
            memo: memo({ status: 'explained', explanation: 'I was unwell.' }),
          },
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'Memos' });
    await within(table).findByText('MEMO/2026/001', {}, PATIENTLY);
    expect(within(table).getByText('10-03-2026')).toBeTruthy();
    expect(within(table).getByText('Issued')).toBeTruthy();
    // A student reads no Student column and creates nothing.
    expect(within(table).queryByRole('columnheader', { name: 'Student' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Memo' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Explain memo MEMO/2026/001' }));
    const form = await screen.findByRole('dialog', { name: MEMO_MESSAGES.explainTitle }, PATIENTLY);
    expect(within(form).getByText('Absent from the ward round without leave')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(MEMO_MESSAGES.explanationRequired);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Explanation/ }), {
      target: { value: '  I was unwell.  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    const confirm = await screen.findByRole('dialog', { name: MEMO_MESSAGES.confirmTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(MEMO_MESSAGES.confirmExplain);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Submit' }));

    expect((await readDialog('Success')).textContent).toContain(MEMO_MESSAGES.explained);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: `/memos/${MEMO_ID}/explanation`, body: { explanation: 'I was unwell.' } },
    ]);
    await within(table).findByText('Explained', {}, PATIENTLY);
    expect(within(table).getByText('I was unwell.')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Explain memo/ })).toBeNull();
  });

  it('HOD: Create Memo asks for every field first; Close is offered on explained memos only', async () => {
    const hod = sessionUser({ id: HOD_ID, name: 'Dr. Rao', role: 'hod' });
    const sent = renderAs(hod, {
      [LIST_PATH]: list([
        memo(),
        memo({
          id: '00000000-0000-4000-8000-0000000000d2',
          memoNumber: 'MEMO/2026/002',
          status: 'explained',
          explanation: 'Sorry',
        }),
      ]),
      'GET /students?page=1&pageSize=20&sort=name': list([]),
    });
    const table = await screen.findByRole('table', { name: 'Memos' });
    await within(table).findByText('MEMO/2026/002', {}, PATIENTLY);
    expect(within(table).getByRole('columnheader', { name: 'Student' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Close memo MEMO/2026/001' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Close memo MEMO/2026/002' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Memo' }));
    const form = await screen.findByRole('dialog', { name: MEMO_MESSAGES.createTitle }, PATIENTLY);
    fireEvent.click(within(form).getByRole('button', { name: 'Create Memo' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(MEMO_MESSAGES.fillAll);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
