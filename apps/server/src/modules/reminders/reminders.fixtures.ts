import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox, notifications, records, sentReminders, users } from '../../db/schema/index';
import {
  createRecordRows,
  createUser,
  type Placement,
  type RecordRowOptions,
  type UserFixture,
  type UserFixtureOptions,
} from '../../test/helpers';

/** Test fixtures of the reminder tests (issue 30): clocks are set on the rows, never waited for. */

/** An instant in India time: `ist('2026-12-09 10:00')`. */
export function ist(local: string): Date {
  return new Date(`${local.replace(' ', 'T')}:00+05:30`);
}

/**
 * A resident who may write the logbook (approved and paid unless told otherwise), whose account
 * was made at `since` (a long time ago by default).
 */
export async function createResident(
  db: Database,
  placement: Placement,
  options: UserFixtureOptions & { since?: Date } = {},
): Promise<UserFixture> {
  const resident = await createUser(db, { placement, verifyByHod: true, paid: true, ...options });
  await db
    .update(users)
    .set({ createdAt: options.since ?? ist('2026-01-05 09:00') })
    .where(eq(users.id, resident.id));
  return resident;
}

/** Entries saved at `savedAt` (their `created_at`); ids in order. */
export async function entriesSavedAt(
  db: Database,
  savedAt: Date,
  rows: RecordRowOptions[],
): Promise<string[]> {
  const ids = await createRecordRows(db, rows);
  await db.update(records).set({ createdAt: savedAt }).where(inArray(records.id, ids));
  return ids;
}

/** The mail queued to an address whose subject starts with `subject`, oldest first. */
export async function mailTo(db: Database, to: string, subject: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.filter((row) => row.subject.startsWith(subject));
}

/** A user's notifications, newest first. */
export async function notificationsOf(db: Database, userId: string) {
  return db.select().from(notifications).where(eq(notifications.toId, userId));
}

/** The sent-reminder rows of one kind to one user. */
export async function sentTo(db: Database, userId: string, kind: string) {
  return db
    .select()
    .from(sentReminders)
    .where(and(eq(sentReminders.userId, userId), eq(sentReminders.kind, kind)));
}
