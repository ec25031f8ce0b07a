import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { competencies, skills, specialities } from '../../db/schema/index';
import { type DepartmentScope, inDepartment } from './records.repository';

export type OptionRow = { id: string; title: string };

/** A competency of the department (for this college or every college) with its type. */
export async function findCompetency(db: Executor, scope: DepartmentScope, id: string) {
  const [row] = await db
    .select({ id: competencies.id, type: competencies.type })
    .from(competencies)
    .where(
      and(eq(competencies.id, id), inDepartment(scope, competencies.departmentId, competencies.collegeId)),
    )
    .limit(1);
  return row;
}

/** The caller's view of an existing title, ignoring case (what a repeated add gives back). */
export async function findProcedure(db: Executor, scope: DepartmentScope, title: string) {
  const [row] = await db
    .select({ id: competencies.id, title: competencies.title })
    .from(competencies)
    .where(
      and(
        inDepartment(scope, competencies.departmentId, competencies.collegeId),
        eq(competencies.type, 'proc'),
        sql`lower(${competencies.title}) = lower(${title})`,
      ),
    )
    .limit(1);
  return row;
}

export async function findSkill(db: Executor, competencyId: string, title: string) {
  const [row] = await db
    .select({ id: skills.id, title: skills.title })
    .from(skills)
    .where(and(eq(skills.competencyId, competencyId), sql`lower(${skills.title}) = lower(${title})`))
    .limit(1);
  return row;
}

export async function findSpeciality(db: Executor, scope: DepartmentScope, title: string) {
  const [row] = await db
    .select({ id: specialities.id, title: specialities.title })
    .from(specialities)
    .where(
      and(
        inDepartment(scope, specialities.departmentId, specialities.collegeId),
        sql`lower(${specialities.title}) = lower(${title})`,
      ),
    )
    .limit(1);
  return row;
}

/** A procedure is a competency of type 'proc', for the caller's college only. */
export async function insertProcedure(db: Executor, scope: DepartmentScope, title: string, addedBy: string) {
  const [row] = await db
    .insert(competencies)
    .values({ title, type: 'proc', departmentId: scope.departmentId, collegeId: scope.collegeId, addedBy })
    .returning({ id: competencies.id, title: competencies.title });
  return row as OptionRow;
}

export async function insertSkill(db: Executor, competencyId: string, title: string, addedBy: string) {
  const [row] = await db
    .insert(skills)
    .values({ title, competencyId, addedBy })
    .returning({ id: skills.id, title: skills.title });
  return row as OptionRow;
}

export async function insertSpeciality(db: Executor, scope: DepartmentScope, title: string, addedBy: string) {
  const [row] = await db
    .insert(specialities)
    .values({ title, departmentId: scope.departmentId, collegeId: scope.collegeId, addedBy })
    .returning({ id: specialities.id, title: specialities.title });
  return row as OptionRow;
}
