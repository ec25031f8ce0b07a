import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { memos, users } from '../../db/schema/index';

/**
 * Whose memos a caller sees (DESIGN.md section 4): Master all, staff their college and
 * department's, a student their own; staff without a placement nobody's.
 */
export type MemoScope =
  | { kind: 'all' }
  | { kind: 'department'; collegeId: string; departmentId: string }
  | { kind: 'student'; studentId: string }
  | { kind: 'none' };

/** The memos inside the scope; the department and student indexes serve exactly these. */
export function memosWhere(scope: MemoScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'department':
      return and(eq(memos.collegeId, scope.collegeId), eq(memos.departmentId, scope.departmentId)) as SQL;
    case 'student':
      return eq(memos.studentId, scope.studentId);
    case 'none':
      return sql`false`;
  }
}

const student = alias(users, 'student');
const issuer = alias(users, 'issuer');
const closer = alias(users, 'closer');

const memoColumns = {
  id: memos.id,
  memoNumber: memos.memoNumber,
  date: memos.date,
  reason: memos.reason,
  status: memos.status,
  studentId: memos.studentId,
  studentName: student.name,
  issuedById: memos.issuedById,
  issuedByName: issuer.name,
  explanation: memos.explanation,
  explainedAt: memos.explainedAt,
  remark: memos.remark,
  closedById: memos.closedById,
  closedByName: closer.name,
  closedAt: memos.closedAt,
  createdAt: memos.createdAt,
};

export type MemoRow = {
  id: string;
  memoNumber: string;
  date: string;
  reason: string;
  status: string;
  studentId: string;
  studentName: string;
  issuedById: string;
  issuedByName: string;
  explanation: string | null;
  explainedAt: Date | null;
  remark: string | null;
  closedById: string | null;
  closedByName: string | null;
  closedAt: Date | null;
  createdAt: Date;
};

/**
 * The memo list's page and count. Both join the student, whose name the search looks in; the
 * count needs no other join.
 */
export function memoListQueries(db: Executor) {
  return {
    rows: db
      .select(memoColumns)
      .from(memos)
      .innerJoin(student, eq(student.id, memos.studentId))
      .innerJoin(issuer, eq(issuer.id, memos.issuedById))
      .leftJoin(closer, eq(closer.id, memos.closedById))
      .$dynamic(),
    count: db
      .select({ total: count() })
      .from(memos)
      .innerJoin(student, eq(student.id, memos.studentId))
      .$dynamic(),
  };
}

/** What the list searches and sorts by. */
export const memoListColumns = {
  searchIn: [memos.memoNumber, memos.reason, student.name],
  sortable: { date: memos.date, memoNumber: memos.memoNumber, status: memos.status },
  tieBreaker: memos.id,
};

/** One memo as the list shows it, if it is inside `where` (a scope). */
export async function findMemo(db: Executor, where: SQL, id: string): Promise<MemoRow | undefined> {
  const [row] = await db
    .select(memoColumns)
    .from(memos)
    .innerJoin(student, eq(student.id, memos.studentId))
    .innerJoin(issuer, eq(issuer.id, memos.issuedById))
    .leftJoin(closer, eq(closer.id, memos.closedById))
    .where(and(where, eq(memos.id, id)))
    .limit(1);
  return row;
}

/** A memo's state, read under a row lock for the change that follows. */
export type MemoStateRow = typeof memos.$inferSelect;

/** Locks one memo inside `where` (a scope) until the transaction ends. */
export async function lockMemo(db: Executor, where: SQL, id: string): Promise<MemoStateRow | undefined> {
  const [row] = await db
    .select()
    .from(memos)
    .where(and(where, eq(memos.id, id)))
    .limit(1)
    .for('update');
  return row;
}

/** Someone a memo notice goes to. */
export type Recipient = { id: string; name: string; email: string; collegeId: string | null };

const recipientColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  collegeId: users.collegeId,
};

/** A live (not deleted) student of the college and department, else undefined. */
export async function findStudentOfDepartment(
  db: Executor,
  studentId: string,
  collegeId: string,
  departmentId: string,
): Promise<Recipient | undefined> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .where(
      and(
        eq(users.id, studentId),
        isNull(users.role),
        isNull(users.deletedAt),
        eq(users.collegeId, collegeId),
        eq(users.departmentId, departmentId),
      ),
    )
    .limit(1);
  return row;
}

/** A user who is still there (not deleted), for a notice about a memo. */
export async function findRecipient(db: Executor, id: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Who hears of a memo's explanation: the HOD who issued it and the department's HODs now (who
 * may close it), each once, still there and not blocked.
 */
export async function listExplanationRecipients(
  db: Executor,
  memo: { issuedById: string; collegeId: string; departmentId: string },
): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`(${users.id} = ${memo.issuedById} or (${users.role} = 'hod' and ${users.blocked} = false and ${users.collegeId} = ${memo.collegeId} and ${users.departmentId} = ${memo.departmentId}))`,
      ),
    );
}

/**
 * Serialises the memo numbering of one college and department until the transaction ends: two
 * HODs (or two tabs) issuing at once take the next numbers one after the other. A row lock
 * cannot do it, since a department's first memo has no row to lock.
 */
export async function lockDepartmentNumbering(db: Executor, collegeId: string, departmentId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`memos:${collegeId}:${departmentId}`}))`);
}

/** The department's next memo sequence: one past its highest, 1 for its first memo. */
export async function nextSequence(db: Executor, collegeId: string, departmentId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${memos.sequence}), 0)::int` })
    .from(memos)
    .where(and(eq(memos.collegeId, collegeId), eq(memos.departmentId, departmentId)));
  return Number(row?.last ?? 0) + 1;
}

export type NewMemo = typeof memos.$inferInsert;

export async function insertMemo(db: Executor, values: NewMemo): Promise<MemoStateRow> {
  const [row] = await db.insert(memos).values(values).returning();
  if (!row) throw new Error('memo insert returned no row');
  return row;
}

export async function updateMemo(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<NewMemo, 'status' | 'explanation' | 'explainedAt' | 'remark' | 'closedById' | 'closedAt'>
  >,
): Promise<MemoStateRow> {
  const [row] = await db
    .update(memos)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(memos.id, id))
    .returning();
  if (!row) throw new Error('memo update returned no row');
  return row;
}
