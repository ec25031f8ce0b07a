import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { messageOutbox } from '../db/schema/index';
import { openTestDatabase } from '../test/helpers';
import { type HttpRecorder, startHttpRecorder } from '../test/http-recorder';
import { MessageOutboxWorker, queueMessage, toWhatsAppNumber, WhatsAppCloudMessenger } from './notifier';

describe('toWhatsAppNumber', () => {
  it.each([
    ['9876543210', '919876543210'],
    ['09876543210', '919876543210'],
    ['+91 98765 43210', '919876543210'],
    ['919876543210', '919876543210'],
    ['+44 20 7946 0958', '442079460958'],
    ['12345', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s -> %s', (input, expected) => {
    expect(toWhatsAppNumber(input)).toBe(expected);
  });
});

describe('message outbox worker', () => {
  let database: DatabaseHandle;
  let api: HttpRecorder;
  const log = Fastify({ logger: false }).log;

  beforeAll(async () => {
    database = await openTestDatabase();
    api = await startHttpRecorder();
  });
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(messageOutbox);
    api.requests.length = 0;
    api.respondWith(200);
  });

  async function rows() {
    return database.db.select().from(messageOutbox);
  }

  it('queues nothing for an unusable number and rolls back with its transaction', async () => {
    expect(await queueMessage(database.db, { toPhone: '123', text: 'x' })).toBe(false);
    await expect(
      database.db.transaction(async (tx) => {
        await queueMessage(tx, { toPhone: '9876543210', text: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rows()).toHaveLength(0);
  });

  it('POSTs the WhatsApp Cloud API body with the bearer token and marks the row sent', async () => {
    await queueMessage(database.db, { toPhone: '98765 43210', text: 'You are verified' });
    const worker = new MessageOutboxWorker(
      database.db,
      log,
      new WhatsAppCloudMessenger({ apiUrl: `${api.url}/v21.0/123/messages`, token: 'secret-token' }),
    );
    await worker.drain();
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v21.0/123/messages');
    expect(request?.headers.authorization).toBe('Bearer secret-token');
    expect(request?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      messaging_product: 'whatsapp',
      to: '919876543210',
      type: 'text',
      text: { body: 'You are verified' },
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
    await worker.stop();
  });

  it('keeps a failed message pending with back-off and the error', async () => {
    api.respondWith(500);
    await queueMessage(database.db, { toPhone: '9876543210', text: 'hello' });
    const worker = new MessageOutboxWorker(
      database.db,
      log,
      new WhatsAppCloudMessenger({ apiUrl: api.url, token: 't' }),
    );
    await worker.drain();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('500');
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a second drain does not call the API again.
    await worker.drain();
    expect(api.requests).toHaveLength(1);

    // Once due and the API is back, it goes out.
    api.respondWith(200);
    await database.db
      .update(messageOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(messageOutbox.id, row?.id ?? ''));
    await worker.drain();
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
    await worker.stop();
  });

  it('without WhatsApp settings logs the message and keeps it with status logged', async () => {
    await queueMessage(database.db, { toPhone: '9876543210', text: 'hello' });
    const worker = new MessageOutboxWorker(database.db, log, null);
    await worker.drain();
    expect(api.requests).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ status: 'logged', toPhone: '919876543210' });
    await worker.stop();
  });
});
