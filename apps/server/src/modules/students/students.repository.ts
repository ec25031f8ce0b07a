import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { colleges, courses, departments, files, sessions, users } from '../../db/schema/index';

/** Whose students a caller sees: everyone's (Master) or one college and department's. */
export type StudentScope =
  | { kind: 'all' }
  | { kind: 'department'; collegeId: string | null; departmentId: string | null };

/** Live students (not staff, not deleted) inside the scope; the partial indexes serve exactly this. */
export function studentsWhere(scope: StudentScope): SQL {
  const live = and(isNull(users.role), isNull(users.deletedAt)) as SQL;
  if (scope.kind === 'all') return live;
  // Staff without a college or department see nobody rather than everybody without one.
  if (!scope.collegeId || !scope.departmentId) return sql`false`;
  return and(live, eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId)) as SQL;
}

/** The /allStudent row with its college, department, course and ID proof, in one join. */
export function studentListQueries(db: Executor) {
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
    joiningDate: users.joiningDate,
    createdAt: users.createdAt,
    idProofId: files.id,
    idProofContentType: files.contentType,
  };
  return {
    rows: db
      .select(columns)
      .from(users)
      .leftJoin(colleges, eq(colleges.id, users.collegeId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(courses, eq(courses.id, users.courseId))
      .leftJoin(files, eq(files.id, users.idProofFileId))
      .$dynamic(),
    // Search looks only at the user's own columns, so the count needs no joins.
    count: db.select({ total: count() }).from(users).$dynamic(),
  };
}

export const studentListColumns = {
  search: [users.name, users.email, users.phone],
  sortable: { createdAt: users.createdAt, name: users.name },
  tieBreaker: users.id,
};

export type StudentRow = typeof users.$inferSelect;

/** One live student inside the scope, locked for the change; undefined otherwise. */
export async function lockStudent(
  db: Executor,
  scope: StudentScope,
  id: string,
): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(studentsWhere(scope), eq(users.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/** Live, not yet verified students among `ids`, locked. */
export async function lockUnverifiedStudents(db: Executor, ids: string[]): Promise<StudentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(studentsWhere({ kind: 'all' }), inArray(users.id, ids), eq(users.verifyByHod, false)))
    .for('update');
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

/** Signs a user out everywhere. */
export async function deleteSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
