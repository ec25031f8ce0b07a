import { NON_TEACHING_ROLES } from '@pgel/shared/roles';
import { and, asc, eq, inArray, isNotNull, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { records, users } from '../../db/schema/index';
import { hasSignupNoticeToDigest } from '../people/awaiting-approval.repository';
import { confirmedTeachersOf } from '../people/people.repository';
import { pendingSinceColumn } from './record-wait';

/** A member of staff who verifies entries, with how they want to hear of them by e-mail. */
export type Verifier = {
  id: string;
  name: string;
  email: string;
  collegeId: string | null;
  departmentId: string | null;
  verificationMail: string;
};

const verifierColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  collegeId: users.collegeId,
  departmentId: users.departmentId,
  verificationMail: users.verificationMail,
};

/** The named teacher, if they may still verify (not blocked or deleted). */
export async function findVerifier(db: Executor, id: string): Promise<Verifier | undefined> {
  const [row] = await db
    .select(verifierColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.blocked, false), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Everyone who verifies the department's entries: its teachers (not Master or Admin). */
export async function listDepartmentVerifiers(
  db: Executor,
  collegeId: string,
  departmentId: string,
): Promise<Verifier[]> {
  return db
    .select(verifierColumns)
    .from(users)
    .where(confirmedTeachersOf(collegeId, departmentId))
    .orderBy(asc(users.name), asc(users.id));
}

/** Names and addresses of students, for the mail that tells them of a verification. */
export async function findStudents(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
}

// ---- The daily digest ------------------------------------------------------------------------

export type DigestRecipient = {
  id: string;
  name: string;
  email: string;
  collegeId: string;
  departmentId: string;
  /** 'digest' or 'each': whether the mail lists pending entries (only for 'digest'). */
  verificationMail: string;
  /** When the previous digest was claimed (null: never), where the sign-ups it owes begin. */
  previousDigestAt: Date | null;
};

/**
 * Claims up to `limit` staff whose digest of today is still due: those who verify and either
 * chose the digest or have sign-up notices it may owe them (issue 28: later sign-ups of a day),
 * and were last sent one before `dayStart` (or never). Claiming sets `digest_sent_at` in one
 * UPDATE, so a second server running the job at the same moment skips these rows (SKIP LOCKED)
 * and, once this transaction commits, finds them done; the rows' earlier stamp comes back with
 * them. Staff with nothing pending are claimed too: the digest is of what waits at the
 * morning's run, not of every later entry.
 */
export async function claimDigestRecipients(
  db: Executor,
  options: { dayStart: Date; now: Date; limit: number },
): Promise<DigestRecipient[]> {
  const due = or(isNull(users.digestSentAt), lt(users.digestSentAt, options.dayStart)) as SQL;
  const candidates = db
    .select({ id: users.id, previousDigestAt: users.digestSentAt })
    .from(users)
    .where(
      and(
        isNotNull(users.role),
        notInArray(users.role, [...NON_TEACHING_ROLES]),
        or(eq(users.verificationMail, 'digest'), hasSignupNoticeToDigest(options.dayStart)),
        eq(users.blocked, false),
        // An account awaiting confirmation sees no resident's entries, in the app or by mail.
        eq(users.confirmation, 'confirmed'),
        isNull(users.deletedAt),
        isNotNull(users.collegeId),
        isNotNull(users.departmentId),
        due,
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit)
    // The claim only stamps digest_sent_at: no key changes, so no wait on rows that reference staff.
    .for('no key update', { skipLocked: true })
    .as('due_staff');
  const rows = await db
    .update(users)
    .set({ digestSentAt: options.now })
    .from(candidates)
    .where(and(eq(users.id, candidates.id), due))
    .returning({
      id: users.id,
      name: users.name,
      email: users.email,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
      verificationMail: users.verificationMail,
      previousDigestAt: candidates.previousDigestAt,
    });
  return rows.filter((row): row is DigestRecipient => row.collegeId !== null && row.departmentId !== null);
}

const student = alias(users, 'student');

export type PendingEntry = {
  id: string;
  kind: string;
  date: string | null;
  studentId: string;
  studentName: string;
  /** When it began to wait for verification (issue 30: Overdue after 7 days). */
  pendingSince: Date;
  /** How many entries wait in all (the list itself stops at the limit). */
  total: number;
};

/**
 * Pending entries handed to one member of staff: those naming them as teacher, and those of their
 * department naming no teacher. By student name, then date; at most `limit`. Only what a mail may
 * show: kind, date, student, id (never details or the summary, which may describe a patient).
 */
export async function listPendingFor(
  db: Executor,
  staff: DigestRecipient,
  limit: number,
): Promise<PendingEntry[]> {
  return db
    .select({
      id: records.id,
      kind: records.kind,
      date: records.date,
      studentId: records.studentId,
      studentName: student.name,
      pendingSince: pendingSinceColumn,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(records)
    .innerJoin(student, eq(student.id, records.studentId))
    .where(
      and(
        isNull(records.deletedAt),
        eq(records.status, 'pending'),
        sql`${records.studentId} <> ${staff.id}`,
        or(
          eq(records.teacherId, staff.id),
          and(
            isNull(records.teacherId),
            eq(records.collegeId, staff.collegeId),
            eq(records.departmentId, staff.departmentId),
          ),
        ),
      ),
    )
    .orderBy(asc(student.name), asc(records.studentId), asc(records.date), asc(records.createdAt))
    .limit(limit);
}
