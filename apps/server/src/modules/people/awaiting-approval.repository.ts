import { AWAITING_APPROVAL_PAGE } from '@pgel/shared/schemas/notifications';
import { and, asc, eq, gte, inArray, isNotNull, like, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema/index';
import { confirmedTeachersOf } from './people.repository';

// The notices of a resident's sign-up (issue 28): to the department's HOD and faculty, about the
// resident's account (subject_id), leading to the student list where they approve them. The
// link and the subject together tell them from every other notice.

/** Whether a notice (of the `notifications` table as queried) is a sign-up notice. */
function isSignupNotice(): SQL {
  return and(
    isNotNull(notifications.subjectId),
    like(notifications.url, `${AWAITING_APPROVAL_PAGE}?%`),
  ) as SQL;
}

/** A member of staff who approves the department's residents. */
export type Approver = { id: string; name: string; email: string; collegeId: string | null };

/**
 * The HOD and faculty of a college and department (confirmed, not blocked, not deleted), locked
 * until the transaction ends: two residents verifying at once on two servers take turns, so only
 * the first of a day is mailed at once. FOR NO KEY UPDATE, as every lock of a user row here
 * (rows that reference staff take key-share locks, which this does not wait for).
 */
export async function lockApprovers(
  db: Executor,
  collegeId: string,
  departmentId: string,
): Promise<Approver[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, collegeId: users.collegeId })
    .from(users)
    .where(confirmedTeachersOf(collegeId, departmentId))
    .orderBy(asc(users.id))
    .for('no key update');
}

/** Which of these staff have had a sign-up notice since `since`. */
export async function toldOfSignupSince(db: Executor, staffIds: string[], since: Date): Promise<Set<string>> {
  if (staffIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ toId: notifications.toId })
    .from(notifications)
    .where(and(inArray(notifications.toId, staffIds), gte(notifications.createdAt, since), isSignupNotice()));
  return new Set(rows.map((row) => row.toId));
}

export type SignupNotice = {
  toId: string;
  fromId: string;
  description: string;
  url: string;
  subjectId: string;
  collegeId: string | null;
};

/**
 * The notices, stamped with the clock at the insert rather than the transaction's start: taken
 * under the approvers' locks, the order of their times is the order in which they were decided,
 * so the day's first notice is the one that was mailed.
 */
export async function insertSignupNotices(db: Executor, rows: SignupNotice[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows.map((row) => ({ ...row, createdAt: sql`clock_timestamp()` })));
}

const resident = alias(users, 'signed_up_resident');

/**
 * A member of staff's sign-up notices created in [from, until), oldest first, with the resident
 * and whether they still wait: the digest leaves out each day's first (mailed at once), those
 * read, and residents approved or deleted since.
 */
export async function listSignupNoticesOf(
  db: Executor,
  staffId: string,
  window: { from: Date | null; until: Date },
) {
  return db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      studentId: resident.id,
      studentName: resident.name,
      approved: resident.verifyByHod,
      deletedAt: resident.deletedAt,
    })
    .from(notifications)
    .innerJoin(resident, eq(resident.id, notifications.subjectId))
    .where(
      and(
        eq(notifications.toId, staffId),
        lt(notifications.createdAt, window.until),
        window.from ? gte(notifications.createdAt, window.from) : undefined,
        isSignupNotice(),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

/**
 * For the daily digest's claim (`users` as the outer query): this member of staff has an unread
 * sign-up notice from before `dayStart` that a digest may still owe them. A superset (the day's
 * first, mailed at once, is left out when the mail is written): the claim only needs to find them.
 */
export function hasSignupNoticeToDigest(dayStart: Date): SQL {
  return sql`exists (
    select 1 from ${notifications}
    where ${notifications.toId} = ${users.id}
      and ${notifications.readAt} is null
      and ${notifications.createdAt} < ${dayStart.toISOString()}::timestamptz
      and (${users.digestSentAt} is null
        or ${notifications.createdAt} >= ${users.digestSentAt} - interval '1 day')
      and ${isSignupNotice()}
  )`;
}
