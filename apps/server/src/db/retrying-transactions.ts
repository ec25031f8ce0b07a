import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Database, Tx } from './client';

/**
 * Retrying a transaction that lost a lock conflict (issue 27). PostgreSQL ends one transaction of
 * a deadlock (40P01) and, under REPEATABLE READ or SERIALIZABLE, one that read what a concurrent
 * commit changed (40001). Both roll back completely and succeed when simply run again, so the
 * Database object's `transaction` runs its work again, a bounded number of times with a jittered
 * pause, before the error reaches the request (which then answers 503 with `Retry-After`, never
 * 500: platform/errors.ts).
 *
 * Installed once on the Database object (db/client.ts `openDatabase`), so no call site can forget
 * it. Savepoints (`tx.transaction`) are another class's method and are not retried on their own:
 * a conflict aborts the whole transaction, and only the whole can run again.
 *
 * A retried callback runs from its start on a fresh transaction: it must not depend on what a
 * failed attempt did outside the database (every write in it rolled back).
 */

/** SQLSTATEs after which running the same transaction again is expected to succeed. */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** How many times a transaction runs in all before its conflict goes to the caller. */
export const TRANSACTION_ATTEMPTS = 3;
/** The pause before the first retry (the second is twice as long), each jittered by ±50 %. */
export const RETRY_BASE_DELAY_MS = 20;

/** What is logged of a retry: the SQLSTATE and the attempt, never the statement or its values. */
export type TransactionRetry = { code: string; attempt: number; attempts: number; delayMs: number };

export type RetryOptions = {
  /** Told before each retry; by default one line on stderr (`reportTransactionRetry`). */
  onRetry?: (retry: TransactionRetry) => void;
  attempts?: number;
  baseDelayMs?: number;
  /** For tests: how to wait and where the jitter comes from. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

/**
 * The SQLSTATE of a deadlock (40P01) or serialization failure (40001) anywhere in the error's
 * wrappers (Drizzle's `cause`, an AggregateError's `errors`), else undefined.
 */
export function transactionConflictCode(err: unknown): string | undefined {
  const pending: unknown[] = [err];
  for (let seen = 0; pending.length > 0 && seen < 12; seen += 1) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null) continue;
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return code;
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return undefined;
}

/** True when the error is a lock conflict that running the transaction again may resolve. */
export function isTransactionConflict(err: unknown): boolean {
  return transactionConflictCode(err) !== undefined;
}

/**
 * Runs `work`, and runs it again after a deadlock or serialization failure, at most `attempts`
 * times in all; any other error, and the last conflict, go to the caller at once.
 */
export async function runWithRetries<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  const base = options.baseDelayMs ?? RETRY_BASE_DELAY_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const onRetry = options.onRetry ?? reportTransactionRetry;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      const code = transactionConflictCode(err);
      if (code === undefined || attempt >= attempts) throw err;
      // Jitter: the transactions that collided must not all come back at the same moment.
      const delayMs = Math.round(base * 2 ** (attempt - 1) * (0.5 + random()));
      onRetry({ code, attempt, attempts, delayMs });
      await sleep(delayMs);
    }
  }
}

const installed = new WeakSet<object>();

/**
 * Makes `db.transaction` (the top level only) run through `runWithRetries`. Idempotent: a
 * database gets one wrapper however often this is called.
 */
export function installRetryingTransactions(db: Database, options: RetryOptions = {}): void {
  if (installed.has(db)) return;
  installed.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = <T>(work: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> =>
    runWithRetries(() => transaction(work, config), options);
}

/** The default report of a retry: one line on stderr with the code (no statement, no values). */
export function reportTransactionRetry(retry: TransactionRetry): void {
  console.warn(
    `transaction retried after ${retry.code} (attempt ${retry.attempt} of ${retry.attempts}, again in ${retry.delayMs} ms)`,
  );
}
