import { and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import {
  colleges,
  drpAttendance,
  drpPostings,
  files,
  institutions,
  records,
  users,
} from '../../db/schema/index';

/**
 * Whose DRP postings a caller sees (DESIGN.md section 4, docs/decisions/012): Master all, a
 * student their own, department staff their college and department's, a coordinator the
 * postings they supervise from their first day on ("during and after"); anyone else none.
 */
export type PostingScope =
  | { kind: 'all' }
  | { kind: 'department'; collegeId: string; departmentId: string }
  | { kind: 'student'; studentId: string }
  | { kind: 'coordinator'; coordinatorId: string; today: string }
  | { kind: 'none' };

/** The postings inside the scope; the student, scope and coordinator indexes serve these. */
export function postingsWhere(scope: PostingScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'department':
      return and(
        eq(drpPostings.collegeId, scope.collegeId),
        eq(drpPostings.departmentId, scope.departmentId),
      ) as SQL;
    case 'student':
      return eq(drpPostings.studentId, scope.studentId);
    case 'coordinator':
      return and(
        eq(drpPostings.coordinatorId, scope.coordinatorId),
        lte(drpPostings.scheduleFrom, scope.today),
      ) as SQL;
    case 'none':
      return sql`false`;
  }
}

const student = alias(users, 'student');

const attendanceMarked = sql<boolean>`exists (select 1 from ${drpAttendance} where ${drpAttendance.postingId} = ${drpPostings.id})`;

const hasRecords = sql<boolean>`exists (select 1 from ${records} where ${records.drpPostingId} = ${drpPostings.id} and ${records.deletedAt} is null)`;

const postingColumns = {
  id: drpPostings.id,
  studentId: drpPostings.studentId,
  studentName: student.name,
  collegeId: drpPostings.collegeId,
  departmentId: drpPostings.departmentId,
  studentCollege: colleges.name,
  institutionId: drpPostings.institutionId,
  institutionName: institutions.name,
  state: institutions.state,
  coordinatorId: drpPostings.coordinatorId,
  coordinatorName: drpPostings.coordinatorName,
  coordinatorEmail: drpPostings.coordinatorEmail,
  coordinatorPhone: drpPostings.coordinatorPhone,
  scheduleFrom: drpPostings.scheduleFrom,
  scheduleTo: drpPostings.scheduleTo,
  noticeId: files.id,
  noticeName: files.originalName,
  noticeType: files.contentType,
  attendanceMarked,
  hasRecords,
  createdAt: drpPostings.createdAt,
};

export type PostingRow = {
  id: string;
  studentId: string;
  studentName: string;
  collegeId: string;
  departmentId: string;
  studentCollege: string;
  institutionId: string;
  institutionName: string;
  state: string;
  coordinatorId: string;
  coordinatorName: string;
  coordinatorEmail: string;
  coordinatorPhone: string;
  scheduleFrom: string;
  scheduleTo: string;
  noticeId: string | null;
  noticeName: string | null;
  noticeType: string | null;
  attendanceMarked: boolean;
  hasRecords: boolean;
  createdAt: Date;
};

function postingSelect(db: Executor) {
  return db
    .select(postingColumns)
    .from(drpPostings)
    .innerJoin(student, eq(student.id, drpPostings.studentId))
    .innerJoin(colleges, eq(colleges.id, drpPostings.collegeId))
    .innerJoin(institutions, eq(institutions.id, drpPostings.institutionId))
    .leftJoin(files, eq(files.id, drpPostings.noticeFileId))
    .$dynamic();
}

/** The DRP Records list's page and count; both join what the search looks in. */
export function postingListQueries(db: Executor) {
  return {
    rows: postingSelect(db),
    count: db
      .select({ total: count() })
      .from(drpPostings)
      .innerJoin(student, eq(student.id, drpPostings.studentId))
      .innerJoin(institutions, eq(institutions.id, drpPostings.institutionId))
      .$dynamic(),
  };
}

/** What the list searches (student, institution, coordinator) and sorts by. */
export const postingListColumns = {
  searchIn: [student.name, institutions.name, drpPostings.coordinatorName],
  sortable: {
    scheduleFrom: drpPostings.scheduleFrom,
    scheduleTo: drpPostings.scheduleTo,
    student: student.name,
    institution: institutions.name,
    coordinator: drpPostings.coordinatorName,
    state: institutions.state,
    createdAt: drpPostings.createdAt,
  },
  tieBreaker: drpPostings.id,
};

/** One posting as the list shows it, if it is inside `where` (a scope). */
export async function findPosting(db: Executor, where: SQL, id: string): Promise<PostingRow | undefined> {
  const [row] = await postingSelect(db)
    .where(and(where, eq(drpPostings.id, id)))
    .limit(1);
  return row;
}

export type PostingStateRow = typeof drpPostings.$inferSelect;

/**
 * Locks one posting inside `where` until the transaction ends (delete and marking exclude each
 * other). FOR UPDATE, unlike the student's lock: a delete removes the row's key, so the lock also
 * holds off a record being written that references the posting until the delete is decided.
 */
export async function lockPosting(tx: Tx, where: SQL, id: string): Promise<PostingStateRow | undefined> {
  const [row] = await tx
    .select()
    .from(drpPostings)
    .where(and(where, eq(drpPostings.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function hasAttendance(db: Executor, postingId: string): Promise<boolean> {
  const [row] = await db
    .select({ day: drpAttendance.day })
    .from(drpAttendance)
    .where(eq(drpAttendance.postingId, postingId))
    .limit(1);
  return row !== undefined;
}

/** Whether live DRP activities or logbook uploads belong to the posting. */
export async function hasLiveRecords(db: Executor, postingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.drpPostingId, postingId), isNull(records.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** Deleted records keep their row but let go of the posting, so the posting itself can go. */
export async function detachDeletedRecords(tx: Tx, postingId: string): Promise<void> {
  await tx.update(records).set({ drpPostingId: null }).where(eq(records.drpPostingId, postingId));
}

export async function deletePosting(tx: Tx, id: string): Promise<void> {
  await tx.delete(drpPostings).where(eq(drpPostings.id, id));
}

export async function insertPosting(
  tx: Tx,
  values: typeof drpPostings.$inferInsert,
): Promise<PostingStateRow> {
  const [row] = await tx.insert(drpPostings).values(values).returning();
  if (!row) throw new Error('drp posting insert returned no row');
  return row;
}

/** Whether the student has a posting sharing a day with [from, to]. */
export async function hasOverlappingPosting(tx: Tx, studentId: string, from: string, to: string) {
  const [row] = await tx
    .select({ id: drpPostings.id })
    .from(drpPostings)
    .where(
      and(
        eq(drpPostings.studentId, studentId),
        lte(drpPostings.scheduleFrom, to),
        gte(drpPostings.scheduleTo, from),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---- People ------------------------------------------------------------------------------------

export type PersonRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  collegeId: string | null;
  departmentId: string | null;
  deletedAt: Date | null;
};

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  collegeId: users.collegeId,
  departmentId: users.departmentId,
  deletedAt: users.deletedAt,
};

/**
 * A live student (role null, not deleted), locked until the transaction ends, inside the
 * college and department when given: two postings of one student are written one after the other,
 * so neither misses the other in the overlap check. FOR NO KEY UPDATE: it only orders writers and
 * never changes the row's keys, so it does not wait for (and deadlock with) the KEY SHARE locks
 * that rows referencing the student take (issue 27).
 */
export async function lockStudent(
  tx: Tx,
  studentId: string,
  department?: { collegeId: string; departmentId: string },
): Promise<PersonRow | undefined> {
  const [row] = await tx
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.id, studentId),
        isNull(users.role),
        isNull(users.deletedAt),
        ...(department
          ? [eq(users.collegeId, department.collegeId), eq(users.departmentId, department.departmentId)]
          : []),
      ),
    )
    .limit(1)
    .for('no key update');
  return row;
}

/** Any account holding the address, deleted ones included (the unique index counts them too). */
export async function findAccountByEmail(db: Executor, email: string): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/**
 * The coordinator of the institution's latest posting by residents of `collegeId`, while their
 * account is live: a coordinator named by one college never supervises another college's
 * residents without that college naming them too (docs/decisions/012).
 */
export async function latestCoordinatorOf(
  db: Executor,
  institutionId: string,
  collegeId: string,
): Promise<PersonRow | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(drpPostings)
    .innerJoin(users, eq(users.id, drpPostings.coordinatorId))
    .where(and(eq(drpPostings.institutionId, institutionId), eq(drpPostings.collegeId, collegeId)))
    .orderBy(desc(drpPostings.createdAt), desc(drpPostings.id))
    .limit(1);
  return row && row.deletedAt === null ? row : undefined;
}

// ---- Institutions ------------------------------------------------------------------------------

export async function institutionsOfState(db: Executor, state: string) {
  return db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(eq(institutions.state, state))
    .orderBy(asc(institutions.name), asc(institutions.id));
}

// ---- The coordinator's dashboard ---------------------------------------------------------------

/**
 * Pending live entries of `kinds` on the coordinator's postings that have started, by kind: the
 * same rows the records module shows a coordinator (records-repository `drp-coordinator` scope).
 */
export async function pendingEntriesByKind(
  db: Executor,
  coordinatorId: string,
  today: string,
  kinds: readonly string[],
): Promise<Map<string, number>> {
  if (kinds.length === 0) return new Map();
  const rows = await db
    .select({ kind: records.kind, total: count() })
    .from(records)
    .innerJoin(drpPostings, eq(drpPostings.id, records.drpPostingId))
    .where(
      and(
        isNull(records.deletedAt),
        eq(records.status, 'pending'),
        inArray(records.kind, [...kinds]),
        eq(drpPostings.coordinatorId, coordinatorId),
        lte(drpPostings.scheduleFrom, today),
      ),
    )
    .groupBy(records.kind);
  return new Map(rows.map((row) => [row.kind, Number(row.total)]));
}
