import type { CreateRecordInput } from '@pgel/shared/records/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCreateRecord } from './create-record';

const RECORD_ID = '00000000-0000-4000-8000-0000000000d1';
const answer = {
  message: 'Saved',
  record: {
    id: RECORD_ID,
    kind: 'leave',
    studentId: '00000000-0000-4000-8000-0000000000f1',
    studentName: 'Asha',
    date: '2025-03-10',
    teacherId: null,
    teacherName: null,
    status: 'pending',
    studentRemark: null,
    verifierRemark: null,
    score: null,
    verifiedByName: null,
    verifiedAt: null,
    everVerified: false,
    confirmedRole: null,
    amendedAt: null,
    flags: [],
    certificate: null,
    details: {},
    createdAt: '2025-03-10T10:00:00.000Z',
    canVerify: false,
    canDelete: true,
    history: [],
  },
};

afterEach(() => vi.unstubAllGlobals());

/** fetch that fails like a dropped connection `failures` times, then answers 201; keeps each key. */
function flakyNetwork(failures: number) {
  const keys: Array<string | undefined> = [];
  let left = failures;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      keys.push((init?.headers as Record<string, string> | undefined)?.['idempotency-key']);
      if (left > 0) {
        left -= 1;
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify(answer), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return keys;
}

function renderCreate() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCreateRecord(), { wrapper });
}

const leave = (remark: string) =>
  ({ kind: 'leave', studentRemark: remark, details: {} }) as CreateRecordInput;

describe('useCreateRecord', () => {
  it('retries a request lost on the network with the same Idempotency-Key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const keys = flakyNetwork(1);
      const { result } = renderCreate();
      act(() => result.current.mutate(leave('fever')));
      await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5000 });
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[\x21-\x7e]{1,200}$/);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a new key for other values, and for the same values once the first was saved', async () => {
    const keys = flakyNetwork(0);
    const { result } = renderCreate();
    await act(() => result.current.mutateAsync(leave('fever')));
    await act(() => result.current.mutateAsync(leave('fever')));
    await act(() => result.current.mutateAsync(leave('cough')));
    expect(new Set(keys).size).toBe(3);
  });

  it('sends the same key when the student submits the same values again after an error', async () => {
    const keys = flakyNetwork(3);
    const { result } = renderCreate();
    await act(() => result.current.mutateAsync(leave('fever')).catch(() => undefined));
    await act(() => result.current.mutateAsync(leave('fever')));
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  });
});
