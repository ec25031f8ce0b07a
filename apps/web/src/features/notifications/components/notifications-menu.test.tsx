import { ModalsProvider } from '@mantine/modals';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEXT,
  type NotificationList,
} from '@pgel/shared/schemas/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { NotificationsMenu } from './notifications-menu';

const PATIENTLY = { timeout: 8000 };

function notice(n: number, read: boolean) {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    fromName: `Dr. Sender ${n}`,
    description: `Notice ${n}`,
    url: '/dashboard',
    read,
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

/** The notifications API as the menu calls it, with Mark all read changing what GET answers. */
function fakeNotificationsApi() {
  let list: NotificationList = {
    items: [notice(1, false), notice(2, false), notice(3, true)],
    unreadCount: 2,
  };
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input).replace(/^\/api\/v1/, '')}`;
      sent.push(call);
      let body: unknown = { code: 'not_found', message: 'Not found' };
      let status = 404;
      if (call === 'GET /notifications') [status, body] = [200, list];
      if (call === 'POST /notifications/read-all') {
        const updatedCount = list.unreadCount;
        list = { items: list.items.map((item) => ({ ...item, read: true })), unreadCount: 0 };
        [status, body] = [200, { message: NOTIFICATION_MESSAGES.allRead(updatedCount), updatedCount }];
      }
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

describe('NotificationsMenu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Mark all read marks every notification read in one call and clears the badge', async () => {
    const sent = fakeNotificationsApi();
    renderWithApp(
      <ModalsProvider>
        <NotificationsMenu />
      </ModalsProvider>,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, PATIENTLY);
    fireEvent.click(bell);
    // happy-dom never ends the dropdown's transition: look past its display:none.
    const markAll = await screen.findByRole(
      'button',
      { name: NOTIFICATION_TEXT.markAllRead, hidden: true },
      PATIENTLY,
    );
    expect(screen.getAllByText('(unread)', { exact: false })).toHaveLength(2);
    fireEvent.click(markAll);

    await waitFor(() => expect(sent).toContain('POST /notifications/read-all'), PATIENTLY);
    expect(sent.filter((call) => call.startsWith('POST'))).toEqual(['POST /notifications/read-all']);
    expect(await screen.findByRole('button', { name: 'Notifications' }, PATIENTLY)).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryAllByText('(unread)', { exact: false })).toHaveLength(0);
      expect(screen.queryByRole('button', { name: NOTIFICATION_TEXT.markAllRead, hidden: true })).toBeNull();
    }, PATIENTLY);
  });
});
