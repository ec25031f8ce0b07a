import { type Actor, canUseRecordKind, isDrpCoordinator } from '@pgel/shared/auth/policies';
import { DRP_MESSAGES } from '@pgel/shared/drp/postings';
import { isForensicDepartment } from '@pgel/shared/navigation';
import { FORENSIC_MESSAGES } from '@pgel/shared/records/kinds/forensic';
import type { RecordKind } from '@pgel/shared/records/types';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './records.repository';

/**
 * Which kinds a caller may use (issue 12): a forensic kind only in the Forensic Medicine
 * department (Master reads it), a DRP coordinator only the kinds they verify. The department's
 * name is looked up once per request, and only when a forensic kind is asked about.
 */
export class KindGate {
  private departmentName: Promise<string | undefined> | undefined;

  constructor(
    private readonly db: Executor,
    private readonly actor: Actor,
  ) {}

  /** Whether the caller may `read` or `write` (create, delete, verify) records of the kind. */
  async allows(kind: RecordKind, use: 'read' | 'write'): Promise<boolean> {
    if (kind.department === undefined && !isDrpCoordinator(this.actor)) return true;
    const departmentId = this.actor.departmentId;
    this.departmentName ??= departmentId
      ? repo.findDepartmentName(this.db, departmentId)
      : Promise.resolve(undefined);
    const name = kind.department ? ((await this.departmentName) ?? null) : null;
    return canUseRecordKind(this.actor, kind, use, isForensicDepartment(name));
  }

  /** 403 (with the forensic message for a forensic kind) unless the caller may use the kind. */
  async require(kind: RecordKind, use: 'read' | 'write'): Promise<void> {
    if (await this.allows(kind, use)) return;
    throw AppError.forbidden(kind.department === 'forensic' ? FORENSIC_MESSAGES.notForensic : undefined);
  }
}

/**
 * The student's DRP posting a new record of the kind belongs to (issue 12): for
 * 'covering-date' the one whose schedule covers `date`, for 'any' the latest that has started by
 * `today` (409 postingNotStarted when none has). None at all: 409 noPosting; none covering the
 * date: 400 on the date.
 */
export async function requirePosting(
  db: Executor,
  studentId: string,
  kind: RecordKind,
  date: string | null,
  today: string,
): Promise<repo.StudentPosting | undefined> {
  if (!kind.drpPosting) return undefined;
  const postings = await repo.listStudentPostings(db, studentId);
  if (postings.length === 0) throw AppError.conflict(DRP_MESSAGES.noPosting);
  if (kind.drpPosting === 'any') {
    // The latest posting that has begun: its coordinator must not hear of the resident earlier.
    const started = postings.find((p) => p.scheduleFrom <= today);
    if (!started) throw AppError.conflict(DRP_MESSAGES.postingNotStarted);
    return started;
  }
  const covering =
    date === null ? undefined : postings.find((p) => p.scheduleFrom <= date && date <= p.scheduleTo);
  if (!covering) {
    throw AppError.validation(DRP_MESSAGES.outsidePosting, { [kind.dateField]: DRP_MESSAGES.outsidePosting });
  }
  return covering;
}
