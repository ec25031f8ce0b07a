import { type Actor, canAdministerStaff, canManageDepartmentStaff } from '@pgel/shared/auth/policies';
import type { StaffRole } from '@pgel/shared/roles';
import { isUuid } from '@pgel/shared/schemas/common';
import { STAFF_MESSAGES as M } from '@pgel/shared/schemas/staff-admin';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './staff.repository';

export type Meta = { ip: string };
export type Placement = { collegeId: string; departmentId: string };

/**
 * Whose staff a caller manages (DESIGN.md section 4): Master every staff member but other
 * Masters (optionally one college's), an HOD their own college and department's, anyone else nobody.
 */
export function staffScopeFor(actor: Actor, collegeId?: string): repo.StaffScope {
  if (canAdministerStaff(actor)) return { kind: 'all', collegeId };
  if (canManageDepartmentStaff(actor) && actor.collegeId && actor.departmentId) {
    return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  return { kind: 'none' };
}

/** An HOD's own college and department, from the session (never from the body). */
export function ownPlacement(actor: Actor): Placement | undefined {
  if (!canManageDepartmentStaff(actor) || !actor.collegeId || !actor.departmentId) return undefined;
  return { collegeId: actor.collegeId, departmentId: actor.departmentId };
}

/** A loaded row as the policies see it. */
export function member(row: repo.UserRow) {
  return {
    id: row.id,
    role: row.role as StaffRole | null,
    collegeId: row.collegeId,
    departmentId: row.departmentId,
  };
}

/** What the audit log keeps of a staff member: never the password hash. */
export function auditView(row: repo.UserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    collegeId: row.collegeId,
    departmentId: row.departmentId,
    verified: row.emailVerifiedAt !== null,
    blocked: row.blocked,
    addedById: row.addedById,
  };
}

/** The staff member, locked; 404 for a malformed id or anyone outside the caller's scope alike. */
export async function loadStaffInScope(tx: Tx, actor: Actor, staffId: string): Promise<repo.UserRow> {
  if (!isUuid(staffId)) throw AppError.notFound(M.notFound);
  const row = await repo.lockStaff(tx, staffScopeFor(actor), staffId);
  if (!row) throw AppError.notFound(M.notFound);
  return row;
}
