import { ModalsProvider } from '@mantine/modals';
import { CONFIRMATION_MESSAGES as M, type ToConfirmItem } from '@pgel/shared/schemas/staff-confirmation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { readDialog } from './test-support';
import { ToConfirmCard } from './to-confirm-card';

const TEACHER: ToConfirmItem = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Dr. Friend',
  email: 'friend@mail.test',
  phone: '+919812345678',
  role: 'professor',
  kind: 'teacher',
  proposedBy: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Asha Nair' },
  proposedAt: '2026-11-20T10:00:00.000Z',
  where: 'General Medicine, GMC',
  residents: ['Asha Nair'],
};
const COORDINATOR: ToConfirmItem = {
  ...TEACHER,
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Dr. District',
  role: 'drp_coordinator',
  kind: 'coordinator',
  where: 'District Hospital Ernakulam',
};

let items: ToConfirmItem[];
let posts: Array<{ url: string; body: unknown }>;

beforeEach(() => {
  items = [TEACHER, COORDINATOR];
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        items = items.filter((item) => !url.includes(item.id));
        return Response.json({ message: M.confirmed });
      }
      return Response.json({ items });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ToConfirmCard', () => {
  it('shows who proposed each account and when, and confirms one after asking', async () => {
    renderWithApp(
      <ModalsProvider>
        <ToConfirmCard />
      </ModalsProvider>,
    );
    const row = await screen.findByRole('listitem', { name: 'Dr. Friend, awaiting confirmation' });
    expect(row.textContent).toContain('Proposed by Asha Nair on 20-11-2026');
    expect(row.textContent).toContain('Professor');
    expect(
      screen.getByRole('listitem', { name: 'Dr. District, awaiting confirmation' }).textContent,
    ).toContain('as DRP coordinator at District Hospital Ernakulam for Asha Nair');

    fireEvent.click(within(row).getByRole('button', { name: 'Confirm Dr. Friend' }));
    const ask = await screen.findByRole('dialog', { name: M.confirmTitle });
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes, confirm' }));
    expect(await readDialog('Confirmed')).toContain(M.confirmed);
    expect(posts).toEqual([
      { url: `/api/v1/staff/${TEACHER.id}/confirmation`, body: { decision: 'confirm' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Dr\. Friend/ })).toBeNull());
  });

  it('narrows to coordinators on the DRP page, and draws nothing when no one waits', async () => {
    const { unmount } = renderWithApp(<ToConfirmCard kind="coordinator" />);
    expect(await screen.findByRole('listitem', { name: /Dr\. District/ })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: /Dr\. Friend/ })).toBeNull();
    unmount();
    items = [];
    renderWithApp(<ToConfirmCard />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByText(M.listTitle)).toBeNull();
  });
});
