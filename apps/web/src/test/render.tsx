import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';

/**
 * Renders a page fragment the way the app does (Mantine, TanStack Query, a router at
 * `initialUrl`), and returns the router so a test can read the URL.
 */
export function renderWithApp(element: ReactNode, { initialUrl = '/' }: { initialUrl?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [initialUrl] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
