import type { CompetencyType } from '@pgel/shared/schemas/reference-admin';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  collegeDepartments,
  colleges,
  competencies,
  courses,
  departments,
  drpPostings,
  institutions,
  skills,
  specialities,
  users,
} from '../../db/schema/index';
import { fileUrl } from '../../platform/files';
import { type TitleScope, visibleTitles } from '../../platform/title-list.repository';
import { COMPETENCY_TITLES, SPECIALITY_TITLES } from './title-owners';

// ---- Colleges -------------------------------------------------------------------------------

/**
 * The college's departments as a JSON array, aggregated in the same query as the college.
 * Written out in full: Drizzle leaves columns unqualified in a one-table select, which would
 * make the correlated subquery compare a column with itself.
 */
const collegeDepartmentsJson = sql<Array<{ id: string; name: string }>>`coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name)
  from college_departments cd inner join departments d on d.id = cd.department_id
  where cd.college_id = "colleges"."id"
), '[]'::json)`;

const collegeColumns = {
  id: colleges.id,
  name: colleges.name,
  departments: collegeDepartmentsJson,
  address: colleges.address,
  state: colleges.state,
  phone: colleges.phone,
  email: colleges.email,
  gstin: colleges.gstin,
  website: colleges.website,
  logoFileId: colleges.logoFileId,
};

type CollegeRow = {
  id: string;
  name: string;
  departments: Array<{ id: string; name: string }>;
  address: string;
  state: string;
  phone: string;
  email: string;
  gstin: string | null;
  website: string | null;
  logoFileId: string | null;
};

export function toCollegeListItem({ logoFileId, ...row }: CollegeRow) {
  return { ...row, logoUrl: logoFileId ? fileUrl(logoFileId) : null };
}

export function collegeListQueries(db: Executor) {
  return {
    rows: db.select(collegeColumns).from(colleges).$dynamic(),
    count: db.select({ total: count() }).from(colleges).$dynamic(),
  };
}

export const collegeListColumns = {
  search: [colleges.name, colleges.address, colleges.website, colleges.email],
  sortable: { name: colleges.name, state: colleges.state, createdAt: colleges.createdAt },
  tieBreaker: colleges.id,
};

export async function findCollegeListItem(db: Executor, id: string) {
  const [row] = await db.select(collegeColumns).from(colleges).where(eq(colleges.id, id)).limit(1);
  return row ? toCollegeListItem(row) : undefined;
}

export async function insertCollege(db: Executor, values: typeof colleges.$inferInsert) {
  const [row] = await db.insert(colleges).values(values).returning();
  if (!row) throw new Error('insert colleges returned no row');
  return row;
}

/**
 * The college, locked so two edits of its departments run one after the other. FOR NO KEY UPDATE:
 * the edit never changes the college's key, and FOR UPDATE would also stop every row referencing
 * the college (users, records, ...) from being written meanwhile (issue 27).
 */
export async function lockCollege(db: Executor, id: string) {
  const [row] = await db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .where(eq(colleges.id, id))
    .for('no key update');
  return row;
}

export async function findDepartments(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(inArray(departments.id, ids));
}

/** Departments among `departmentIds` in which the college still has (undeleted) users. */
export async function departmentsWithUsers(db: Executor, collegeId: string, departmentIds: string[]) {
  if (departmentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ departmentId: users.departmentId })
    .from(users)
    .where(
      and(
        eq(users.collegeId, collegeId),
        inArray(users.departmentId, departmentIds),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((row) => row.departmentId);
}

export async function unlinkDepartments(db: Executor, collegeId: string, departmentIds: string[]) {
  if (departmentIds.length === 0) return;
  await db
    .delete(collegeDepartments)
    .where(
      and(
        eq(collegeDepartments.collegeId, collegeId),
        inArray(collegeDepartments.departmentId, departmentIds),
      ),
    );
}

export async function linkDepartments(db: Executor, collegeId: string, departmentIds: string[]) {
  if (departmentIds.length === 0) return;
  await db
    .insert(collegeDepartments)
    .values(departmentIds.map((departmentId) => ({ collegeId, departmentId })))
    .onConflictDoNothing();
}

const departmentColumns = {
  id: departments.id,
  name: departments.name,
  // Written out in full for the reason given at collegeDepartmentsJson.
  courses: sql<Array<{ id: string; title: string }>>`coalesce((
    select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.title)
    from courses c where c.department_id = "departments"."id"
  ), '[]'::json)`,
};

/** Every department with its courses, in one query. */
export async function departmentCatalog(db: Executor) {
  return db.select(departmentColumns).from(departments).orderBy(asc(departments.name));
}

/** The Master's Departments page: searchable over the name and the course titles. */
export function departmentListQueries(db: Executor) {
  return {
    rows: db.select(departmentColumns).from(departments).$dynamic(),
    count: db.select({ total: count() }).from(departments).$dynamic(),
    search: [
      departments.name,
      sql`coalesce((select string_agg(c.title, ' ') from courses c where c.department_id = "departments"."id"), '')`,
    ],
    sortable: { name: departments.name, createdAt: departments.createdAt },
    tieBreaker: departments.id,
  };
}

export async function findDepartmentItem(db: Executor, id: string) {
  const [row] = await db.select(departmentColumns).from(departments).where(eq(departments.id, id)).limit(1);
  return row;
}

/**
 * Serialises adding departments, so two Masters cannot add the same name in different case at
 * once (the unique index compares case-sensitively). Reads and foreign-key checks still pass.
 */
export async function lockDepartmentsForInsert(db: Executor) {
  await db.execute(sql`lock table departments in share row exclusive mode`);
}

/** The department whose name equals `name` ignoring case. */
export async function findDepartmentByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(sql`lower(${departments.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertDepartment(db: Executor, name: string) {
  const [row] = await db
    .insert(departments)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: departments.id, name: departments.name });
  return row;
}

/**
 * The department, locked so two courses added to it at once are checked one after the other. FOR
 * NO KEY UPDATE, as `lockCollege`: the key never changes, and rows referencing the department
 * (records, users, courses) go on being written meanwhile (issue 27).
 */
export async function lockDepartment(db: Executor, id: string) {
  const [row] = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.id, id))
    .for('no key update');
  return row;
}

/** The department's course whose title equals `title` ignoring case. */
export async function findCourseByTitle(db: Executor, departmentId: string, title: string) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.departmentId, departmentId), sql`lower(${courses.title}) = lower(${title})`))
    .limit(1);
  return row;
}

export async function insertCourses(db: Executor, departmentId: string, titles: string[]) {
  if (titles.length === 0) return [];
  return db
    .insert(courses)
    .values(titles.map((title) => ({ departmentId, title })))
    .returning({ id: courses.id, title: courses.title });
}

// ---- Competencies, skills, specialities (the title lists) ------------------------------------
// Adding, finding and deleting their rows is generic (platform/title-list.repository.ts); each
// list here has only its page: its joins, columns, filters and sort keys. Its `…Joins` helper
// gives the page and its count the same tables, as listPage needs.

function competencyJoins<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(departments, eq(departments.id, competencies.departmentId))
    .leftJoin(colleges, eq(colleges.id, competencies.collegeId));
}

export function competencyListQueries(
  db: Executor,
  scope: TitleScope,
  filters: { departmentId?: string | undefined; type?: CompetencyType | undefined },
) {
  return {
    where: and(
      visibleTitles(scope, COMPETENCY_TITLES),
      filters.departmentId ? eq(competencies.departmentId, filters.departmentId) : undefined,
      filters.type ? eq(competencies.type, filters.type) : undefined,
    ),
    rows: competencyJoins(
      db
        .select({
          id: competencies.id,
          title: competencies.title,
          type: sql<CompetencyType>`${competencies.type}`,
          departmentId: competencies.departmentId,
          departmentName: departments.name,
          collegeName: colleges.name,
        })
        .from(competencies)
        .$dynamic(),
    ),
    count: competencyJoins(db.select({ total: count() }).from(competencies).$dynamic()),
    search: [competencies.title, departments.name, colleges.name],
    sortable: {
      title: competencies.title,
      department: departments.name,
      college: colleges.name,
      type: competencies.type,
      createdAt: competencies.createdAt,
    },
    tieBreaker: competencies.id,
  };
}

export async function findCompetency(db: Executor, id: string) {
  const [row] = await db.select().from(competencies).where(eq(competencies.id, id)).limit(1);
  return row;
}

export async function countSkillsOf(db: Executor, competencyId: string) {
  const [row] = await db.select({ n: count() }).from(skills).where(eq(skills.competencyId, competencyId));
  return Number(row?.n ?? 0);
}

/** Skills are scoped through their competency: a college sees the skills of the competencies it sees. */
function skillJoins<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(competencies, eq(competencies.id, skills.competencyId))
    .innerJoin(departments, eq(departments.id, competencies.departmentId));
}

export function skillListQueries(
  db: Executor,
  scope: TitleScope,
  filters: { competencyId?: string | undefined },
) {
  return {
    where: and(
      visibleTitles(scope, COMPETENCY_TITLES),
      filters.competencyId ? eq(skills.competencyId, filters.competencyId) : undefined,
    ),
    rows: skillJoins(
      db
        .select({
          id: skills.id,
          title: skills.title,
          competencyId: skills.competencyId,
          competencyTitle: competencies.title,
          departmentName: departments.name,
          type: sql<CompetencyType>`${competencies.type}`,
        })
        .from(skills)
        .$dynamic(),
    ),
    count: skillJoins(db.select({ total: count() }).from(skills).$dynamic()),
    search: [skills.title, competencies.title, departments.name],
    sortable: {
      title: skills.title,
      competency: competencies.title,
      department: departments.name,
      type: competencies.type,
      createdAt: skills.createdAt,
    },
    tieBreaker: skills.id,
  };
}

function specialityJoins<Q extends PgSelect>(query: Q) {
  return query.innerJoin(departments, eq(departments.id, specialities.departmentId));
}

export function specialityListQueries(
  db: Executor,
  scope: TitleScope,
  filters: { departmentId?: string | undefined },
) {
  return {
    where: and(
      visibleTitles(scope, SPECIALITY_TITLES),
      filters.departmentId ? eq(specialities.departmentId, filters.departmentId) : undefined,
    ),
    rows: specialityJoins(
      db
        .select({
          id: specialities.id,
          title: specialities.title,
          departmentId: specialities.departmentId,
          departmentName: departments.name,
        })
        .from(specialities)
        .$dynamic(),
    ),
    count: specialityJoins(db.select({ total: count() }).from(specialities).$dynamic()),
    search: [specialities.title, departments.name],
    sortable: { title: specialities.title, department: departments.name, createdAt: specialities.createdAt },
    tieBreaker: specialities.id,
  };
}

// ---- Institutions ---------------------------------------------------------------------------

export function institutionListQueries(db: Executor) {
  const columns = {
    id: institutions.id,
    name: institutions.name,
    state: institutions.state,
    collegeId: institutions.collegeId,
  };
  return {
    rows: db.select(columns).from(institutions).$dynamic(),
    count: db.select({ total: count() }).from(institutions).$dynamic(),
    search: [institutions.name, institutions.state],
    sortable: { name: institutions.name, state: institutions.state, createdAt: institutions.createdAt },
    tieBreaker: institutions.id,
  };
}

export async function allInstitutions(db: Executor) {
  return db
    .select({ id: institutions.id, name: institutions.name, state: institutions.state })
    .from(institutions)
    .orderBy(asc(institutions.name), asc(institutions.id));
}

export async function insertInstitution(db: Executor, values: typeof institutions.$inferInsert) {
  const [row] = await db.insert(institutions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findInstitution(db: Executor, id: string) {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id)).limit(1);
  return row;
}

/** Whether a DRP posting names the institution (its foreign key would refuse the delete). */
export async function institutionHasDrpPostings(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: drpPostings.id })
    .from(drpPostings)
    .where(eq(drpPostings.institutionId, id))
    .limit(1);
  return row !== undefined;
}

export async function deleteInstitution(db: Executor, id: string) {
  await db.delete(institutions).where(eq(institutions.id, id));
}
