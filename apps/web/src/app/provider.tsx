import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * App-wide providers. The modals manager sits above the router so a dialog opened just before
 * a navigation (e.g. "registration successful", then /login) stays open on the next page.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }}>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
