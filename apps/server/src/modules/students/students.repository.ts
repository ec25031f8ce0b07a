import { LIST_COUNT_CAP } from '@pgel/shared/schemas/list';
import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { departmentPlaceholders } from '../../db/prepared';
import { colleges, courses, departments, files, users } from '../../db/schema/index';
import { cappedCount } from '../../platform/list';
import { peopleListColumns, peopleListQueries } from '../../platform/people-list';

/** Whose students a caller sees: everyone's (Master) or one college and department's. */
export type StudentScope<Id = string> =
  | { kind: 'all' }
  | { kind: 'department'; collegeId: Id | null; departmentId: Id | null };

/** Live students (not staff, not deleted) inside the scope; the partial indexes serve exactly this. */
export function studentsWhere(scope: StudentScope<string | Placeholder>): SQL {
  const live = and(isNull(users.role), isNull(users.deletedAt)) as SQL;
  if (scope.kind === 'all') return live;
  // Staff without a college or department see nobody rather than everybody without one.
  if (!scope.collegeId || !scope.departmentId) return sql`false`;
  return and(live, eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId)) as SQL;
}

/**
 * The scope's condition with the college and department as placeholders, their values, and the
 * name of its shape, for a list built once per shape (issue 16).
 */
export function studentScopeParameters(scope: StudentScope): {
  where: SQL;
  values: Record<string, unknown>;
  shape: string;
} {
  if (scope.kind === 'all' || !scope.collegeId || !scope.departmentId)
    return { where: studentsWhere(scope), values: {}, shape: scope.kind === 'all' ? 'all' : 'none' };
  const { ids, values } = departmentPlaceholders({
    collegeId: scope.collegeId,
    departmentId: scope.departmentId,
  });
  return { where: studentsWhere({ kind: 'department', ...ids }), values, shape: 'department' };
}

/**
 * The /allStudent row with its college, department, course and ID proof, in one join, and the
 * count: at most `countCap` (Master's list holds every student in the country, 200,000 at
 * national scale; a department's never reaches the cap).
 */
export function studentListQueries(db: Executor, countCap: number = LIST_COUNT_CAP) {
  const columns = {
    id: users.id,
    name: users.name,
    email: users.email,
    phone: users.phone,
    departmentName: departments.name,
    collegeName: colleges.name,
    courseTitle: courses.title,
    paid: users.paid,
    verifyByHod: users.verifyByHod,
    certified: users.certified,
    joiningDate: users.joiningDate,
    fatherName: users.fatherName,
    motherName: users.motherName,
    createdAt: users.createdAt,
    idProofId: files.id,
    idProofContentType: files.contentType,
  };
  const { rows } = peopleListQueries(
    db,
    db.select(columns).from(users).leftJoin(courses, eq(courses.id, users.courseId)).$dynamic(),
  );
  return { rows, count: cappedCount(db, db.select({ id: users.id }).from(users).$dynamic(), countCap) };
}

export const studentListColumns = {
  ...peopleListColumns,
  sortable: { createdAt: users.createdAt, name: users.name },
};

export type StudentRow = typeof users.$inferSelect;

/**
 * One live student inside the scope, locked for the change; undefined otherwise. FOR NO KEY
 * UPDATE: these changes (approval, payment, password, deletion mark, certificate) never touch the
 * row's keys (id, e-mail, referral id), and the lock must not wait for the KEY SHARE locks that
 * rows referencing the student take (issue 27: two such waits at once are a deadlock).
 */
export async function lockStudent(
  db: Executor,
  scope: StudentScope,
  id: string,
): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(studentsWhere(scope), eq(users.id, id)))
    .for('no key update')
    .limit(1);
  return row;
}

/**
 * Live, not yet verified students among `ids`, locked (FOR NO KEY UPDATE, as `lockStudent`) in
 * the order of their ids: two bulk changes of overlapping students take their locks in one order,
 * so neither holds a row the other waits for.
 */
export async function lockUnverifiedStudents(db: Executor, ids: string[]): Promise<StudentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(studentsWhere({ kind: 'all' }), inArray(users.id, ids), eq(users.verifyByHod, false)))
    .orderBy(users.id)
    .for('no key update');
}

export async function updateStudents(
  db: Executor,
  ids: string[],
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(users.id, ids));
}
