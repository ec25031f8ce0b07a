import { NON_TEACHING_ROLES } from '@pgel/shared/roles';
import { and, asc, eq, isNotNull, isNull, ne, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { colleges, courses, departments, files, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** Staff who teach in one college and department: not Master or Admin, not blocked or deleted. */
export function teachersOf(collegeId: string, departmentId: string) {
  return and(
    eq(users.collegeId, collegeId),
    eq(users.departmentId, departmentId),
    isNotNull(users.role),
    notInArray(users.role, [...NON_TEACHING_ROLES]),
    eq(users.blocked, false),
    // A teacher the department declined is nobody's unit head (issue 27); one awaiting
    // confirmation may be chosen, and acts once confirmed.
    ne(users.confirmation, 'declined'),
    isNull(users.deletedAt),
  );
}

/**
 * Teachers who verify (issue 27): confirmed ones only. An entry names one of them as its teacher,
 * and only they are told of entries waiting for them, with the resident's name.
 */
export function confirmedTeachersOf(collegeId: string, departmentId: string) {
  return and(teachersOf(collegeId, departmentId), eq(users.confirmation, 'confirmed'));
}

export async function listTeachers(db: Executor, collegeId: string, departmentId: string) {
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(teachersOf(collegeId, departmentId))
    .orderBy(asc(users.name), asc(users.id));
}

export async function findTeacher(db: Executor, collegeId: string, departmentId: string, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), teachersOf(collegeId, departmentId)))
    .limit(1);
  return row;
}

/**
 * The user's row, locked until the transaction ends (two saves at once apply one after the other).
 * FOR NO KEY UPDATE: a profile save never changes the key, and rows referencing the user take
 * key-share locks that FOR UPDATE would deadlock with (issue 27).
 */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

const photo = alias(files, 'photo');
const idProof = alias(files, 'id_proof');

/** The profile page's row: the user with college, department, course and both file records. */
export async function loadProfileRow(db: Executor, userId: string) {
  const [row] = await db
    .select({
      user: users,
      collegeName: colleges.name,
      departmentName: departments.name,
      courseTitle: courses.title,
      photoId: photo.id,
      photoName: photo.originalName,
      photoType: photo.contentType,
      idProofId: idProof.id,
      idProofName: idProof.originalName,
      idProofType: idProof.contentType,
    })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(courses, eq(courses.id, users.courseId))
    .leftJoin(photo, eq(photo.id, users.profilePicFileId))
    .leftJoin(idProof, eq(idProof.id, users.idProofFileId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
