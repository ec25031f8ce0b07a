import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { colleges, departments, files, staffStudents, users } from '../../db/schema/index';
import { peopleListColumns, peopleListQueries } from '../../platform/people-list';

export type UserRow = typeof users.$inferSelect;

/**
 * Whose staff a caller manages: every staff member (Master), one college and department's (an
 * HOD), or nobody.
 */
export type StaffScope =
  | { kind: 'all'; collegeId?: string | undefined }
  | { kind: 'department'; collegeId: string; departmentId: string }
  | { kind: 'none' };

/**
 * Live staff (not students, not Master, not deleted) inside the scope. An HOD's scope is served
 * by users_scope_idx (college_id, department_id, role); Master's by the partial users_role_idx
 * (role is not null), which holds staff only.
 */
export function staffWhere(scope: StaffScope): SQL {
  const live = and(isNotNull(users.role), ne(users.role, 'master'), isNull(users.deletedAt)) as SQL;
  if (scope.kind === 'none') return sql`false`;
  if (scope.kind === 'all') {
    return scope.collegeId ? (and(eq(users.collegeId, scope.collegeId), live) as SQL) : live;
  }
  return and(eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId), live) as SQL;
}

/** Live students of one college and department; nobody when either is missing. */
export function studentsOf(collegeId: string | null, departmentId: string | null): SQL {
  if (!collegeId || !departmentId) return sql`false`;
  return and(
    eq(users.collegeId, collegeId),
    eq(users.departmentId, departmentId),
    isNull(users.role),
    isNull(users.deletedAt),
  ) as SQL;
}

const addedBy = alias(users, 'added_by');
const student = alias(users, 'student');

/** Live students linked to the staff member of the outer row (the Assigned students column). */
const assignedStudentCount = sql<number>`(
  select count(*)::int from ${staffStudents}
  inner join ${users} as ${sql.identifier('student')} on ${student.id} = ${staffStudents.studentId}
  where ${staffStudents.staffId} = ${users.id} and ${student.role} is null and ${student.deletedAt} is null
)`.mapWith(Number);

/** The /allStaff and /allHod row: the user with college, department, who added them and identity. */
export function staffListQueries(db: Executor) {
  const columns = {
    id: users.id,
    name: users.name,
    email: users.email,
    phone: users.phone,
    role: users.role,
    collegeId: users.collegeId,
    collegeName: colleges.name,
    departmentId: users.departmentId,
    departmentName: departments.name,
    emailVerifiedAt: users.emailVerifiedAt,
    blocked: users.blocked,
    confirmation: users.confirmation,
    addedByName: addedBy.name,
    assignedStudentCount,
    identityId: files.id,
    identityContentType: files.contentType,
    createdAt: users.createdAt,
  };
  return peopleListQueries(
    db,
    db.select(columns).from(users).leftJoin(addedBy, eq(addedBy.id, users.addedById)).$dynamic(),
  );
}

export const staffListColumns = peopleListColumns;

/**
 * One live staff member inside the scope, locked for a change; undefined otherwise. FOR NO KEY
 * UPDATE: the change never touches the key, and rows that name the member (a record's teacher, an
 * assignment) take key-share locks on it, which FOR UPDATE would wait for and deadlock with.
 */
export async function lockStaff(db: Executor, scope: StaffScope, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(staffWhere(scope), eq(users.id, id)))
    .for('no key update')
    .limit(1);
  return row;
}

/** One live staff member inside the scope, without a lock (reads). */
export async function findStaff(db: Executor, scope: StaffScope, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(staffWhere(scope), eq(users.id, id)))
    .limit(1);
  return row;
}

/**
 * Any account with this address, deleted ones included (the unique index covers them too). Locked
 * FOR NO KEY UPDATE when asked (a teacher link is made on it; its key never changes).
 */
export async function findAnyUserByEmail(db: Executor, email: string, options = { lock: false }) {
  const query = db.select().from(users).where(eq(users.email, email)).limit(1);
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

/** The names the credentials mail shows. */
export async function placementNames(db: Executor, collegeId: string, departmentId: string) {
  const [row] = await db
    .select({ collegeName: colleges.name, departmentName: departments.name })
    .from(colleges)
    .innerJoin(departments, eq(departments.id, departmentId))
    .where(eq(colleges.id, collegeId))
    .limit(1);
  return row;
}

/** The Assign Students choices: every live student of one department, by name, with the flag. */
export async function assignableStudents(
  db: Executor,
  placement: { collegeId: string | null; departmentId: string | null },
  staffId: string,
) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      assigned: sql<boolean>`${staffStudents.staffId} is not null`.mapWith(Boolean),
    })
    .from(users)
    .leftJoin(staffStudents, and(eq(staffStudents.studentId, users.id), eq(staffStudents.staffId, staffId)))
    .where(studentsOf(placement.collegeId, placement.departmentId))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The live students of one department among `ids`, share-locked so none is deleted or moved
 * meanwhile. FOR SHARE, not KEY SHARE: deleting and moving a student change columns that are not
 * keys (deleted_at, department_id), which only SHARE holds off. Taken in the order of the ids, as
 * every other lock on several students is (students.repository.ts `lockUnverifiedStudents`), so
 * two transactions locking overlapping students never wait for each other in a circle (issue 27).
 */
export async function lockStudentsOf(
  db: Executor,
  placement: { collegeId: string | null; departmentId: string | null },
  ids: string[],
): Promise<Array<{ id: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(studentsOf(placement.collegeId, placement.departmentId), inArray(users.id, ids)))
    .orderBy(asc(users.id))
    .for('share');
}

/** The students linked to a staff member (live or not), for the audit row. */
export async function linkedStudentIds(db: Executor, staffId: string): Promise<string[]> {
  const rows = await db
    .select({ id: staffStudents.studentId })
    .from(staffStudents)
    .where(eq(staffStudents.staffId, staffId))
    .orderBy(asc(staffStudents.studentId));
  return rows.map((r) => r.id);
}

/**
 * Makes `studentIds` the staff member's whole list: other links go, links already there keep
 * when and by whom they were made, and new ones are added.
 */
export async function replaceStaffStudents(
  db: Executor,
  staffId: string,
  studentIds: string[],
  assignedById: string,
): Promise<void> {
  await db
    .delete(staffStudents)
    .where(
      studentIds.length > 0
        ? and(eq(staffStudents.staffId, staffId), notInArray(staffStudents.studentId, studentIds))
        : eq(staffStudents.staffId, staffId),
    );
  if (studentIds.length === 0) return;
  await db
    .insert(staffStudents)
    .values(studentIds.map((studentId) => ({ staffId, studentId, assignedById })))
    .onConflictDoNothing();
}

/** Links one teacher to one student; false when they were linked already. */
export async function linkTeacher(
  db: Executor,
  values: { staffId: string; studentId: string; assignedById: string },
): Promise<boolean> {
  const inserted = await db
    .insert(staffStudents)
    .values(values)
    .onConflictDoNothing()
    .returning({ staffId: staffStudents.staffId });
  return inserted.length > 0;
}

/** A student's own teachers: live staff linked to them, by name. */
export async function teachersOfStudent(db: Executor, studentId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      blocked: users.blocked,
      confirmation: users.confirmation,
    })
    .from(staffStudents)
    .innerJoin(users, eq(users.id, staffStudents.staffId))
    .where(and(eq(staffStudents.studentId, studentId), isNotNull(users.role), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.id));
}
