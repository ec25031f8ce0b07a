import { missingStepMessage } from '@pgel/shared/academic/thesis';
import { type Actor, canCreateRecord, canWriteLogbook } from '@pgel/shared/auth/policies';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { RECORD_MESSAGES as M } from '@pgel/shared/records/api';
import { isChecklistParticular } from '@pgel/shared/records/dashboard';
import type { RecordKind } from '@pgel/shared/records/types';
import type { RecordValues } from '@pgel/shared/records/validation';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as rules from './logbook-rules.repository';

/**
 * The first step of every student write of the logbook (create, delete, the checklist, and the
 * academic records to come), inside its transaction: locks the student's row, so the student's
 * writes run one after another, and refuses a student who has not paid (issue 13) or whose
 * account is not approved yet (`canWriteLogbook`, spec 01 section 4) with a message that says so. The approval is read from
 * the locked row, not the session, so an approval or its withdrawal counts at once.
 */
export async function lockLogbookWriter(tx: Tx, actor: Actor): Promise<void> {
  if (!canCreateRecord(actor)) throw AppError.forbidden();
  const student = await rules.lockStudent(tx, actor.id);
  if (!student) throw AppError.forbidden();
  // Payment first: a student who has not bought a package is sent to /cart before anything else.
  if (!student.paid) throw AppError.forbidden(PAYMENT_MESSAGES.paymentRequired);
  if (!canWriteLogbook({ ...actor, verifyByHod: student.verifyByHod, paid: student.paid })) {
    throw AppError.forbidden(M.awaitingApproval);
  }
}

/**
 * One checklist entry per particular per student (issue 10): a second one is refused while the
 * first stands (pending or approved); a rejected one may be replaced. Call it after
 * `lockLogbookWriter`, whose lock keeps two requests at once from both passing.
 */
export async function requireFreeParticular(
  tx: Tx,
  studentId: string,
  kind: RecordKind,
  values: RecordValues,
): Promise<void> {
  if (kind.id !== 'checklist') return;
  const particular = values.particular;
  if (!isChecklistParticular(particular)) return;
  if (await rules.findStandingChecklistEntry(tx, studentId, particular)) {
    throw AppError.conflict(M.particularTaken(particular));
  }
}

/**
 * A review upload belongs to the student's thesis synopsis or thesis (spec 03 section 7: the
 * upload names that record), so the stage's title must be written first; the same message as the
 * page's next step says so. Call it after `lockLogbookWriter`.
 */
export async function requireThesisTitle(tx: Tx, studentId: string, kind: RecordKind): Promise<void> {
  if (!kind.thesisStage) return;
  if (!(await rules.hasThesis(tx, studentId, kind.thesisStage))) {
    throw AppError.conflict(missingStepMessage(kind.thesisStage, 'title'));
  }
}
