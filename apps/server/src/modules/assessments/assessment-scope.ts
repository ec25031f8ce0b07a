import { ACADEMIC_MESSAGES } from '@pgel/shared/academic/common';
import { type Actor, canScoreStudent, isMaster, isStudent } from '@pgel/shared/auth/policies';
import { isUuid } from '@pgel/shared/schemas/common';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './assessments.repository';

/** Whose scores a reader sees: the student, and which of their rows (all, or one department's). */
export type ReadScope = { student: repo.StudentRow; rows: repo.RowScope };

/**
 * The student a read of appraisals or AETCOM scores is about, from the session: a student reads
 * their own (naming anyone else is refused); staff name a student of their own college and
 * department (anyone else is "not found", so nothing says whether they exist); Master any
 * student. Staff see only the rows written in their department.
 */
export async function readScope(
  db: Executor,
  actor: Actor,
  studentId: string | undefined,
): Promise<ReadScope> {
  if (isStudent(actor)) {
    if (studentId !== undefined && studentId !== '' && studentId.toLowerCase() !== actor.id) {
      throw AppError.forbidden();
    }
    const student = await repo.findStudent(db, actor.id, 'any');
    if (!student) throw AppError.forbidden();
    return { student, rows: 'all' };
  }
  if (studentId === undefined || studentId.trim() === '') {
    throw AppError.validation(ACADEMIC_MESSAGES.studentRequired);
  }
  const notFound = AppError.notFound(ACADEMIC_MESSAGES.studentNotFound);
  if (!isUuid(studentId)) throw notFound;
  if (isMaster(actor)) {
    const student = await repo.findStudent(db, studentId.toLowerCase(), 'any');
    if (!student) throw notFound;
    return { student, rows: 'all' };
  }
  if (!actor.collegeId || !actor.departmentId) throw notFound;
  const department = { collegeId: actor.collegeId, departmentId: actor.departmentId };
  const student = await repo.findStudent(db, studentId.toLowerCase(), department);
  if (!student) throw notFound;
  return { student, rows: department };
}

/**
 * The first step of a scoring, inside its transaction: the student's row, locked, when the
 * actor may score them (faculty of the student's college and department). A student outside
 * that scope is "not found". The caller has already passed `canScoreStudents` (the route gate).
 */
export async function lockScoredStudent(tx: Tx, actor: Actor, studentId: string): Promise<repo.StudentRow> {
  const notFound = AppError.notFound(ACADEMIC_MESSAGES.studentNotFound);
  if (!isUuid(studentId) || !actor.collegeId || !actor.departmentId) throw notFound;
  const student = await repo.lockStudent(tx, studentId.toLowerCase(), {
    collegeId: actor.collegeId,
    departmentId: actor.departmentId,
  });
  if (!student || !canScoreStudent(actor, student)) throw notFound;
  return student;
}

/** The student's placement as the scored row keeps it (who may see it later). */
export function placementOf(student: repo.StudentRow): { collegeId: string; departmentId: string } {
  // lockScoredStudent found the student inside the actor's college and department.
  if (!student.collegeId || !student.departmentId) throw AppError.notFound(ACADEMIC_MESSAGES.studentNotFound);
  return { collegeId: student.collegeId, departmentId: student.departmentId };
}
