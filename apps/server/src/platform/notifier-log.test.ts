import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/helpers';
import { loggerOptions } from './logging';
import { MessageOutboxWorker, queueMessage } from './notifier';

/** The messaging outbox's log lines name the message, never the recipient's number (issue 9). */
describe('message outbox log lines', () => {
  let database: DatabaseHandle;
  const lines: string[] = [];
  const log = Fastify({
    logger: loggerOptions('info', { write: (line: string) => void lines.push(line) }),
  }).log;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('logs a kept message by id and text, without the phone number', async () => {
    lines.length = 0;
    await queueMessage(database.db, { toPhone: '98765 43210', text: 'Your account is approved' });
    await new MessageOutboxWorker(database.db, log, null).drain();
    const text = lines.join('');
    expect(text).toContain('Your account is approved');
    expect(text).toMatch(/"messageId":"[0-9a-f-]{36}"/);
    expect(text).not.toMatch(/9876543210/);
  });

  it('logs a failed send by id and attempt, without the phone number', async () => {
    lines.length = 0;
    await queueMessage(database.db, { toPhone: '98123 45678', text: 'Hello' });
    const failing = {
      send: async () => {
        throw new Error('WhatsApp API answered 500: busy');
      },
    };
    await new MessageOutboxWorker(database.db, log, failing).drain();
    const text = lines.join('');
    expect(text).toContain('message send failed');
    expect(text).toContain('WhatsApp API answered 500: busy');
    expect(text).not.toMatch(/9812345678/);
  });
});
