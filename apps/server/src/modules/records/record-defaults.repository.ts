import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { competencies, records, users } from '../../db/schema/index';
import { visibleTitles } from '../../platform/title-list.repository';
import { COMPETENCY_TITLES } from '../reference/title-owners';
import type { DepartmentScope } from './records.repository';

type OwnStudent = { id: string; collegeId: string; departmentId: string };

/**
 * The student's live entries of a kind made in their current department, newest by creation, not
 * by activity date: the last thing the student chose is what they most likely choose again.
 */
function ownLatest(student: OwnStudent, kind: string, ...more: SQL[]) {
  return {
    where: and(
      eq(records.studentId, student.id),
      eq(records.kind, kind),
      eq(records.collegeId, student.collegeId),
      eq(records.departmentId, student.departmentId),
      isNull(records.deletedAt),
      ...more,
    ),
    order: [desc(records.createdAt), desc(records.id)],
  };
}

/**
 * The student's latest live entry of a kind made in their current department: its teacher and
 * non-sensitive details (never `sensitive_details`).
 */
export async function findLatestOwnRecord(db: Executor, student: OwnStudent, kind: string) {
  const latest = ownLatest(student, kind);
  const [row] = await db
    .select({ teacherId: records.teacherId, date: records.date, details: records.details })
    .from(records)
    .where(latest.where)
    .orderBy(...latest.order)
    .limit(1);
  return row;
}

/**
 * The role the student logged on their latest live entry of the kind about one subject (the
 * skill, stored in `details` as `{ id, title }`), in their current department (issue 27). Read
 * on the student's own rows (records_student_kind_date_idx), only `details`.
 */
export async function findLastRoleFor(
  db: Executor,
  student: OwnStudent,
  kind: string,
  about: { subjectField: string; subjectId: string; roleField: string },
): Promise<string | null> {
  const latest = ownLatest(
    student,
    kind,
    sql`${records.details} -> ${about.subjectField} ->> 'id' = ${about.subjectId}`,
  );
  const [row] = await db
    .select({ role: sql<string | null>`${records.details} ->> ${about.roleField}` })
    .from(records)
    .where(latest.where)
    .orderBy(...latest.order)
    .limit(1);
  return row?.role ?? null;
}

/** The student's unit head as set on their profile, if any. */
export async function findUnitHeadId(db: Executor, studentId: string): Promise<string | null> {
  const [row] = await db
    .select({ unitHeadId: users.unitHeadId })
    .from(users)
    .where(eq(users.id, studentId))
    .limit(1);
  return row?.unitHeadId ?? null;
}

/**
 * The competency if the department's form still lists it (as `listCompetencyOptions` does: the
 * titles the department sees, of the form's type), with its current title.
 */
export async function findListedCompetency(
  db: Executor,
  scope: DepartmentScope,
  id: string,
  type: 'diag' | 'proc',
) {
  const [row] = await db
    .select({ id: competencies.id, title: competencies.title })
    .from(competencies)
    .where(
      and(
        eq(competencies.id, id),
        eq(competencies.type, type),
        visibleTitles({ kind: 'department', ...scope }, COMPETENCY_TITLES),
      ),
    )
    .limit(1);
  return row;
}
