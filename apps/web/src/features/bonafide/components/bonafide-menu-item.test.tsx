import { BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { sessionUser } from '../../../test/session-user';
import { ProfileMenu } from '../../shell/components/profile-menu';

async function openMenu(user: SessionUser) {
  renderWithApp(<ProfileMenu user={user} onUpdatePassword={() => {}} onLogout={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: `Hello, ${user.name}` }));
  // The dropdown's opening transition leaves it display:none in jsdom, hence `hidden`.
  await screen.findByRole('menuitem', { name: 'Profile', hidden: true });
}

describe('the Bonafide Certificate in the profile menu', () => {
  it('downloads the certificate for a certified student', async () => {
    await openMenu(sessionUser({ role: null, certified: true }));
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.4', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${M.fileName}"`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    const item = await screen.findByRole('menuitem', { name: M.menuLabel, hidden: true });
    fireEvent.click(item);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/v1/bonafide', { credentials: 'same-origin' }),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    vi.unstubAllGlobals();
  });

  it.each([
    ['an uncertified student', sessionUser({ role: null, certified: false })],
    ['staff', sessionUser({ role: 'hod', certified: true })],
  ])('is not offered to %s', async (_, user) => {
    await openMenu(user);
    expect(screen.queryByRole('menuitem', { name: M.menuLabel, hidden: true })).toBeNull();
  });
});
