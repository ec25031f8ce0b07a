import { MantineProvider } from '@mantine/core';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePageAfterSignIn } from '../lib/after-sign-in';
import { sessionUser } from '../test/session-user';
import { SessionGuard } from './session-guard';
import { theme } from './theme';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/** The guard around /dashboard and /profile, with `GET /auth/me` answering `user` (null: 401). */
function openGuarded(url: string, user: SessionUser | null) {
  vi.stubGlobal('fetch', async () =>
    user
      ? Response.json({ user }, { status: 200 })
      : Response.json({ code: 'unauthorized', message: 'Please log in' }, { status: 401 }),
  );
  const router = createMemoryRouter(
    [
      {
        element: <SessionGuard />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard</h1> },
          { path: '/profile', element: <h1>Profile</h1> },
          { path: '/task/:kind', element: <h1>Report</h1> },
        ],
      },
      { path: '/cart', element: <h1>Cart</h1> },
      { path: '/login', element: <h1>Student Login</h1> },
      { path: '/staffLogin', element: <h1>Faculty Login</h1> },
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

  // Issue 30: a mail's link to an entry's verification, opened signed out.
  it('sends a signed-out visitor of a verification link to the faculty tab, and back after sign-in', async () => {
    const link = '/task/teaching?record=00000000-0000-4000-8000-0000000000a1&verify=1';
    const router = openGuarded(link, null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staffLogin'), { timeout: 5000 });
    expect(takePageAfterSignIn()).toBe(link);
    // Taken once.
    expect(takePageAfterSignIn()).toBeNull();
  });

  it('sends other signed-out visitors to the student tab, remembering the page', async () => {
    const router = openGuarded('/profile', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(takePageAfterSignIn()).toBe('/profile');
  });

  it('never sends staff to the cart', async () => {
    openGuarded('/dashboard', sessionUser({ role: 'hod', paid: false }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
  });
});
