import { type Actor, canEditStaffMember, canManageDepartmentStaff } from '@pgel/shared/auth/policies';
import { isUuid } from '@pgel/shared/schemas/common';
import {
  type AssignableStudent,
  type AssignStudentsInput,
  STAFF_MESSAGES as M,
} from '@pgel/shared/schemas/staff-admin';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { QueueingDeps } from '../../platform/service-deps';
import * as repo from './staff.repository';
import { loadStaffInScope, type Meta, member, staffScopeFor } from './staff-rules';

/** Assign Students (spec 03 section 6): an HOD links their department's students to a staff member. */
export class StaffAssignmentService {
  constructor(private readonly deps: Pick<QueueingDeps, 'db'>) {}

  /** The Assign Students choices: every live student of the member's college and department. */
  async assignableStudents(actor: Actor, staffId: string): Promise<{ items: AssignableStudent[] }> {
    if (!canManageDepartmentStaff(actor)) throw AppError.forbidden();
    if (!isUuid(staffId)) throw AppError.notFound(M.notFound);
    const staff = await repo.findStaff(this.deps.db, staffScopeFor(actor), staffId);
    if (!staff) throw AppError.notFound(M.notFound);
    if (!canEditStaffMember(actor, member(staff))) throw AppError.forbidden();
    return { items: await repo.assignableStudents(this.deps.db, staff, staff.id) };
  }

  /**
   * Assign Students: `studentIds` becomes the member's whole list. Every id must be a live student
   * of the member's college and department, or nothing is written.
   */
  async assignStudents(
    actor: Actor,
    staffId: string,
    input: AssignStudentsInput,
    meta: Meta,
  ): Promise<{ message: string; assignedCount: number }> {
    if (!canManageDepartmentStaff(actor)) throw AppError.forbidden();
    const ids = [...new Set(input.studentIds.map((id) => id.toLowerCase()))].sort();
    await this.deps.db.transaction(async (tx) => {
      const staff = await loadStaffInScope(tx, actor, staffId);
      if (!canEditStaffMember(actor, member(staff))) throw AppError.forbidden();
      const found = await repo.lockStudentsOf(tx, staff, ids);
      if (found.length !== ids.length) throw AppError.validation(M.studentsOutsideDepartment);
      const before = await repo.linkedStudentIds(tx, staff.id);
      await repo.replaceStaffStudents(tx, staff.id, ids, actor.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'staff.assign',
        entity: 'user',
        entityId: staff.id,
        collegeId: staff.collegeId,
        ip: meta.ip,
        before: { studentIds: before },
        after: { studentIds: ids },
      });
    });
    return { message: M.assigned, assignedCount: ids.length };
  }
}
