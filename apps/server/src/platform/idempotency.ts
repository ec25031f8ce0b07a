import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Executor, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { AppError } from './errors';
import { requireActor } from './session';

/**
 * `Idempotency-Key` on create routes: phones retry a request whose answer they never got, and
 * offline drafts may be sent twice. A retry with the same key creates nothing new and gets the
 * first answer again. A route takes part with `IdempotencyHeadersSchema` in its schema,
 * `idempotencyKeyOf(request)` and `sendOutcome(reply, …)`; its service runs its write in
 * `idempotentTransaction(…)` instead of `db.transaction(…)`.
 */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 200 printable ASCII characters.',
  reused: 'This Idempotency-Key was already used for a different request.',
} as const;

/** Set (to `true`) on an answer that repeats the first one instead of doing the work again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long a key is remembered; housekeeping deletes older ones. */
export const KEEP_KEYS_HOURS = 24;

export const IdempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_MESSAGES.invalidKey })
  .regex(/^[\x20-\x7e]{1,200}$/, { error: IDEMPOTENCY_MESSAGES.invalidKey });

/**
 * A create route's `schema.headers`: documents the optional header in the OpenAPI description and
 * checks it. Loose, because the validated object replaces `request.headers`.
 */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional().describe(
    `Optional, 1-200 printable ASCII characters, chosen by the client per request. A retry with the same key (same user) within ${KEEP_KEYS_HOURS} h creates nothing new and answers as the first request did, with the header ${REPLAYED_HEADER}: true; the same key with another body or route is refused (409).`,
  ),
});

/** One request's key: whose it is, which operation, and a hash of what it asked for. */
export type IdempotencyKey = { userId: string; key: string; scope: string; requestHash: string };

/** What a write answered; `stored` is what is kept with the key (ids, never personal data). */
export type Outcome<S> = { statusCode: number; stored: S; replayed: boolean };

/** JSON with object keys sorted at every level, so equal bodies hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, inner]) => `${JSON.stringify(k)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key a validated request carries, or undefined when it sent none. Keys belong to the signed-in
 * user; the scope is the route, and the hash covers the validated body.
 */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(raw);
  // Routes check the header in their schema; this guards a route that forgot to.
  if (!parsed.success) throw AppError.validation(IDEMPOTENCY_MESSAGES.invalidKey);
  return {
    userId: requireActor(request).id,
    key: parsed.data,
    scope: `${request.method} ${request.routeOptions.url ?? request.url}`,
    requestHash: createHash('sha256').update(canonicalJson(request.body)).digest('hex'),
  };
}

/**
 * Runs `work` in one transaction that first claims the key, then stores the answer with it: a
 * rolled-back write (a 400, a crash) leaves no key, and a committed one always has its key. A
 * concurrent request with the same key waits on the key's primary key until the first commits,
 * then reads and replays its answer; if the first rolled back, it does the work itself. Errors
 * are never stored, so a corrected retry with the same key may succeed.
 *
 * `db.transaction` runs the whole again after a deadlock or serialization failure
 * (db/retrying-transactions.ts). That is safe here because the claim is inside it: the failed
 * attempt's key rolled back with its work, so the next attempt claims the key afresh and either
 * does the work once or, when a concurrent request with the key committed meanwhile, replays that
 * answer. The key's row references the user (a KEY SHARE lock on their row), so a service that
 * locks the user's row in `work` locks it FOR NO KEY UPDATE (issue 27).
 */
export async function idempotentTransaction<S>(
  db: Database,
  key: IdempotencyKey | undefined,
  answer: z.ZodType<S>,
  work: (tx: Tx) => Promise<{ statusCode: number; stored: S }>,
): Promise<Outcome<S>> {
  if (!key) return { ...(await db.transaction(work)), replayed: false };
  return db.transaction(async (tx) => {
    const earlier = await claim(tx, key);
    if (earlier) {
      if (earlier.scope !== key.scope || earlier.requestHash !== key.requestHash) {
        throw AppError.conflict(IDEMPOTENCY_MESSAGES.reused);
      }
      return { statusCode: earlier.statusCode, stored: answer.parse(earlier.response), replayed: true };
    }
    const done = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: done.statusCode, response: answer.parse(done.stored) })
      .where(keyWhere(key));
    return { ...done, replayed: false };
  });
}

function keyWhere(key: IdempotencyKey) {
  return and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.key, key.key));
}

/**
 * Inserts the key (its answer filled in by the same transaction) or, when it exists, returns the
 * committed row. `on conflict do nothing` waits for a concurrent holder of the key to finish.
 */
async function claim(tx: Tx, key: IdempotencyKey) {
  // A holder that rolls back never shows here (the insert waits for it and then wins); only a key
  // housekeeping deletes between the two statements does, and the second insert claims it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ ...key, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return undefined;
    const [row] = await tx
      .select({
        scope: idempotencyKeys.scope,
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(keyWhere(key));
    if (row) return row;
  }
  throw AppError.conflict(IDEMPOTENCY_MESSAGES.reused);
}

/** Sends a create's answer (the first or its replay) with its status, marking a replay. */
export function sendOutcome<B>(
  reply: FastifyReply,
  outcome: { statusCode: number; replayed: boolean; body: B },
) {
  if (outcome.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.status(outcome.statusCode).send(outcome.body);
}

/** Housekeeping: keys older than a day are forgotten. */
export async function deleteStaleIdempotencyKeys(db: Executor): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_KEYS_HOURS})`));
}
