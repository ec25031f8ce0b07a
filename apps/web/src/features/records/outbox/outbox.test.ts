import 'fake-indexeddb/auto';
import type { CreateRecordInput } from '@pgel/shared/records/api';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { flushOutbox, type OutboxTransport } from './outbox-sender';
import { addToOutbox, clearOutbox, listOutbox, type NewOutboxItem, replaceOutboxItem } from './outbox-store';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

function entry(patient: string, key: string, extra: Partial<NewOutboxItem> = {}): NewOutboxItem {
  return {
    kind: 'record',
    body: { kind: 'procedure', date: '2026-11-27', details: { patient, ipd: `IPD-${patient}` } },
    files: [],
    idempotencyKey: key,
    ...extra,
  };
}

/**
 * A server that remembers keys as the real one does (platform/idempotency.ts): a repeated key
 * makes nothing new. `answers` scripts failures, one per call, before the server answers 201.
 */
function fakeServer(answers: Array<ApiError | 'ok'> = []) {
  const calls: Array<{ body: CreateRecordInput; key: string }> = [];
  const entries = new Map<string, CreateRecordInput>();
  const uploads: string[] = [];
  const transport: OutboxTransport = {
    upload: async (file) => {
      uploads.push(file.name);
      return `aaaaaaaa-0000-4000-8000-00000000000${uploads.length}`;
    },
    createRecord: async (body, key) => {
      calls.push({ body, key });
      const next = answers.shift() ?? 'ok';
      if (next !== 'ok') throw next;
      if (!entries.has(key)) entries.set(key, body);
      return {};
    },
  };
  return { transport, calls, entries, uploads };
}

const network = () => new ApiError(0, 'network', 'Please try again later.');

afterEach(async () => {
  await clearOutbox(ALICE);
  await clearOutbox(BOB);
});

describe('the outbox', () => {
  it('sends the waiting entries in the order they were saved, each with its own key, then forgets them', async () => {
    await addToOutbox(ALICE, entry('First Patient', 'key-1'));
    await addToOutbox(ALICE, entry('Second Patient', 'key-2'));
    await addToOutbox(ALICE, entry('Third Patient', 'key-3'));
    const server = fakeServer();

    const result = await flushOutbox(ALICE, server.transport);

    expect(result).toEqual({ sent: 3, rejected: 0, stopped: null });
    expect(server.calls.map((call) => call.key)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(server.calls.map((call) => call.body.details?.patient)).toEqual([
      'First Patient',
      'Second Patient',
      'Third Patient',
    ]);
    // Sent: the patient's identifiers are no longer on the device.
    expect(await listOutbox(ALICE)).toEqual([]);
  });

  it('keeps an entry the network lost, in its place, and sends it again later with the same key', async () => {
    await addToOutbox(ALICE, entry('First Patient', 'key-1'));
    await addToOutbox(ALICE, entry('Second Patient', 'key-2'));
    const server = fakeServer([network(), new ApiError(503, 'unavailable', 'Down for a moment')]);

    expect(await flushOutbox(ALICE, server.transport)).toEqual({ sent: 0, rejected: 0, stopped: 'retry' });
    // The second is not tried before the first: the order holds.
    expect(server.calls.map((call) => call.key)).toEqual(['key-1']);
    expect((await listOutbox(ALICE)).map((item) => [item.idempotencyKey, item.state])).toEqual([
      ['key-1', 'waiting'],
      ['key-2', 'waiting'],
    ]);

    expect(await flushOutbox(ALICE, server.transport)).toEqual({ sent: 0, rejected: 0, stopped: 'retry' });
    expect(await flushOutbox(ALICE, server.transport)).toEqual({ sent: 2, rejected: 0, stopped: null });
    expect(server.calls.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(await listOutbox(ALICE)).toEqual([]);
  });

  it('makes one entry when the answer of a sent entry was lost and it is sent again', async () => {
    await addToOutbox(ALICE, entry('First Patient', 'key-1'));
    const server = fakeServer();
    // The server made the entry, but the phone never heard back.
    const lossy: OutboxTransport = {
      ...server.transport,
      createRecord: async (body, key) => {
        await server.transport.createRecord(body, key);
        if (server.calls.length === 1) throw network();
      },
    };

    await flushOutbox(ALICE, lossy);
    expect(await listOutbox(ALICE)).toHaveLength(1);
    await flushOutbox(ALICE, lossy);

    expect(server.calls).toHaveLength(2);
    expect(server.entries.size).toBe(1);
    expect(await listOutbox(ALICE)).toEqual([]);
  });

  it('runs one pass at a time: the online event and a start together send each entry once', async () => {
    await addToOutbox(ALICE, entry('First Patient', 'key-1'));
    const server = fakeServer();

    const [a, b] = await Promise.all([
      flushOutbox(ALICE, server.transport),
      flushOutbox(ALICE, server.transport),
    ]);

    expect(a).toEqual(b);
    expect(server.calls).toHaveLength(1);
  });

  it("turns a refused entry into a draft with the server's message and goes on with the next", async () => {
    await addToOutbox(ALICE, entry('First Patient', 'key-1'));
    await addToOutbox(ALICE, entry('Second Patient', 'key-2'));
    const refusal = new ApiError(400, 'validation_error', 'Date cannot be in the future.', {
      ipddDate: 'Date cannot be in the future.',
    });
    const server = fakeServer([refusal]);

    expect(await flushOutbox(ALICE, server.transport)).toEqual({ sent: 1, rejected: 1, stopped: null });
    const [kept] = await listOutbox(ALICE);
    expect(kept).toMatchObject({
      state: 'rejected',
      message: 'Date cannot be in the future.',
      fieldErrors: { ipddDate: 'Date cannot be in the future.' },
      body: { details: { patient: 'First Patient' } },
    });
    // A draft is not sent again by itself …
    await flushOutbox(ALICE, server.transport);
    expect(server.calls).toHaveLength(2);

    // … until it is corrected: saving again replaces it.
    await replaceOutboxItem(ALICE, kept?.seq ?? 0, entry('First Patient', 'key-1b'));
    expect(await flushOutbox(ALICE, server.transport)).toEqual({ sent: 1, rejected: 0, stopped: null });
    expect(server.calls.map((call) => call.key)).toEqual(['key-1', 'key-2', 'key-1b']);
    expect(await listOutbox(ALICE)).toEqual([]);
  });

  it('stops at a 401 and keeps everything for the same user, never sending another user’s entries', async () => {
    await addToOutbox(ALICE, entry('Alice Patient', 'alice-1'));
    await addToOutbox(BOB, entry('Bob Patient', 'bob-1'));
    const expired = fakeServer([new ApiError(401, 'unauthorized', 'Please sign in.')]);

    expect(await flushOutbox(ALICE, expired.transport)).toEqual({ sent: 0, rejected: 0, stopped: 'auth' });
    expect((await listOutbox(ALICE)).map((item) => item.state)).toEqual(['waiting']);

    // Bob signs in on the same phone: he sees and sends his own only.
    const asBob = fakeServer();
    expect((await listOutbox(BOB)).map((item) => item.body.details?.patient)).toEqual(['Bob Patient']);
    await flushOutbox(BOB, asBob.transport);
    expect(asBob.calls.map((call) => call.key)).toEqual(['bob-1']);

    // Alice signs in again: hers go, with the key they had.
    const asAlice = fakeServer();
    await flushOutbox(ALICE, asAlice.transport);
    expect(asAlice.calls.map((call) => call.key)).toEqual(['alice-1']);
    expect(await listOutbox(ALICE)).toEqual([]);
  });

  it('uploads the files picked offline first and sends the entry with their ids, once', async () => {
    const placeholder = 'ffffffff-0000-4000-8000-000000000001';
    await addToOutbox(
      ALICE,
      entry('First Patient', 'key-1', {
        body: { kind: 'publication', certificateFileId: placeholder, details: { title: 'A study' } },
        files: [
          {
            field: 'certificateFileId',
            placeholder,
            name: 'certificate.pdf',
            type: 'application/pdf',
            blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
          },
        ],
      }),
    );
    const server = fakeServer([network()]);

    await flushOutbox(ALICE, server.transport);
    // The upload went through before the network failed: it is not uploaded a second time.
    const [waiting] = await listOutbox(ALICE);
    expect(waiting?.files).toEqual([]);
    await flushOutbox(ALICE, server.transport);

    expect(server.uploads).toEqual(['certificate.pdf']);
    expect(server.calls.at(-1)?.body.certificateFileId).toBe('aaaaaaaa-0000-4000-8000-000000000001');
    expect(await listOutbox(ALICE)).toEqual([]);
  });
});
