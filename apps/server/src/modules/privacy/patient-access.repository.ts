import { PATIENT_ACCESS_LOG_KEEP_DAYS } from '@pgel/shared/privacy/api';
import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { patientAccessLog, records, users } from '../../db/schema/index';

/**
 * The insert of one view, built once per database (issue 16): building it took a record's
 * detail more CPU than anything else the route does but opening the sealed details. Its id and
 * time are the database's defaults, so nothing of one call stays in the built statement.
 */
const insertAccess = preparedOnce((db) =>
  db
    .insert(patientAccessLog)
    .values({
      viewerId: sql.placeholder('viewerId'),
      studentId: sql.placeholder('studentId'),
      recordId: sql.placeholder('recordId'),
      ip: sql.placeholder('ip'),
    })
    .prepare('pgel_patient_access_insert'),
);

/** Writes one full view of a patient's identifiers (who, whose record, which, from where). */
export async function logPatientAccess(
  db: Database,
  entry: { viewerId: string; studentId: string; recordId: string; ip: string | null },
): Promise<void> {
  await insertAccess(db).execute(entry);
}

const viewer = alias(users, 'viewer');

/**
 * The most the page's total counts: past it the log (a year of every full view, millions of rows
 * at national scale) is not counted on every page; the total shows 10,000 and the pages go as far.
 */
export const PATIENT_ACCESS_COUNT_CAP = 10_000;
const student = alias(users, 'student');

/**
 * One page of the log, newest first, and its total (at most PATIENT_ACCESS_COUNT_CAP), filtered
 * by student and/or viewer.
 */
export async function listPatientAccess(
  db: Executor,
  query: { page: number; pageSize: number; studentId?: string | undefined; viewerId?: string | undefined },
) {
  const filters: SQL[] = [];
  if (query.studentId) filters.push(eq(patientAccessLog.studentId, query.studentId));
  if (query.viewerId) filters.push(eq(patientAccessLog.viewerId, query.viewerId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const rows = await db
    .select({
      id: patientAccessLog.id,
      viewerId: patientAccessLog.viewerId,
      viewerName: viewer.name,
      viewerRole: sql<string>`coalesce(${viewer.role}, 'student')`,
      studentId: patientAccessLog.studentId,
      studentName: student.name,
      recordId: patientAccessLog.recordId,
      kind: records.kind,
      ip: patientAccessLog.ip,
      viewedAt: patientAccessLog.viewedAt,
    })
    .from(patientAccessLog)
    .innerJoin(viewer, eq(viewer.id, patientAccessLog.viewerId))
    .innerJoin(student, eq(student.id, patientAccessLog.studentId))
    .innerJoin(records, eq(records.id, patientAccessLog.recordId))
    .where(where)
    .orderBy(desc(patientAccessLog.viewedAt), desc(patientAccessLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Counts the rows of a limited subquery: the index stops after the cap instead of the whole log.
  const capped = db
    .select({ id: patientAccessLog.id })
    .from(patientAccessLog)
    .where(where)
    .limit(PATIENT_ACCESS_COUNT_CAP)
    .as('capped');
  const [total] = await db.select({ total: count() }).from(capped);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Deletes views older than the year the log keeps (housekeeping). */
export async function deleteOldPatientAccess(db: Executor): Promise<void> {
  await db
    .delete(patientAccessLog)
    .where(
      lt(patientAccessLog.viewedAt, sql`now() - make_interval(days => ${PATIENT_ACCESS_LOG_KEEP_DAYS})`),
    );
}
