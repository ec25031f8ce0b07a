import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  min,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { departments, monthAuthentications, records, theses, users } from '../../db/schema/index';

// Monthly authentication's queries (issue 30). Months are India's calendar months of the entries'
// dates (`records.date` is a date already), written 'YYYY-MM'.

const monthOfRecord = sql<string>`to_char(${records.date}, 'YYYY-MM')`;

/** The resident as the rules need them: placement, joining date, unit head and department. */
export async function findResident(db: Executor, studentId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
      departmentName: departments.name,
      joiningDate: users.joiningDate,
      unitHeadId: users.unitHeadId,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.id, studentId), isNull(users.role), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
export type ResidentRow = NonNullable<Awaited<ReturnType<typeof findResident>>>;

/**
 * The resident's row locked for the signature (FOR NO KEY UPDATE, as every logbook write of the
 * student takes it): an entry being added or deleted waits for the signature, or the signature
 * for it, and two signatures of the resident run one after the other.
 */
export async function lockResident(db: Executor, studentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, studentId), isNull(users.deletedAt)))
    .for('no key update');
  return rows.length > 0;
}

const guide = alias(users, 'month_guide');

/** The guide each stage names (thesis first), with the guide's name; stages without one are left out. */
export async function thesisGuides(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: theses.studentId, stage: theses.stage, guideId: guide.id, guideName: guide.name })
    .from(theses)
    .innerJoin(guide, eq(guide.id, theses.guideId))
    .where(inArray(theses.studentId, [...studentIds]));
}

/** A user's name and address (a unit head, a guide, a signer). */
export async function findPeople(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      collegeId: users.collegeId,
      unitHeadId: users.unitHeadId,
    })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
}

/**
 * The resident's live entries counted by month, kind and status (records_student_kind_date_idx);
 * with `range`, one month's only.
 */
export async function countByMonth(db: Executor, studentId: string, range?: { from: string; to: string }) {
  return db
    .select({ month: monthOfRecord, kind: records.kind, status: records.status, total: count() })
    .from(records)
    .where(
      and(
        eq(records.studentId, studentId),
        isNull(records.deletedAt),
        range ? between(records.date, range.from, range.to) : isNotNull(records.date),
      ),
    )
    .groupBy(monthOfRecord, records.kind, records.status);
}

/** One month's live entries, oldest first, for the guide's page (never patient identifiers). */
export async function listMonthEntries(db: Executor, studentId: string, range: { from: string; to: string }) {
  return db
    .select({
      id: records.id,
      kind: records.kind,
      date: records.date,
      status: records.status,
      summary: records.summary,
    })
    .from(records)
    .where(
      and(
        eq(records.studentId, studentId),
        isNull(records.deletedAt),
        between(records.date, range.from, range.to),
      ),
    )
    .orderBy(asc(records.date), asc(records.createdAt));
}

/**
 * One month's live entries, locked FOR SHARE until the signature commits: a verification or reset
 * of one of them (FOR NO KEY UPDATE) waits for the signature, which then sees it (and marks the
 * month changed), or the signature waits for it and reads the status it left.
 */
export async function lockMonthEntries(db: Executor, studentId: string, range: { from: string; to: string }) {
  return db
    .select({ id: records.id, kind: records.kind, status: records.status })
    .from(records)
    .where(
      and(
        eq(records.studentId, studentId),
        isNull(records.deletedAt),
        between(records.date, range.from, range.to),
      ),
    )
    .orderBy(asc(records.id))
    .for('share');
}

const signer = alias(users, 'month_signer');

const signatureColumns = {
  id: monthAuthentications.id,
  studentId: monthAuthentications.studentId,
  month: monthAuthentications.month,
  authenticatedById: monthAuthentications.authenticatedById,
  authenticatedByName: signer.name,
  authenticatedAt: monthAuthentications.authenticatedAt,
  fingerprint: monthAuthentications.fingerprint,
  verifiedEntries: monthAuthentications.verifiedEntries,
  changedAt: monthAuthentications.changedAt,
};

/** The live signatures (one per month at most) of these residents, oldest month first. */
export async function liveSignatures(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select(signatureColumns)
    .from(monthAuthentications)
    .innerJoin(signer, eq(signer.id, monthAuthentications.authenticatedById))
    .where(
      and(
        inArray(monthAuthentications.studentId, [...studentIds]),
        isNull(monthAuthentications.supersededAt),
      ),
    )
    .orderBy(asc(monthAuthentications.month));
}
export type SignatureRow = Awaited<ReturnType<typeof liveSignatures>>[number];

/** The live signature of one month, or undefined. */
export async function findLiveSignature(db: Executor, studentId: string, month: string) {
  const [row] = await db
    .select(signatureColumns)
    .from(monthAuthentications)
    .innerJoin(signer, eq(signer.id, monthAuthentications.authenticatedById))
    .where(
      and(
        eq(monthAuthentications.studentId, studentId),
        eq(monthAuthentications.month, month),
        isNull(monthAuthentications.supersededAt),
      ),
    )
    .limit(1);
  return row;
}

export async function supersede(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(monthAuthentications).set({ supersededAt: at }).where(eq(monthAuthentications.id, id));
}

export async function insertSignature(db: Executor, values: typeof monthAuthentications.$inferInsert) {
  const [row] = await db
    .insert(monthAuthentications)
    .values(values)
    .returning({ id: monthAuthentications.id });
  if (!row) throw new Error('insert into month_authentications returned no row');
  return row;
}

/**
 * Marks changed the live, unchanged signatures of these (resident, month) pairs, in one
 * statement; answers the ones it marked (those already marked are not marked again, so their
 * guide is told once).
 */
export async function markChanged(
  db: Executor,
  pairs: ReadonlyArray<{ studentId: string; month: string }>,
  at: Date,
) {
  if (pairs.length === 0) return [];
  const matches = pairs.map(
    (p) =>
      and(eq(monthAuthentications.studentId, p.studentId), eq(monthAuthentications.month, p.month)) as SQL,
  );
  return db
    .update(monthAuthentications)
    .set({ changedAt: at })
    .where(
      and(isNull(monthAuthentications.supersededAt), isNull(monthAuthentications.changedAt), or(...matches)),
    )
    .returning({
      id: monthAuthentications.id,
      studentId: monthAuthentications.studentId,
      month: monthAuthentications.month,
      authenticatedById: monthAuthentications.authenticatedById,
    });
}

/**
 * The residents a faculty member signs for: those whose unit head they are or whose thesis guide
 * they are; the HOD, every resident of the department. Live students of the actor's college and
 * department only.
 */
export async function residentsOf(
  db: Executor,
  actor: { id: string; collegeId: string; departmentId: string },
  wholeDepartment: boolean,
) {
  const guided = sql`exists (select 1 from ${theses} where ${theses.studentId} = ${users.id} and ${theses.guideId} = ${actor.id})`;
  return db
    .select({
      id: users.id,
      name: users.name,
      joiningDate: users.joiningDate,
      unitHeadId: users.unitHeadId,
      isGuided: sql<boolean>`${guided}`,
    })
    .from(users)
    .where(
      and(
        isNull(users.role),
        isNull(users.deletedAt),
        eq(users.collegeId, actor.collegeId),
        eq(users.departmentId, actor.departmentId),
        wholeDepartment ? undefined : or(eq(users.unitHeadId, actor.id), guided),
      ),
    )
    .orderBy(asc(users.name))
    .limit(2000);
}

/** Each resident's earliest dated live entry (where a resident without a joining date starts). */
export async function firstEntryDates(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: records.studentId, first: min(records.date) })
    .from(records)
    .where(and(inArray(records.studentId, [...studentIds]), isNull(records.deletedAt)))
    .groupBy(records.studentId);
}

/** The live signatures' months and change marks of these residents (the dashboard's card). */
export async function signedMonths(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: monthAuthentications.studentId,
      month: monthAuthentications.month,
      changedAt: monthAuthentications.changedAt,
    })
    .from(monthAuthentications)
    .where(
      and(
        inArray(monthAuthentications.studentId, [...studentIds]),
        isNull(monthAuthentications.supersededAt),
      ),
    )
    .orderBy(desc(monthAuthentications.month));
}
