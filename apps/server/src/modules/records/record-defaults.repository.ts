import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { competencies, records, users } from '../../db/schema/index';
import { visibleTitles } from '../../platform/title-list.repository';
import { COMPETENCY_TITLES } from '../reference/title-owners';
import type { DepartmentScope } from './records.repository';

/**
 * The student's latest live entry of a kind made in their current department: its teacher and
 * non-sensitive details (never `sensitive_details`). Newest by creation, not by activity date:
 * the last thing the student chose is what they most likely choose again.
 */
export async function findLatestOwnRecord(
  db: Executor,
  student: { id: string; collegeId: string; departmentId: string },
  kind: string,
) {
  const [row] = await db
    .select({ teacherId: records.teacherId, details: records.details })
    .from(records)
    .where(
      and(
        eq(records.studentId, student.id),
        eq(records.kind, kind),
        eq(records.collegeId, student.collegeId),
        eq(records.departmentId, student.departmentId),
        isNull(records.deletedAt),
      ),
    )
    .orderBy(desc(records.createdAt), desc(records.id))
    .limit(1);
  return row;
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
