import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readDraft, writeDraft } from '../../../lib/entry-drafts';
import { useLogout } from './logout';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderLogout() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLogout(), { wrapper }).result;
}

describe('useLogout', () => {
  it("removes every unfinished entry kept on the device, even when the server can't be reached", async () => {
    writeDraft('user-a', 'record:clinical-case', { provisionalDiagnosis: 'Pneumonia' });
    writeDraft('user-b', 'record:procedure', { ipd: 'IPD-1' });
    window.localStorage.setItem('unrelated', 'kept');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const logout = renderLogout();
    logout.current.mutate();
    await waitFor(() => expect(logout.current.isIdle).toBe(false));
    await waitFor(() => expect(readDraft('user-a', 'record:clinical-case')).toBeNull());
    expect(readDraft('user-b', 'record:procedure')).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
  });
});
