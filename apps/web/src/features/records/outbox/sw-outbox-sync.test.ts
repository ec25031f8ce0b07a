import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '@pgel/shared/records/outbox';
import { describe, expect, it, vi } from 'vitest';

// The suite runs from the repository's root (vitest.config.ts there).
const source = readFileSync(path.resolve('apps/web/public/sw-outbox-sync.js'), 'utf8');

describe('the service worker part that relays Background Sync (public/sw-outbox-sync.js)', () => {
  it("tells every open window to send the outbox on the outbox's sync tag, and nothing on another", async () => {
    const listeners: Record<string, (event: unknown) => void> = {};
    const posted: unknown[] = [];
    const worker = {
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        listeners[type] = listener;
      },
      clients: {
        matchAll: vi.fn(async () => [
          { postMessage: (m: unknown) => posted.push(m) },
          { postMessage: (m: unknown) => posted.push(m) },
        ]),
      },
    };
    new Function('self', source)(worker);
    const waits: Promise<unknown>[] = [];
    listeners.sync?.({ tag: 'another-tag', waitUntil: (p: Promise<unknown>) => waits.push(p) });
    expect(worker.clients.matchAll).not.toHaveBeenCalled();
    listeners.sync?.({ tag: OUTBOX_SYNC_TAG, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(posted).toEqual([{ type: OUTBOX_SYNC_MESSAGE }, { type: OUTBOX_SYNC_MESSAGE }]);
  });
});
