import { MantineProvider } from '@mantine/core';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../test/session-user';
import { SessionGuard } from './session-guard';
import { theme } from './theme';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/** The guard around /dashboard and /profile, with `GET /auth/me` answering `user`. */
function openGuarded(url: string, user: SessionUser) {
  vi.stubGlobal('fetch', async () => Response.json({ user }, { status: 200 }));
  const router = createMemoryRouter(
    [
      {
        element: <SessionGuard />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard</h1> },
          { path: '/profile', element: <h1>Profile</h1> },
        ],
      },
      { path: '/cart', element: <h1>Cart</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('SessionGuard', () => {
  it.each(['/dashboard', '/profile'])('sends a student who has not paid from %s to the cart', async (url) => {
    const router = openGuarded(url, sessionUser({ paid: false, verifyByHod: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeTruthy();
  });

  it('lets a paid student through', async () => {
    const router = openGuarded('/dashboard', sessionUser({ paid: true }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('asks an account with a password someone else chose for its own first, before the cart', async () => {
    const router = openGuarded('/dashboard', sessionUser({ mustChangePassword: true, paid: false }));
    expect(
      await screen.findByRole(
        'heading',
        { name: CONFIRMATION_MESSAGES.pageMustChangeTitle },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Temporary Password')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('never sends staff to the cart', async () => {
    openGuarded('/dashboard', sessionUser({ role: 'hod', paid: false }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
  });
});
