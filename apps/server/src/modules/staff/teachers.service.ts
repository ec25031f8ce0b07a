import { type Actor, canAddTeachers, isStudent } from '@pgel/shared/auth/policies';
import { isTeachingRole, type StaffRole } from '@pgel/shared/roles';
import {
  type AddTeacherInput,
  type MyTeacher,
  staffStatusOf,
  TEACHER_MESSAGES,
  TEACHER_ROLE,
  withIndianCountryCode,
} from '@pgel/shared/schemas/staff-admin';
import type { StaffConfirmation } from '@pgel/shared/schemas/staff-confirmation';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import { createStaffAccount } from './new-staff-account';
import * as repo from './staff.repository';
import type { Meta } from './staff-rules';

function toMyTeacher(row: {
  id: string;
  name: string;
  email: string;
  role: string | null;
  emailVerifiedAt: Date | null;
  blocked: boolean;
  confirmation: string;
}): MyTeacher {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as StaffRole,
    status: staffStatusOf({
      verified: row.emailVerifiedAt !== null,
      blocked: row.blocked,
      confirmation: row.confirmation as StaffConfirmation,
    }),
  };
}

/** A student's own teachers (spec 01 section 1, step 3): the list, and adding one by address. */
export class TeachersService {
  constructor(private readonly deps: QueueingDeps) {}

  /** A student's own teachers: added by them or assigned by the HOD. */
  async myTeachers(actor: Actor): Promise<{ items: MyTeacher[] }> {
    if (!isStudent(actor)) throw AppError.forbidden();
    const rows = await repo.teachersOfStudent(this.deps.db, actor.id);
    return { items: rows.map(toMyTeacher) };
  }

  /**
   * A student adds a teacher. A new address becomes a professor's account in the student's
   * college and department, linked to the student, awaiting the HOD's (or Master's) confirmation
   * before it may see or verify anything (issue 27); the address of a staff member of that same
   * department is only linked; any other account's address is refused.
   */
  async addTeacher(
    actor: SessionActor,
    input: AddTeacherInput,
    meta: Meta,
  ): Promise<{ created: boolean; teacher: MyTeacher }> {
    if (!isStudent(actor)) throw AppError.forbidden();
    if (!canAddTeachers(actor) || !actor.collegeId || !actor.departmentId) {
      throw AppError.validation(TEACHER_MESSAGES.noPlacement);
    }
    const placement = { collegeId: actor.collegeId, departmentId: actor.departmentId };
    if (!(await repo.findAnyUserByEmail(this.deps.db, input.email))) {
      const account = {
        ...placement,
        name: input.name,
        email: input.email,
        phone: withIndianCountryCode(input.phone),
        role: TEACHER_ROLE,
      };
      const created = await createStaffAccount(this.deps, actor, account, meta, {
        action: 'teacher.add',
        linkStudentId: actor.id,
      });
      if (created) return { created: true, teacher: toMyTeacher(created) };
      // Someone took the address meanwhile: link it if it is a teacher of this department.
    }
    const teacher = await this.deps.db.transaction(async (tx) => {
      const row = await repo.findAnyUserByEmail(tx, input.email, { lock: true });
      if (
        !row ||
        !isTeachingRole(row.role) ||
        row.deletedAt !== null ||
        row.collegeId !== placement.collegeId ||
        row.departmentId !== placement.departmentId
      ) {
        throw AppError.conflict(TEACHER_MESSAGES.emailTaken);
      }
      const linked = await repo.linkTeacher(tx, {
        staffId: row.id,
        studentId: actor.id,
        assignedById: actor.id,
      });
      if (linked) {
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'teacher.link',
          entity: 'user',
          entityId: row.id,
          collegeId: row.collegeId,
          ip: meta.ip,
          after: { staffId: row.id, studentId: actor.id },
        });
      }
      return row;
    });
    return { created: false, teacher: toMyTeacher(teacher) };
  }
}
