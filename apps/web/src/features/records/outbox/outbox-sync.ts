import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '@pgel/shared/records/outbox';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { uploadFile } from '../../../lib/upload';
import { createRecord } from '../api/create-record';
import { recordsQueryKey } from '../api/list-records';
import { type FlushResult, flushOutbox, type OutboxTransport } from './outbox-sender';
import { isWaiting, listOutbox, type OutboxItem, subscribeOutbox } from './outbox-store';

/** Fired on the window when an entry was put in the outbox (the open app tries to send it). */
export const OUTBOX_QUEUED_EVENT = 'pgel-outbox-queued';

/** Base key of the outbox's queries (the device's own data: no network needed). */
export const outboxQueryKey = ['outbox'] as const;

/** The signed-in user's outbox, oldest first; follows every change (`subscribeOutbox`). */
export function useOutboxItems(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeOutbox((changed) => {
        void queryClient.invalidateQueries({ queryKey: [...outboxQueryKey, changed] });
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: [...outboxQueryKey, userId],
    queryFn: (): Promise<OutboxItem[]> => (userId ? listOutbox(userId) : Promise.resolve([])),
    enabled: userId !== null,
    // IndexedDB answers with no network; a paused query would never show the waiting entries.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** How many of the user's entries wait to be sent (not the refused ones). */
export function useWaitingCount(userId: string | null): number {
  const { data } = useOutboxItems(userId);
  return data?.filter(isWaiting).length ?? 0;
}

/** The app's own API calls: the file upload route, then `POST /records` with the item's key. */
const apiTransport: OutboxTransport = {
  upload: async (file) => {
    const stored = await uploadFile(new File([file.blob], file.name, { type: file.type }), 'document');
    return stored.id;
  },
  createRecord: (body, idempotencyKey) => createRecord(body, idempotencyKey),
};

async function flushAndRefresh(queryClient: QueryClient, userId: string): Promise<FlushResult> {
  const result = await flushOutbox(userId, apiTransport);
  // The entries now on the server show in their lists (and the dashboard's counts).
  if (result.sent > 0) await queryClient.invalidateQueries({ queryKey: recordsQueryKey });
  return result;
}

/** Sends the user's outbox now (the badge, the sign-out dialog's "Send now"). */
export function useFlushOutbox(userId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    async (): Promise<FlushResult | null> => (userId ? flushAndRefresh(queryClient, userId) : null),
    [queryClient, userId],
  );
}

/**
 * Asks the browser to wake the app when the signal returns (Background Sync), where there is a
 * service worker and the browser has it; the service worker then posts `OUTBOX_SYNC_MESSAGE` to
 * the open app, which sends. Without either, the `online` event and the next start do it.
 */
export async function registerOutboxSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    const registration = await navigator.serviceWorker.ready;
    const sync = (
      registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
    ).sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (permissions, an old browser): the other triggers remain.
  }
}

const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;

/**
 * Sends the signed-in user's outbox on every start (a sign-in, a reload, a reopened app), when
 * the browser says the signal is back (`online`), when the service worker relays a Background
 * Sync, and, after a failed pass (no network, a 5xx), again after 5 s, 10 s, 20 s… up to 5 min.
 * A 401 stops it until the same user signs in again (this hook runs again then).
 */
export function useOutboxSync(userId: string | null): void {
  const queryClient = useQueryClient();
  const failures = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!userId) return;
    let isLive = true;
    const run = async () => {
      window.clearTimeout(timer.current);
      // No signal: the `online` event starts the next pass.
      if (navigator.onLine === false) return;
      let result: FlushResult;
      try {
        result = await flushAndRefresh(queryClient, userId);
      } catch {
        // IndexedDB unavailable: nothing was queued either.
        return;
      }
      if (!isLive) return;
      if (result.stopped === 'retry') {
        const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures.current);
        failures.current += 1;
        timer.current = window.setTimeout(() => void run(), delay);
      } else {
        failures.current = 0;
      }
    };
    const onOnline = () => {
      failures.current = 0;
      void run();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.data === OUTBOX_SYNC_MESSAGE || event.data?.type === OUTBOX_SYNC_MESSAGE) void run();
    };
    void run();
    window.addEventListener('online', onOnline);
    window.addEventListener(OUTBOX_QUEUED_EVENT, onOnline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      isLive = false;
      window.clearTimeout(timer.current);
      window.removeEventListener('online', onOnline);
      window.removeEventListener(OUTBOX_QUEUED_EVENT, onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [queryClient, userId]);
}
