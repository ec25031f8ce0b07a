import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { competencies, skills, specialities, users } from '../../db/schema/index';
import { type TitleScope, visibleTitles } from '../../platform/title-list.repository';
import { confirmedTeachersOf } from '../people/people.repository';
import { COMPETENCY_TITLES, SPECIALITY_TITLES } from '../reference/title-owners';
import { type DepartmentScope, inDepartment } from './records.repository';

/** The report screen's lists, as a placed caller sees them (platform/title-list.repository.ts). */
function seenBy(scope: DepartmentScope): TitleScope {
  return { kind: 'department', departmentId: scope.departmentId, collegeId: scope.collegeId };
}

/**
 * A competency of the department (for this college or every college) with its type; a college's
 * own competency stays one to add skills to even when a Master's one of the same title hides it.
 */
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

/**
 * What adding a title to each list needs (`addTitleOnce`): the rows of the list the caller sees,
 * where a repeated add finds its title, and the row a new title becomes. A procedure is a
 * competency of type 'proc'; new procedures and specialities are the caller's college's own.
 */
export const newTitle = {
  procedure: (scope: DepartmentScope, title: string, addedBy: string) => ({
    entity: 'competency',
    table: competencies,
    where: and(visibleTitles(seenBy(scope), COMPETENCY_TITLES), eq(competencies.type, 'proc')),
    title,
    values: { title, type: 'proc', ...scope, addedBy } satisfies typeof competencies.$inferInsert,
  }),
  speciality: (scope: DepartmentScope, title: string, addedBy: string) => ({
    entity: 'speciality',
    table: specialities,
    where: visibleTitles(seenBy(scope), SPECIALITY_TITLES),
    title,
    values: { title, ...scope, addedBy } satisfies typeof specialities.$inferInsert,
  }),
  /** Skills belong to their competency, which the caller must see (checked first). */
  skill: (competencyId: string, title: string, addedBy: string) => ({
    entity: 'skill',
    table: skills,
    where: eq(skills.competencyId, competencyId),
    title,
    values: { title, competencyId, addedBy } satisfies typeof skills.$inferInsert,
  }),
};

/**
 * Guiding Faculty a record may name (issue 10): the department's teachers who can sign in, so
 * an entry never goes to someone who cannot open it. Blocked, deleted and unconfirmed staff are
 * already out (`confirmedTeachersOf`, issue 27); staff who have not opened their verification link
 * are out too. The form's options and the check of a submitted record both use this one rule.
 */
function guidingFacultyOf(collegeId: string, departmentId: string) {
  return and(confirmedTeachersOf(collegeId, departmentId), isNotNull(users.emailVerifiedAt));
}

export async function listGuidingFaculty(db: Executor, collegeId: string, departmentId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(guidingFacultyOf(collegeId, departmentId))
    .orderBy(asc(users.name), asc(users.id));
}

/** One Guiding Faculty member by id, or undefined when the rule above does not offer them. */
export async function findGuidingFaculty(db: Executor, collegeId: string, departmentId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), guidingFacultyOf(collegeId, departmentId)))
    .limit(1);
  return row;
}
