import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { sentReminders } from '../../db/schema/index';

export type SentReminder = {
  userId: string;
  kind: string;
  subjectId: string;
  period: string;
  collegeId: string | null;
};

/**
 * Records reminders as sent and returns the rows that are new: only those are to be notified and
 * mailed, in the same transaction. A row another pass inserted first (committed, or committing:
 * PostgreSQL waits for it) is left alone and not returned.
 */
export async function recordSentRows(
  db: Executor,
  rows: readonly SentReminder[],
): Promise<Array<{ userId: string; subjectId: string }>> {
  if (rows.length === 0) return [];
  return db
    .insert(sentReminders)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ userId: sentReminders.userId, subjectId: sentReminders.subjectId });
}

/**
 * `recordSentRows` for kinds with one row per recipient in a call: the recipients whose row is
 * new.
 */
export async function recordSent(db: Executor, rows: readonly SentReminder[]): Promise<Set<string>> {
  return new Set((await recordSentRows(db, rows)).map((row) => row.userId));
}

/** The condition "this user has not been sent this reminder yet", for a candidates query. */
export function notSentYet(
  userId: AnyPgColumn,
  reminder: { kind: string; subjectId: AnyPgColumn; period: string },
): SQL {
  return sql`not exists (select 1 from ${sentReminders} where ${and(
    eq(sentReminders.userId, userId),
    eq(sentReminders.kind, reminder.kind),
    eq(sentReminders.subjectId, reminder.subjectId),
    eq(sentReminders.period, reminder.period),
  )})`;
}
