import { addYears } from '@pgel/shared/academic/common';
import {
  type Actor,
  canCertifyStudent,
  canCertifyStudents,
  canDownloadBonafide,
} from '@pgel/shared/auth/policies';
import {
  formatBonafideDate,
  BONAFIDE_MESSAGES as M,
  type SetCertifiedInput,
  type SetCertifiedResponse,
} from '@pgel/shared/reports/bonafide';
import { BONAFIDE_YEARS, PRINT_NOT_AVAILABLE as NA } from '@pgel/shared/reports/print';
import { isUuid } from '@pgel/shared/schemas/common';
import { todayIso } from '@pgel/shared/schemas/dates';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { STUDENT_ADMIN_MESSAGES } from '@pgel/shared/schemas/students-admin';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
// The certificate prints the student as the session user shows them (HOD included).
import { loadSessionUser } from '../auth/auth.repository';
import { scopeFor } from '../students/students.service';
import * as repo from './bonafide.repository';
import { type BonafideContent, renderBonafidePdf } from './bonafide-pdf';

type Meta = { ip: string };

/** The certificate's values from the session user: 'N/A' for anything missing. */
export function bonafideContent(user: SessionUser, today: string): BonafideContent {
  const parent = user.fatherName
    ? { parentKind: "father's" as const, parentName: user.fatherName }
    : {
        parentKind: user.motherName ? ("mother's" as const) : ("father's" as const),
        parentName: user.motherName ?? NA,
      };
  return {
    collegeName: user.college?.name ?? NA,
    collegeAddress: user.college?.address || null,
    studentName: user.name,
    ...parent,
    departmentName: user.department?.name ?? NA,
    periodFrom: user.joiningDate ? formatBonafideDate(user.joiningDate) : NA,
    periodTo: user.joiningDate ? formatBonafideDate(addYears(user.joiningDate, BONAFIDE_YEARS)) : NA,
    issuedOn: formatBonafideDate(today),
    hodName: user.hod?.name ?? NA,
  };
}

/** Certified students and their Bonafide Certificate PDF (spec 01 section 2.11, issue 14). */
export class BonafideService {
  constructor(readonly deps: { db: Database }) {}

  /**
   * The HOD of the student's department, or Master, marks a student certified or not. Anyone
   * outside the caller's scope, deleted, or staff answers 404, as on the rest of /allStudent.
   */
  async setCertified(
    actor: Actor,
    studentId: string,
    input: SetCertifiedInput,
    meta: Meta,
  ): Promise<SetCertifiedResponse> {
    if (!canCertifyStudents(actor)) throw AppError.forbidden();
    if (!isUuid(studentId)) throw AppError.notFound(STUDENT_ADMIN_MESSAGES.notFound);
    await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockCertifiableStudent(tx, scopeFor(actor), studentId);
      if (!before || !canCertifyStudent(actor, before)) {
        throw AppError.notFound(STUDENT_ADMIN_MESSAGES.notFound);
      }
      if (before.certified === input.certified) return;
      await repo.setCertified(tx, before.id, input.certified);
      await writeAudit(tx, {
        actorId: actor.id,
        action: input.certified ? 'student.certify' : 'student.uncertify',
        entity: 'user',
        entityId: before.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        before: { id: before.id, name: before.name, certified: before.certified },
        after: { id: before.id, name: before.name, certified: input.certified },
      });
    });
    return { message: input.certified ? M.certified : M.uncertified, certified: input.certified };
  }

  /** The signed-in student's certificate; 403 until their HOD (or Master) has certified them. */
  async certificatePdf(actor: Actor, today: string = todayIso()): Promise<Buffer> {
    const user = await loadSessionUser(this.deps.db, actor.id);
    if (!user || !canDownloadBonafide(user)) throw AppError.forbidden(M.notCertified);
    return renderBonafidePdf(bonafideContent(user, today));
  }
}
