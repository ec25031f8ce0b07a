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
 * Records reminders as sent and returns the recipients whose row is new: only those are to be
 * notified and mailed, in the same transaction. A row another pass inserted first (committed, or
 * committing: PostgreSQL waits for it) is left alone and its recipient not returned.
 */
export async function recordSent(db: Executor, rows: readonly SentReminder[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(sentReminders)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ userId: sentReminders.userId });
  return new Set(inserted.map((row) => row.userId));
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
