import { MantineProvider } from '@mantine/core';
import { SIGNED_IN_MARKER_COOKIE } from '@pgel/shared/auth/signed-in-marker';
import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsOnDemand } from '../../../app/provider';
import { Component as LoginRoute } from '../../../app/routes/login';
import { theme } from '../../../app/theme';
import { sessionUserQueryOptions } from '../../../lib/session';
import { sessionUser } from '../../../test/session-user';
import { LoginPage } from './login-page';

const FACULTY = sessionUser({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Dr. Demo Professor',
  email: 'faculty@demo.test',
  role: 'professor',
  referralId: 'REF123',
  paid: false,
  college: null,
  department: null,
});

/**
 * The login page as the app mounts it: one route element for /login and /staffLogin (see
 * app/router.tsx), with the app's on-demand modals manager beside the router.
 */
function renderLogin(initialUrl: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
      {
        path: '/snmc',
        element: <LoginPage kind="student" variant={{ name: 'SNMC', logoSrc: '/snmc.svg' }} />,
      },
    ],
    { initialEntries: [initialUrl] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
        <ModalsOnDemand />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const tab = (name: 'Student Login' | 'Faculty Login') => screen.getByRole('tab', { name });
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

const meCalls = vi.fn();

/**
 * The server as the page sees it: with the signed-in marker cookie, the login page first asks
 * `GET /auth/me` whether the visitor is signed in already; `signedIn` answers that, and every
 * other request goes to `server`.
 */
function stubServer(server: (...args: unknown[]) => unknown, { signedIn = false } = {}) {
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url !== '/api/v1/auth/me') return server(url, init);
    meCalls();
    return Promise.resolve(
      signedIn
        ? Response.json({ user: FACULTY }, { status: 200 })
        : Response.json({ code: 'unauthorized', message: 'Please sign in' }, { status: 401 }),
    );
  });
}

function setMarker() {
  // biome-ignore lint/suspicious/noDocumentCookie: what the server's Set-Cookie leaves in the page
  document.cookie = `${SIGNED_IN_MARKER_COOKIE}=1; Path=/`;
}
const hasMarker = () => document.cookie.includes(`${SIGNED_IN_MARKER_COOKIE}=`);

// Signed out unless a test says otherwise; nothing reaches a real network.
beforeEach(() => stubServer(vi.fn()));

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  meCalls.mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test's own cookie, removed
  document.cookie = `${SIGNED_IN_MARKER_COOKIE}=; Max-Age=0; Path=/`;
});

describe('LoginPage', () => {
  it('keeps what was typed when a tab changes the address, before and right after the switch', async () => {
    const { router } = renderLogin('/login');
    const emailField = email();
    type(emailField, 'faculty@demo.test');

    fireEvent.click(tab('Faculty Login'));
    type(password(), 'Demo@12345');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staffLogin'));
    expect(tab('Faculty Login').getAttribute('aria-selected')).toBe('true');
    // The same field, not a new one: focus and the caret stay where they were.
    expect(email()).toBe(emailField);
    expect(email().value).toBe('faculty@demo.test');
    expect(password().value).toBe('Demo@12345');
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();

    fireEvent.click(tab('Student Login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(email().value).toBe('faculty@demo.test');
    expect(password().value).toBe('Demo@12345');
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeTruthy();
  });

  it('keeps what was typed on an institution’s screen, whose tabs switch in place', () => {
    const { router } = renderLogin('/snmc');
    type(email(), 'faculty@demo.test');
    fireEvent.click(tab('Faculty Login'));
    type(password(), 'Demo@12345');
    expect(router.state.location.pathname).toBe('/snmc');
    expect(tab('Faculty Login').getAttribute('aria-selected')).toBe('true');
    expect(email().value).toBe('faculty@demo.test');
    expect(password().value).toBe('Demo@12345');
  });

  it('shows the spec’s validation dialog and sends nothing when a field is empty', async () => {
    const fetchMock = vi.fn();
    stubServer(fetchMock);
    renderLogin('/login');
    type(email(), 'student@demo.test');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: VALIDATION_TITLE }, { timeout: 5000 });
    expect(dialog.textContent).toContain(LOGIN_MESSAGES.allDetails);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: VALIDATION_TITLE })).toBeNull());
  });

  it('signs in on the tab’s own endpoint after a switch and keeps the user for the next pages', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ message: LOGIN_MESSAGES.success, user: FACULTY }, { status: 200 }),
    );
    stubServer(fetchMock);
    const { router, queryClient } = renderLogin('/login');
    type(email(), 'Faculty@Demo.test');
    fireEvent.click(tab('Faculty Login'));
    type(password(), 'Demo@12345');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/staff-login');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'faculty@demo.test',
      password: 'Demo@12345',
      remember: false,
    });
    expect(queryClient.getQueryData(sessionUserQueryOptions().queryKey)).toEqual(FACULTY);
    expect(JSON.parse(window.sessionStorage.getItem('user') ?? 'null')).toEqual(FACULTY);
  });

  it('shows the server’s refusal under the spec’s title and stays on the tab', async () => {
    stubServer(
      vi.fn(async () =>
        Response.json({ code: 'forbidden', message: LOGIN_MESSAGES.notStudent }, { status: 403 }),
      ),
    );
    const { router } = renderLogin('/login');
    type(email(), 'faculty@demo.test');
    type(password(), 'Demo@12345');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: LOGIN_MESSAGES.failedTitle }, { timeout: 5000 });
    expect(dialog.textContent).toContain(LOGIN_MESSAGES.notStudent);
    expect(router.state.location.pathname).toBe('/login');
    expect(email().value).toBe('faculty@demo.test');
  });

  it.each(['/login', '/staffLogin'])(
    'sends a visitor already signed in from %s to the dashboard',
    async (url) => {
      const server = vi.fn();
      stubServer(server, { signedIn: true });
      setMarker();
      const { router } = renderLogin(url);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(server).not.toHaveBeenCalled();
    },
  );

  it('does not ask the server about a visitor who has no signed-in marker', async () => {
    const server = vi.fn();
    stubServer(server, { signedIn: true });
    const { router } = renderLogin('/login');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(meCalls).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(email()).toBeTruthy();
  });

  it('keeps a visitor whose session ended on the login page and drops the stale marker', async () => {
    const server = vi.fn();
    stubServer(server);
    setMarker();
    const { router } = renderLogin('/staffLogin');
    // The answer (401) has come and gone: the page and its form stay, the marker is gone.
    await waitFor(() => expect(hasMarker()).toBe(false), { timeout: 5000 });
    expect(meCalls).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/staffLogin');
    expect(email()).toBeTruthy();
  });
});
