import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tx } from '../db/client';
import { auditLog, idempotencyKeys } from '../db/schema/index';
import { buildTestApp, createUser, type TestApp, unique } from '../test/helpers';
import { writeAudit } from './audit';
import { AppError } from './errors';
import {
  canonicalJson,
  IDEMPOTENCY_MESSAGES,
  type IdempotencyKey,
  IdempotencyKeySchema,
  idempotentTransaction,
} from './idempotency';

const Answer = z.object({ n: z.number() });

describe('canonicalJson', () => {
  it('ignores the order of object keys at every level, not the order of arrays', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1, skipped: undefined })).toBe('{"a":1}');
    expect(canonicalJson('x')).toBe('"x"');
  });
});

describe('IdempotencyKeySchema', () => {
  it('takes 1-200 printable ASCII characters', () => {
    expect(IdempotencyKeySchema.safeParse('a').success).toBe(true);
    expect(IdempotencyKeySchema.safeParse(' ~'.repeat(100)).success).toBe(true);
    for (const bad of ['', 'x'.repeat(201), 'naïve', 'tab\there', 'new\nline']) {
      const parsed = IdempotencyKeySchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
  });
});

describe('idempotentTransaction', () => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    userId = (await createUser(t.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const keyFor = (over: Partial<IdempotencyKey> = {}): IdempotencyKey => ({
    userId,
    key: unique('key'),
    scope: 'POST /api/v1/things',
    requestHash: 'hash-1',
    ...over,
  });
  /** A write that leaves an audit row with `subject`, so a test counts how often it committed. */
  const writeThing = (subject: string, options: { delayMs?: number; fail?: boolean } = {}) => {
    return async (tx: Tx) => {
      await writeAudit(tx, { actorId: userId, action: 'thing.create', entity: 'thing', subject });
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.fail) throw AppError.validation('Bad thing');
      return { statusCode: 201, stored: { n: 1 } };
    };
  };
  const written = async (subject: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.subject, subject))).length;
  const keyRows = (key: IdempotencyKey) =>
    t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.key, key.key)));

  it('runs the work once and replays its stored answer', async () => {
    const key = keyFor();
    const subject = unique('thing');
    const first = await idempotentTransaction(t.db, key, Answer, writeThing(subject));
    const second = await idempotentTransaction(t.db, key, Answer, writeThing(subject));
    expect(first).toEqual({ statusCode: 201, stored: { n: 1 }, replayed: false });
    expect(second).toEqual({ statusCode: 201, stored: { n: 1 }, replayed: true });
    expect(await written(subject)).toBe(1);
  });

  it('refuses the key for another route or another body', async () => {
    const key = keyFor();
    await idempotentTransaction(t.db, key, Answer, writeThing(unique('thing')));
    for (const other of [
      { ...key, scope: 'POST /api/v1/others' },
      { ...key, requestHash: 'hash-2' },
    ]) {
      const subject = unique('thing');
      await expect(idempotentTransaction(t.db, other, Answer, writeThing(subject))).rejects.toMatchObject({
        statusCode: 409,
        message: IDEMPOTENCY_MESSAGES.reused,
      });
      expect(await written(subject)).toBe(0);
    }
  });

  it('a failed write leaves no key, so the retry does the work', async () => {
    const key = keyFor();
    const subject = unique('thing');
    await expect(
      idempotentTransaction(t.db, key, Answer, writeThing(subject, { fail: true })),
    ).rejects.toBeInstanceOf(AppError);
    expect(await keyRows(key)).toEqual([]);
    const retry = await idempotentTransaction(t.db, key, Answer, writeThing(subject));
    expect(retry.replayed).toBe(false);
    expect(await written(subject)).toBe(1);
  });

  it('a concurrent request waits for the first: replays when it commits, works when it fails', async () => {
    const committed = keyFor();
    const subject = unique('thing');
    const outcomes = await Promise.all([
      idempotentTransaction(t.db, committed, Answer, writeThing(subject, { delayMs: 300 })),
      idempotentTransaction(t.db, committed, Answer, writeThing(subject)),
      idempotentTransaction(t.db, committed, Answer, writeThing(subject)),
    ]);
    expect(outcomes.map((o) => o.replayed).sort()).toEqual([false, true, true]);
    expect(await written(subject)).toBe(1);

    const failed = keyFor();
    const other = unique('thing');
    const [first, second] = await Promise.allSettled([
      idempotentTransaction(t.db, failed, Answer, writeThing(other, { delayMs: 300, fail: true })),
      // Started just after, so on PostgreSQL it waits on the first one's key.
      new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        idempotentTransaction(t.db, failed, Answer, writeThing(other)),
      ),
    ]);
    expect(first.status).toBe('rejected');
    expect(second).toMatchObject({ status: 'fulfilled', value: { replayed: false } });
    expect(await written(other)).toBe(1);
  });

  it('without a key it is a plain transaction', async () => {
    const subject = unique('thing');
    await idempotentTransaction(t.db, undefined, Answer, writeThing(subject));
    await idempotentTransaction(t.db, undefined, Answer, writeThing(subject));
    expect(await written(subject)).toBe(2);
  });

  it('housekeeping forgets keys older than a day and keeps newer ones', async () => {
    const old = keyFor();
    const fresh = keyFor();
    await idempotentTransaction(t.db, old, Answer, writeThing(unique('thing')));
    await idempotentTransaction(t.db, fresh, Answer, writeThing(unique('thing')));
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, old.key));
    await t.app.housekeeping.runOnce();
    expect(await keyRows(old)).toEqual([]);
    expect(await keyRows(fresh)).toHaveLength(1);
  });
});
