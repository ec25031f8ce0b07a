import { MantineProvider } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalsOnDemand } from '../../../app/provider';
import { Component as CartRoute } from '../../../app/routes/cart';
import { Component as LoginRoute } from '../../../app/routes/login';
import { theme } from '../../../app/theme';
import { sessionUser } from '../../../test/session-user';
import { pkg } from '../../commerce/purchase/test-support';

/** A student who signs in before paying lands on the package page (spec 01 section 2.4). */

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function signIn(
  message: string,
  user = sessionUser({ paid: false }),
  tab: 'Student Login' | 'Faculty Login' = 'Student Login',
) {
  // Signed out until the login call answers; then the session is the user's (the cart asks).
  let signedIn = false;
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/v1/auth/login' || url === '/api/v1/auth/staff-login') {
      signedIn = true;
      return Response.json({ message, user }, { status: 200 });
    }
    if (url === '/api/v1/auth/me') {
      return signedIn
        ? Response.json(user, { status: 200 })
        : Response.json({ code: 'unauthorized', message: 'Please sign in' }, { status: 401 });
    }
    if (url === '/api/v1/packages') return Response.json({ items: [pkg()] }, { status: 200 });
    return Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 });
  });
  const router = createMemoryRouter(
    [
      {
        Component: LoginRoute,
        children: [
          { path: '/login', element: null },
          { path: '/staffLogin', element: null },
        ],
      },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/profile', element: <h1>Profile</h1> },
      { path: '/cart', Component: CartRoute },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
        <ModalsOnDemand />
      </MantineProvider>
    </QueryClientProvider>,
  );
  if (tab === 'Faculty Login') fireEvent.click(screen.getByRole('tab', { name: tab }));
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@12345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  return router;
}

describe('login of a student who has not paid', () => {
  it('goes to the cart when the message mentions payment, and the cart shows that message', async () => {
    const router = signIn(PAYMENT_MESSAGES.loginPaymentPending);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), { timeout: 5000 });
    const notice = await screen.findByRole('status', { name: 'Sign-in notice' }, { timeout: 5000 });
    expect(notice.textContent).toBe(PAYMENT_MESSAGES.loginPaymentPending);
    // The packages are there under it, to buy one.
    expect(await screen.findByRole('article', { name: 'Single' }, { timeout: 5000 })).toBeTruthy();
  });

  it('goes to the profile as before when the message does not (an unapproved, paid student)', async () => {
    const router = signIn(LOGIN_MESSAGES.success, sessionUser({ paid: true, verifyByHod: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 5000 });
  });

  it('never sends staff to the cart', async () => {
    const router = signIn(
      PAYMENT_MESSAGES.loginPaymentPending,
      sessionUser({ role: 'professor', paid: false }),
      'Faculty Login',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });
});
