import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, registerErrorHandler } from '../platform/errors';
import { idempotentTransaction } from '../platform/idempotency';
import { loggerOptions } from '../platform/logging';
import { createUser, openTestDatabase, testDbKind } from '../test/helpers';
import type { DatabaseHandle } from './client';
import {
  isTransactionConflict,
  RETRY_BASE_DELAY_MS,
  runWithRetries,
  TRANSACTION_ATTEMPTS,
  type TransactionRetry,
} from './retrying-transactions';
import { idempotencyKeys, settings } from './schema/index';

/** Issue 27: a transaction that loses a deadlock or a serialization failure runs again, bounded. */
const pgError = (code: string, message = 'deadlock detected') =>
  Object.assign(new Error(message), { severity: 'ERROR', code });
/** As Drizzle throws a driver's error: wrapped, the statement and its values beside it. */
const wrapped = (cause: unknown) =>
  new DrizzleQueryError(
    'update "users" set "paid" = $1 where "id" = $2',
    ['secret-value', 'x'],
    cause as Error,
  );

/** Fails with `errors` in turn, then answers 'done'; counts its calls. */
function failing(...errors: unknown[]) {
  const work = vi.fn(async () => {
    const next = errors[work.mock.calls.length - 1];
    if (next !== undefined) throw next;
    return 'done';
  });
  return work;
}

const noWait = { sleep: async () => undefined };

describe('runWithRetries', () => {
  it.each([
    ['a deadlock (40P01)', '40P01'],
    ['a serialization failure (40001)', '40001'],
  ])('runs the work again after %s, found through Drizzle’s wrapper', async (_label, code) => {
    const retries: TransactionRetry[] = [];
    const work = failing(wrapped(pgError(code)), wrapped(pgError(code)));
    await expect(runWithRetries(work, { ...noWait, onRetry: (r) => retries.push(r) })).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(3);
    expect(retries.map((r) => [r.code, r.attempt, r.attempts])).toEqual([
      [code, 1, TRANSACTION_ATTEMPTS],
      [code, 2, TRANSACTION_ATTEMPTS],
    ]);
  });

  it(`tries ${TRANSACTION_ATTEMPTS} times in all, then passes the last conflict on`, async () => {
    const last = wrapped(pgError('40001', 'could not serialize access'));
    const work = failing(
      wrapped(pgError('40P01')),
      wrapped(pgError('40P01')),
      last,
      wrapped(pgError('40P01')),
    );
    const onRetry = vi.fn();
    await expect(runWithRetries(work, { ...noWait, onRetry })).rejects.toBe(last);
    expect(work).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS);
    expect(onRetry).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS - 1);
  });

  it.each([
    ['a unique violation', wrapped(pgError('23505', 'duplicate key'))],
    [
      'a lost connection',
      wrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ],
    ['a refusal of the service', AppError.conflict('Already verified')],
    ['a programmer error', new TypeError('Cannot read properties of undefined')],
  ])('passes %s on at once', async (_label, err) => {
    const work = failing(err);
    const onRetry = vi.fn();
    await expect(runWithRetries(work, { ...noWait, onRetry })).rejects.toBe(err);
    expect(work).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('waits a jittered, growing pause before each retry', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const conflicts = () => failing(pgError('40P01'), pgError('40P01'));
    await runWithRetries(conflicts(), { sleep, random: () => 0, onRetry: () => undefined });
    await runWithRetries(conflicts(), { sleep, random: () => 0.999, onRetry: () => undefined });
    const base = RETRY_BASE_DELAY_MS;
    expect(waits).toEqual([base * 0.5, base, Math.round(base * 1.499), Math.round(base * 2 * 1.499)]);
  });

  it('knows a conflict inside an AggregateError and not a look-alike message', () => {
    expect(isTransactionConflict(new AggregateError([new Error('x'), pgError('40P01')]))).toBe(true);
    expect(isTransactionConflict(new Error('deadlock detected'))).toBe(false);
    expect(isTransactionConflict('40P01')).toBe(false);
  });
});

describe(`db.transaction retries a lost conflict (${testDbKind()})`, () => {
  let database: DatabaseHandle;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Runs `body` with console.warn (where retries are reported by default) caught. */
  async function quietly<T>(body: () => Promise<T>): Promise<T> {
    const spy = vi
      .spyOn(console, 'warn')
      .mockImplementation((line: unknown) => void warnings.push(String(line)));
    try {
      return await body();
    } finally {
      spy.mockRestore();
    }
  }

  it('runs the callback again on a fresh transaction: the failed attempt’s writes are gone', async () => {
    const { db } = database;
    const key = `retry-${Date.now()}`;
    let attempts = 0;
    warnings.length = 0;
    const result = await quietly(() =>
      db.transaction(async (tx) => {
        attempts += 1;
        // The same primary key each attempt: only a rolled-back first attempt lets it in again.
        await tx.insert(settings).values({ key, value: { attempt: attempts } });
        if (attempts === 1) throw wrapped(pgError('40P01'));
        return attempts;
      }),
    );
    expect(result).toBe(2);
    const rows = await db.select().from(settings).where(eq(settings.key, key));
    expect(rows.map((row) => row.value)).toEqual([{ attempt: 2 }]);
    expect(warnings).toEqual([expect.stringMatching(/^transaction retried after 40P01 \(attempt 1 of 3/)]);
    // The code only: never the statement or its values.
    expect(warnings.join('')).not.toMatch(/secret-value|update "users"/);
  });

  it('never retries a savepoint on its own: the whole transaction runs again', async () => {
    const { db } = database;
    let outer = 0;
    let inner = 0;
    const failure = quietly(() =>
      db.transaction(async (tx) => {
        outer += 1;
        await tx.transaction(async () => {
          inner += 1;
          throw wrapped(pgError('40001', 'could not serialize access'));
        });
      }),
    );
    await expect(failure).rejects.toSatisfy(isTransactionConflict);
    expect(outer).toBe(TRANSACTION_ATTEMPTS);
    expect(inner).toBe(TRANSACTION_ATTEMPTS);
  });

  it('lets an idempotent write claim its key again: one key row, the work done once', async () => {
    const { db } = database;
    const user = await createUser(db);
    const key = { userId: user.id, key: 'retried-key', scope: 'POST /records', requestHash: 'h' };
    let runs = 0;
    const work = async () => {
      runs += 1;
      // The key is already claimed in this transaction when the conflict comes.
      if (runs === 1) throw wrapped(pgError('40P01'));
      return { statusCode: 201, stored: { run: runs } };
    };
    const answer = z.object({ run: z.number() });
    const first = await quietly(() => idempotentTransaction(db, key, answer, work));
    expect(first).toEqual({ statusCode: 201, stored: { run: 2 }, replayed: false });
    const again = await idempotentTransaction(db, key, answer, work);
    expect(again).toEqual({ statusCode: 201, stored: { run: 2 }, replayed: true });
    expect(runs).toBe(2);
    const rows = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(rows.map((row) => [row.key, row.statusCode, row.response])).toEqual([
      ['retried-key', 201, { run: 2 }],
    ]);
  });
});

describe('the error handler on a conflict that outlived its retries', () => {
  it('answers 503 with Retry-After and the shared message, logging the code only', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions('info', { write: (line: string) => void lines.push(line) }),
    });
    registerErrorHandler(app);
    app.post('/busy', async () => {
      throw wrapped(pgError('40P01'));
    });
    const response = await app.inject({
      method: 'POST',
      url: '/busy',
      payload: { password: 'Top-Secret-1', details: { name: 'Ravi Kulkarni' } },
    });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ code: 'busy', message: GENERIC_MESSAGES.busy });
    const log = lines.join('');
    expect(log).toContain('"code":"40P01"');
    expect(log).not.toMatch(/secret-value|Top-Secret|Ravi/);
  });
});
