import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { records, users } from '../../db/schema/index';
import type { IndiaWeek } from '../../platform/india-time';
import { notSentYet } from './sent-reminders.repository';

/** A resident as the weekly rules read them: who, where, and what `canWriteLogbook` needs. */
export type Resident = {
  id: string;
  name: string;
  email: string;
  collegeId: string | null;
  departmentId: string | null;
  verifyByHod: boolean;
  paid: boolean;
  createdAt: Date;
  joiningDate: string | null;
  /** The unit head on the profile (the guide until a thesis guide is chosen). */
  unitHeadId: string | null;
};

const residentColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  collegeId: users.collegeId,
  departmentId: users.departmentId,
  verifyByHod: users.verifyByHod,
  paid: users.paid,
  createdAt: users.createdAt,
  joiningDate: users.joiningDate,
  unitHeadId: users.unitHeadId,
};

/**
 * Live students who may write the logbook, in SQL (the caller still checks `canWriteLogbook`,
 * which decides): approved, paid, placed, not blocked.
 */
export const mayWrite = and(
  isNull(users.role),
  isNull(users.deletedAt),
  eq(users.blocked, false),
  eq(users.verifyByHod, true),
  eq(users.paid, true),
  isNotNull(users.collegeId),
  isNotNull(users.departmentId),
);

/** `weekCountsFor` as SQL: the account existed and the course had begun when the week began. */
function weekCounts(week: IndiaWeek) {
  return and(
    lte(users.createdAt, week.start),
    or(isNull(users.joiningDate), lte(users.joiningDate, week.monday)),
  );
}

/**
 * Up to `limit` residents, after `after` in id order, who saved no entry in `week`, for whom it
 * counts, and who have not had its nudge (`kind`). Keyset pages, so a page the caller could not
 * send is not read again.
 */
export async function listResidentsToNudge(
  db: Executor,
  options: { week: IndiaWeek; kind: string; after: string | null; limit: number },
): Promise<Resident[]> {
  const { week } = options;
  return db
    .select(residentColumns)
    .from(users)
    .where(
      and(
        mayWrite,
        weekCounts(week),
        options.after ? gt(users.id, options.after) : undefined,
        // One probe of records_student_created_idx per resident.
        sql`not exists (select 1 from ${records} where ${and(
          eq(records.studentId, users.id),
          isNull(records.deletedAt),
          sql`${records.createdAt} >= ${week.start.toISOString()}::timestamptz`,
          sql`${records.createdAt} < ${week.end.toISOString()}::timestamptz`,
        )})`,
        notSentYet(users.id, { kind: options.kind, subjectId: users.id, period: week.monday }),
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
}

/** The residents of a college's department who may write the logbook, by name. */
export async function listDepartmentResidents(
  db: Executor,
  scope: { collegeId: string; departmentId: string },
): Promise<Resident[]> {
  return db
    .select(residentColumns)
    .from(users)
    .where(and(mayWrite, eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * For each of these students, the weeks from `from` (a Monday's start) on, up to `until`, in
 * which they saved an entry: as week numbers counted from `from` (0, 1, …).
 */
export async function listWeeksWithEntries(
  db: Executor,
  studentIds: readonly string[],
  window: { from: Date; until: Date },
): Promise<Array<{ studentId: string; week: number }>> {
  if (studentIds.length === 0) return [];
  const from = window.from.toISOString();
  const week = sql<number>`floor(extract(epoch from (${records.createdAt} - ${from}::timestamptz)) / 604800)::int`;
  return (
    db
      .select({ studentId: records.studentId, week })
      .from(records)
      .where(
        and(
          inArray(records.studentId, [...studentIds]),
          isNull(records.deletedAt),
          sql`${records.createdAt} >= ${from}::timestamptz`,
          sql`${records.createdAt} < ${window.until.toISOString()}::timestamptz`,
        ),
      )
      // By position: the week's expression holds a parameter, which GROUP BY would not match.
      .groupBy(sql`1, 2`)
  );
}

/** When each of these students last saved an entry (students who never did are absent). */
export async function listLastEntries(
  db: Executor,
  studentIds: readonly string[],
): Promise<Array<{ studentId: string; at: Date | null }>> {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: records.studentId, at: max(records.createdAt) })
    .from(records)
    .where(and(inArray(records.studentId, [...studentIds]), isNull(records.deletedAt)))
    .groupBy(records.studentId);
}
