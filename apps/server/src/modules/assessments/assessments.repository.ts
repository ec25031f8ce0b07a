import { and, asc, count, desc, eq, gte, isNull, lte, max, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { aetcomRecords, appraisals, users } from '../../db/schema/index';

/** Whose students a lookup may find: one college and department, or (Master) everyone's. */
export type StudentScope = { collegeId: string; departmentId: string } | 'any';

export type StudentRow = {
  id: string;
  name: string;
  /** Where the notice of a new appraisal or AETCOM year is mailed (issue 28). */
  email: string;
  collegeId: string | null;
  departmentId: string | null;
  /** YYYY-MM-DD, when the profile has it: where AETCOM year 1 starts. */
  joiningDate: string | null;
};

const studentColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  collegeId: users.collegeId,
  departmentId: users.departmentId,
  joiningDate: users.joiningDate,
};

/** A live student (role null, not deleted) inside the scope: the rows outside it are never loaded. */
function studentWhere(studentId: string, scope: StudentScope): SQL | undefined {
  return and(
    eq(users.id, studentId),
    isNull(users.role),
    isNull(users.deletedAt),
    ...(scope === 'any'
      ? []
      : [eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId)]),
  );
}

export async function findStudent(
  db: Executor,
  studentId: string,
  scope: StudentScope,
): Promise<StudentRow | undefined> {
  const [row] = await db.select(studentColumns).from(users).where(studentWhere(studentId, scope)).limit(1);
  return row;
}

/**
 * The student's user row, locked until the transaction ends, when it is inside the scope: two
 * scorings of one student run one after another, so neither can miss the other's period (the
 * overlap check) or take the same AETCOM year. FOR NO KEY UPDATE: it only orders writers and never
 * changes the row's keys, so it neither waits for nor deadlocks with the KEY SHARE locks of rows
 * that reference the student (issue 27).
 */
export async function lockStudent(
  tx: Tx,
  studentId: string,
  scope: StudentScope,
): Promise<StudentRow | undefined> {
  const [row] = await tx
    .select(studentColumns)
    .from(users)
    .where(studentWhere(studentId, scope))
    .for('no key update');
  return row;
}

/** Which of a student's rows a reader sees: all of them, or those written in one department. */
export type RowScope = { collegeId: string; departmentId: string } | 'all';

const scorer = alias(users, 'scorer');

// ---- Quarterly appraisal ---------------------------------------------------------------------

export type AppraisalRow = {
  id: string;
  studentId: string;
  fromDate: string;
  toDate: string;
  rows: unknown;
  appraisedById: string;
  appraisedByName: string;
  createdAt: Date;
};

const appraisalColumns = {
  id: appraisals.id,
  studentId: appraisals.studentId,
  fromDate: appraisals.fromDate,
  toDate: appraisals.toDate,
  rows: appraisals.rows,
  appraisedById: appraisals.appraisedById,
  appraisedByName: scorer.name,
  createdAt: appraisals.createdAt,
};

/** A student's appraisals, newest quarter first, with the name of who scored each. */
export async function listAppraisals(
  db: Executor,
  studentId: string,
  scope: RowScope,
): Promise<AppraisalRow[]> {
  return db
    .select(appraisalColumns)
    .from(appraisals)
    .innerJoin(scorer, eq(scorer.id, appraisals.appraisedById))
    .where(
      and(
        eq(appraisals.studentId, studentId),
        ...(scope === 'all'
          ? []
          : [eq(appraisals.collegeId, scope.collegeId), eq(appraisals.departmentId, scope.departmentId)]),
      ),
    )
    .orderBy(desc(appraisals.fromDate), desc(appraisals.createdAt));
}

export async function findAppraisal(db: Executor, id: string): Promise<AppraisalRow | undefined> {
  const [row] = await db
    .select(appraisalColumns)
    .from(appraisals)
    .innerJoin(scorer, eq(scorer.id, appraisals.appraisedById))
    .where(eq(appraisals.id, id))
    .limit(1);
  return row;
}

/** An appraisal of the student whose period shares a day with from..to (both ends included). */
export async function findOverlappingAppraisal(
  db: Executor,
  studentId: string,
  fromDate: string,
  toDate: string,
) {
  const [row] = await db
    .select({ id: appraisals.id })
    .from(appraisals)
    .where(
      and(
        eq(appraisals.studentId, studentId),
        lte(appraisals.fromDate, toDate),
        gte(appraisals.toDate, fromDate),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAppraisal(db: Executor, values: typeof appraisals.$inferInsert) {
  const [row] = await db.insert(appraisals).values(values).returning({ id: appraisals.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

// ---- AETCOM ------------------------------------------------------------------------------------

export type AetcomRow = {
  id: string;
  studentId: string;
  year: number;
  fromDate: string;
  toDate: string;
  scores: unknown;
  scoredById: string;
  scoredByName: string;
  createdAt: Date;
};

const aetcomColumns = {
  id: aetcomRecords.id,
  studentId: aetcomRecords.studentId,
  year: aetcomRecords.year,
  fromDate: aetcomRecords.fromDate,
  toDate: aetcomRecords.toDate,
  scores: aetcomRecords.scores,
  scoredById: aetcomRecords.scoredById,
  scoredByName: scorer.name,
  createdAt: aetcomRecords.createdAt,
};

/** A student's AETCOM years, first year first. */
export async function listAetcom(db: Executor, studentId: string, scope: RowScope): Promise<AetcomRow[]> {
  return db
    .select(aetcomColumns)
    .from(aetcomRecords)
    .innerJoin(scorer, eq(scorer.id, aetcomRecords.scoredById))
    .where(
      and(
        eq(aetcomRecords.studentId, studentId),
        ...(scope === 'all'
          ? []
          : [
              eq(aetcomRecords.collegeId, scope.collegeId),
              eq(aetcomRecords.departmentId, scope.departmentId),
            ]),
      ),
    )
    .orderBy(asc(aetcomRecords.year));
}

export async function findAetcom(db: Executor, id: string): Promise<AetcomRow | undefined> {
  const [row] = await db
    .select(aetcomColumns)
    .from(aetcomRecords)
    .innerJoin(scorer, eq(scorer.id, aetcomRecords.scoredById))
    .where(eq(aetcomRecords.id, id))
    .limit(1);
  return row;
}

/** How many AETCOM years the student has (wherever they were written): the next is this + 1. */
export async function countAetcom(db: Executor, studentId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(aetcomRecords)
    .where(eq(aetcomRecords.studentId, studentId));
  return Number(row?.total ?? 0);
}

/** The To Date of the student's latest AETCOM year (wherever it was written), or null. */
export async function lastAetcomToDate(db: Executor, studentId: string): Promise<string | null> {
  const [row] = await db
    .select({ last: max(aetcomRecords.toDate) })
    .from(aetcomRecords)
    .where(eq(aetcomRecords.studentId, studentId));
  return row?.last ?? null;
}

/** An AETCOM year of the student whose period shares a day with from..to (both ends included). */
export async function findOverlappingAetcom(
  db: Executor,
  studentId: string,
  fromDate: string,
  toDate: string,
) {
  const [row] = await db
    .select({ id: aetcomRecords.id })
    .from(aetcomRecords)
    .where(
      and(
        eq(aetcomRecords.studentId, studentId),
        lte(aetcomRecords.fromDate, toDate),
        gte(aetcomRecords.toDate, fromDate),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAetcom(db: Executor, values: typeof aetcomRecords.$inferInsert) {
  const [row] = await db.insert(aetcomRecords).values(values).returning({ id: aetcomRecords.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}
