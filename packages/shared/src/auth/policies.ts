import type { StaffRole } from '../roles';

/** Who is asking: the least a policy needs to know about the signed-in user. */
export type Actor = {
  id: string;
  role: StaffRole | null;
  collegeId: string | null;
  departmentId: string | null;
};

export function isStudent(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === null;
}

export function isStaff(actor: Pick<Actor, 'role'>): boolean {
  return actor.role !== null;
}

export function isMaster(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'master';
}

/**
 * Which login tab an account belongs to: students sign in only as students and staff only as
 * faculty (spec 01 section 2.4).
 */
export type LoginKind = 'student' | 'staff';

export function loginKindFor(actor: Pick<Actor, 'role'>): LoginKind {
  return isStudent(actor) ? 'student' : 'staff';
}

/** Where a user lands after signing out from the profile menu (spec 01 section 2.5). */
export function loginPathFor(actor: Pick<Actor, 'role'>): '/login' | '/staffLogin' {
  return isStudent(actor) ? '/login' : '/staffLogin';
}

/** Colleges, departments' links, competencies, skills and specialities are the Master's (spec 03 section 6). */
export function canManageReferenceData(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}

/** Institutions (DRP postings): any staff adds them (spec 03 section 2, /addInstitute). */
export function canAddInstitution(actor: Pick<Actor, 'role'>): boolean {
  return isStaff(actor);
}

/** An institution is deleted by Master, or by staff of the college that added it. */
export function canDeleteInstitution(
  actor: Pick<Actor, 'role' | 'collegeId'>,
  institution: { collegeId: string | null },
): boolean {
  if (isMaster(actor)) return true;
  return isStaff(actor) && institution.collegeId !== null && institution.collegeId === actor.collegeId;
}

/** The student list and the verify toggle: any staff, inside their college and department (Master everywhere). */
export function canVerifyStudent(
  actor: Pick<Actor, 'role' | 'collegeId' | 'departmentId'>,
  student: { collegeId: string | null; departmentId: string | null },
): boolean {
  if (isMaster(actor)) return true;
  return (
    isStaff(actor) &&
    actor.collegeId !== null &&
    actor.collegeId === student.collegeId &&
    actor.departmentId === student.departmentId
  );
}

/** Bulk verification, payment status, deleting students and resetting their passwords: Master only. */
export function canAdministerStudents(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}
