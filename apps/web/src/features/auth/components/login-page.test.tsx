import { MantineProvider } from '@mantine/core';
import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalsOnDemand } from '../../../app/provider';
import { Component as LoginRoute } from '../../../app/routes/login';
import { theme } from '../../../app/theme';
import { sessionUserQueryOptions } from '../../../lib/session';
import { LoginPage } from './login-page';

const FACULTY: SessionUser = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Dr. Demo Professor',
  email: 'faculty@demo.test',
  phone: null,
  role: 'professor',
  referralId: 'REF123',
  profilePic: null,
  certified: true,
  verifyByHod: true,
  paid: false,
  joiningDate: null,
  dob: null,
  address: null,
  fatherName: null,
  motherName: null,
  collegeRollNo: null,
  universityRollNo: null,
  hod: null,
  unitHead: null,
  course: null,
  college: null,
  department: null,
};

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

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
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
    vi.stubGlobal('fetch', fetchMock);
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
    vi.stubGlobal('fetch', fetchMock);
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
    vi.stubGlobal(
      'fetch',
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
});
