import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema/index';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotification(db: Executor, values: NewNotification) {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('insert notifications returned no row');
  return row;
}

const sender = alias(users, 'sender');

/** A user's newest notifications, with the sender's name. */
export async function listNotificationsOf(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: notifications.id,
      fromName: sender.name,
      description: notifications.description,
      url: notifications.url,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.fromId))
    .where(eq(notifications.toId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.toId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks one of the user's notifications read; the first reading time is kept. Returns whether it
 * exists for that user and whether this call changed it.
 */
export async function markRead(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select({ readAt: notifications.readAt, collegeId: notifications.collegeId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.toId, userId)))
    .for('update');
  if (!row) return { found: false as const };
  if (row.readAt) return { found: true as const, changed: false, collegeId: row.collegeId };
  await db.update(notifications).set({ readAt: sql`now()` }).where(eq(notifications.id, id));
  return { found: true as const, changed: true, collegeId: row.collegeId };
}

/**
 * Marks every unread notification about these items read (issue 28: an entry verified or
 * deleted, a resident approved, a memo answered). One statement on the partial index
 * `notifications_unread_subject_idx`; returns how many it changed.
 */
export async function markSubjectsRead(db: Executor, subjectIds: readonly string[]): Promise<number> {
  if (subjectIds.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(inArray(notifications.subjectId, [...subjectIds]), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks all of the user's unread notifications read; returns how many, and the college of one. */
export async function markAllReadOf(db: Executor, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.toId, userId), isNull(notifications.readAt)))
    .returning({ collegeId: notifications.collegeId });
  return { count: rows.length, collegeId: rows[0]?.collegeId ?? null };
}
