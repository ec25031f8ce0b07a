import { MantineProvider } from '@mantine/core';
import { LOGOUT_MESSAGES } from '@pgel/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { isChunkLoadError, watchPreloadErrors } from '../lib/chunk-load-error';
import { ROUTE_ERROR_TEXT, RouteError } from './route-error';
import { theme } from './theme';

let requests: Array<{ url: string; method: string }>;

beforeEach(() => {
  requests = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, method: init.method ?? 'GET' });
      return new Response(JSON.stringify({ message: 'Logged out' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app's root route with one page whose code or data fails with `error`. */
function renderFailingPage(error: unknown, how: 'lazy' | 'loader') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteError />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [
          how === 'lazy'
            ? { path: '/dashboard', lazy: () => Promise.reject(error) }
            : {
                path: '/dashboard',
                loader: () => {
                  throw error;
                },
                element: <p>Dashboard</p>,
              },
          { path: '/login', element: <p>Login page</p> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

const logoutCalls = () => requests.filter((r) => r.url.endsWith('/auth/logout'));

describe('RouteError', () => {
  it('offers a reload and keeps the session when a page’s code fails to download', async () => {
    renderFailingPage(
      new TypeError('Failed to fetch dynamically imported module: https://app/assets/dashboard-x1.js'),
      'lazy',
    );
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain(ROUTE_ERROR_TEXT.chunk);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText(LOGOUT_MESSAGES.text)).toBeNull();
    // Give a sign-out a chance to start: none may.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logoutCalls()).toEqual([]);
  });

  it('keeps the session on any other unexpected error too', async () => {
    renderFailingPage(new Error('Cannot read properties of undefined'), 'loader');
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain(ROUTE_ERROR_TEXT.crash);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logoutCalls()).toEqual([]);
  });

  it('signs the user out when the API refuses the session (401)', async () => {
    renderFailingPage(new ApiError(401, 'unauthorized', 'Please log in'), 'loader');
    // The logout screen is loaded on demand: allow for a busy machine.
    expect(await screen.findByText(LOGOUT_MESSAGES.text, {}, { timeout: 5000 })).toBeTruthy();
    await vi.waitFor(() => expect(logoutCalls()).toHaveLength(1), { timeout: 5000 });
    expect(logoutCalls()[0]?.method).toBe('POST');
  });
});

describe('isChunkLoadError', () => {
  it('knows each browser’s wording and Vite’s preload event, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/page.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is not a function'))).toBe(false);
    expect(isChunkLoadError(new ApiError(401, 'unauthorized', 'Please log in'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);

    const target = new EventTarget() as Window;
    watchPreloadErrors(target);
    const odd = new Error('a wording no browser uses');
    expect(isChunkLoadError(odd)).toBe(false);
    target.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: odd }));
    expect(isChunkLoadError(odd)).toBe(true);
  });
});
