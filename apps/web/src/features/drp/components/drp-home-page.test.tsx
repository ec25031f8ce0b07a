import { DRP_MESSAGES, type Posting } from '@pgel/shared/drp/postings';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ACTION_EVENT } from '../../../components/floating-add-button';
import { storeUser } from '../../../lib/session';
import { stubScreenWidth } from '../../../test/screen-width';
import { sessionUser } from '../../../test/session-user';
import {
  type FakeRoute,
  fakeApi,
  PATIENTLY,
  readDialog,
  withModals,
} from '../../records/components/test-support';
import { DrpHomePage } from './drp-home-page';

const POSTING_ID = '00000000-0000-4000-8000-0000000000b1';
const LIST_PATH = 'GET /drp/postings?page=1&pageSize=10';

function posting(changes: Partial<Posting> = {}): Posting {
  return {
    id: POSTING_ID,
    student: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Asha Nair' },
    studentCollege: 'GMC Guwahati',
    institution: { id: '00000000-0000-4000-8000-0000000000a1', name: 'District Hospital Tezpur' },
    state: 'Assam',
    coordinator: {
      id: '00000000-0000-4000-8000-0000000000e9',
      name: 'Dr. Bora',
      email: 'bora@dh.test',
      phone: '9876543210',
    },
    scheduleFrom: '2026-03-01',
    scheduleTo: '2026-05-30',
    notice: {
      id: '00000000-0000-4000-8000-0000000000d9',
      url: '/api/v1/files/notice',
      originalName: 'order.png',
      contentType: 'image/png',
    },
    canDelete: false,
    createdAt: '2026-02-20T09:00:00.000Z',
    ...changes,
  };
}

const page = (items: Posting[]): FakeRoute => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});

function renderAs(who: SessionUser, routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)>) {
  storeUser(who);
  const sent = fakeApi({ 'GET /auth/me': { status: 200, body: { user: who } }, ...routes });
  withModals(<DrpHomePage />, { initialUrl: '/drp/home' });
  return sent;
}

const coordinator = sessionUser({ role: 'drp_coordinator', college: null, department: null });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('DrpHomePage', () => {
  it("coordinator: reads the postings with the spec's columns, adds and deletes nothing", async () => {
    renderAs(coordinator, { [LIST_PATH]: page([posting()]) });
    const table = await screen.findByRole('table', { name: 'DRP Records' });
    await within(table).findByText('Dr. Bora', {}, PATIENTLY);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Sr. No.',
      'Student',
      'Coordinator',
      'Institution',
      'Student Institution',
      'State',
      'Schedule From',
      'Schedule To',
      'Email',
      'Phone',
      'Notice',
    ]);
    expect(within(table).getByText('01-03-2026')).toBeTruthy();
    expect(within(table).getByText('30-05-2026')).toBeTruthy();
    expect(within(table).getByText('GMC Guwahati')).toBeTruthy();
    expect(screen.queryByRole('button', { name: DRP_MESSAGES.addTitle })).toBeNull();
    // The floating button's event opens nothing for a coordinator.
    act(() => void window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT)));
    expect(screen.queryByRole('dialog', { name: DRP_MESSAGES.addTitle })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'View notice of Asha Nair' }));
    const viewer = await screen.findByRole('dialog', { name: 'Notice' }, PATIENTLY);
    expect(within(viewer).getByRole('img', { name: 'order.png' })).toBeTruthy();
  });

  it('student: deletes a deletable posting after the confirmation, with the server message', async () => {
    let deleted = false;
    const sent = renderAs(sessionUser(), {
      [LIST_PATH]: () => page(deleted ? [] : [posting({ canDelete: true })]),
      [`DELETE /drp/postings/${POSTING_ID}`]: () => {
        deleted = true;
        return { status: 200, body: { message: DRP_MESSAGES.deleted } };
      },
    });
    const table = await screen.findByRole('table', { name: 'DRP Records' });
    await within(table).findByText('Dr. Bora', {}, PATIENTLY);
    expect(within(table).queryByRole('columnheader', { name: 'Student' })).toBeNull();

    fireEvent.click(
      within(table).getByRole('button', {
        name: 'Delete the posting of Asha Nair at District Hospital Tezpur',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: DRP_MESSAGES.deleteTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(DRP_MESSAGES.deleteWarning);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect((await readDialog('Deleted!')).textContent).toContain(DRP_MESSAGES.deleted);
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    await within(table).findByText('No Data Found', {}, PATIENTLY);

    // The floating button opens Add DRPC for the resident.
    act(() => void window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT)));
    expect(await screen.findByRole('dialog', { name: DRP_MESSAGES.addTitle }, PATIENTLY)).toBeTruthy();
  });

  it('shows each posting as a card on a 390 px phone', async () => {
    stubScreenWidth(390);
    renderAs(sessionUser({ role: 'hod' }), { [LIST_PATH]: page([posting()]) });
    const cards = await screen.findByRole('list', { name: 'DRP Records' }, PATIENTLY);
    await waitFor(() => expect(within(cards).getByText('Asha Nair')).toBeTruthy(), PATIENTLY);
    expect(within(cards).getByText('District Hospital Tezpur')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'DRP Records' })).toBeNull();
  });
});
