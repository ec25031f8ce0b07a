import type { CreateRecordInput } from '@pgel/shared/records/api';
import { isApiError } from '../../../lib/api-client';
import {
  isWaiting,
  listOutbox,
  type OutboxFile,
  type OutboxItem,
  removeOutboxItem,
  updateOutboxItem,
} from './outbox-store';

/** How the outbox reaches the server (the app's API client; a fake in the tests). */
export type OutboxTransport = {
  /** Uploads a file picked offline; resolves with its id on the server. */
  upload: (file: OutboxFile) => Promise<string>;
  /** `POST /records` with the item's own `Idempotency-Key`. */
  createRecord: (body: CreateRecordInput, idempotencyKey: string) => Promise<unknown>;
};

/** How a pass over the outbox ended. */
export type FlushResult = {
  sent: number;
  rejected: number;
  /** `auth`: the session is gone (wait for the same user's next sign-in); `retry`: try later. */
  stopped: 'auth' | 'retry' | null;
};

/** A refusal that sending again cannot change (bad values, a conflict, too large, forbidden). */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** The body with every stand-in file id replaced by the uploaded file's id. */
function withFileId(body: CreateRecordInput, placeholder: string, id: string): CreateRecordInput {
  const swap = (value: unknown) => (value === placeholder ? id : value);
  const details = Object.fromEntries(
    Object.entries(body.details ?? {}).map(([name, value]) => [name, swap(value)]),
  );
  const next = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, swap(value)]));
  return { ...next, details } as CreateRecordInput;
}

type Outcome = 'sent' | 'rejected' | 'auth' | 'retry';

async function sendOne(userId: string, item: OutboxItem, transport: OutboxTransport): Promise<Outcome> {
  await updateOutboxItem(userId, item.seq, { state: 'sending' });
  try {
    let { body, files } = item;
    // Files first, one at a time; each uploaded one is written back at once (its id in the body,
    // the blob gone), so a pass cut short never uploads it again.
    while (files.length > 0) {
      const [file, ...rest] = files as [OutboxFile, ...OutboxFile[]];
      const id = await transport.upload(file);
      body = withFileId(body, file.placeholder, id);
      files = rest;
      await updateOutboxItem(userId, item.seq, { body, files });
    }
    await transport.createRecord(body, item.idempotencyKey);
    await removeOutboxItem(userId, item.seq);
    return 'sent';
  } catch (error) {
    if (isApiError(error) && !error.isNetworkError) {
      if (error.status === 401) {
        await updateOutboxItem(userId, item.seq, { state: 'waiting' });
        return 'auth';
      }
      if (isRefusal(error.status)) {
        await updateOutboxItem(userId, item.seq, {
          state: 'rejected',
          message: error.message,
          fieldErrors: error.fieldErrors ? { ...error.fieldErrors } : undefined,
        });
        return 'rejected';
      }
    }
    // No network, a server error, a timeout: it waits, with the same key, for the next pass.
    await updateOutboxItem(userId, item.seq, { state: 'waiting' });
    return 'retry';
  }
}

const running = new Map<string, Promise<FlushResult>>();

/**
 * Sends the user's waiting items in the order they were saved, one at a time, each with the key
 * it got when queued. A sent item leaves the device; a refused one (400, 409, 422…) stays as a
 * draft with the server's message; a 401 stops the pass until the same user signs in again; no
 * network or a 5xx stops it too, to be tried later in the same order. Only one pass per user runs
 * at a time (the `online` event and a start may come together).
 */
export function flushOutbox(userId: string, transport: OutboxTransport): Promise<FlushResult> {
  const current = running.get(userId);
  if (current) return current;
  const pass = (async (): Promise<FlushResult> => {
    const result: FlushResult = { sent: 0, rejected: 0, stopped: null };
    const items = (await listOutbox(userId)).filter(isWaiting);
    for (const item of items) {
      const outcome = await sendOne(userId, item, transport);
      if (outcome === 'sent') result.sent += 1;
      else if (outcome === 'rejected') result.rejected += 1;
      else {
        result.stopped = outcome;
        break;
      }
    }
    return result;
  })().finally(() => running.delete(userId));
  running.set(userId, pass);
  return pass;
}
