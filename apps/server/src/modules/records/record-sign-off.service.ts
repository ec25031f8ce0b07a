import { canVerifyRecord, isStudent } from '@pgel/shared/auth/policies';
import { RECORD_MESSAGES as M, type VerifyRecordInput } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { SIGN_OFF_MAX, SIGN_OFF_MESSAGES, type SignOffRecordInput } from '@pgel/shared/records/sign-off';
import type { RecordKind } from '@pgel/shared/records/types';
import { isUuid } from '@pgel/shared/schemas/common';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { SessionActor } from '../../platform/session';
import type { ConfirmedVerifier, StaffCredentialsService } from '../auth/staff-credentials.service';
import type { RecordVerificationService } from './record-verification.service';
import { entryUrl, taskUrl } from './records.notify';
import * as repo from './records.repository';

type Meta = { ip: string };

/** What a sign-off did: who signed (the page's notice names them) and how many entries. */
export type SignOffOutcome = { message: string; verifierName: string; updatedCount: number };

/**
 * Sign-off on the spot (issue 30): the faculty member beside the resident verifies entries on the
 * resident's phone, without anyone signing out. The request carries the resident's session and,
 * for this one action, the faculty member's own e-mail and password (checked and throttled as
 * sign-in, `StaffCredentialsService`); the verification is theirs, made by the one verification
 * path with its usual effects (state, score, feedback, history, notices and mail to the resident,
 * audit), and marked "signed on the resident's device". Nothing is issued: no session, no cookie;
 * the resident's next request is the resident's alone.
 */
export class RecordSignOffService {
  constructor(
    private readonly deps: {
      db: Database;
      credentials: StaffCredentialsService;
      verification: RecordVerificationService;
      onQueued: () => void;
    },
  ) {}

  /**
   * Verifies `ids` (1 to SIGN_OFF_MAX of the resident's own entries) as the faculty member whose
   * credentials `input` carries, in one transaction: every entry must be the resident's (else
   * 404), one the faculty member may verify (`canVerifyRecord` and their own scope, else 403) and
   * pending (else 409), or nothing changes.
   */
  async signOff(
    resident: SessionActor,
    ids: readonly string[],
    input: SignOffRecordInput,
    meta: Meta,
  ): Promise<SignOffOutcome> {
    if (!isStudent(resident)) throw AppError.forbidden();
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (unique.length === 0) throw AppError.validation(SIGN_OFF_MESSAGES.selectRecords);
    if (unique.length > SIGN_OFF_MAX) throw AppError.validation(SIGN_OFF_MESSAGES.tooMany);
    if (!unique.every(isUuid)) throw AppError.notFound(M.notFound);

    const { email, password, ...verdict } = input;
    const verifier = await this.deps.credentials.confirmVerifier({
      email,
      password,
      ip: meta.ip,
      deviceOwnerId: resident.id,
    });
    const updatedCount = await this.deps.db.transaction((tx) =>
      this.verifyAsVerifier(tx, resident, verifier, unique, verdict, meta),
    );
    this.deps.onQueued();
    return {
      message: SIGN_OFF_MESSAGES.signedOff(verifier.name, verdict.status, updatedCount),
      verifierName: verifier.name,
      updatedCount,
    };
  }

  private async verifyAsVerifier(
    tx: Tx,
    resident: SessionActor,
    verifier: ConfirmedVerifier,
    ids: string[],
    verdict: VerifyRecordInput,
    meta: Meta,
  ): Promise<number> {
    const { verification } = this.deps;
    // The resident's own entries, locked in id order (two sign-offs of one entry take turns).
    const rows = await repo.lockRecords(tx, verification.scope(resident), ids);
    if (rows.length !== ids.length) throw AppError.notFound(M.notFound);
    // And the faculty member's: their college and department, a coordinator's started postings.
    const theirs = await repo.lockRecords(tx, verification.scope(verifier), ids);
    const mayVerifyAll =
      theirs.length === ids.length && rows.every((row) => canVerifyRecord(verifier, row, findKind(row.kind)));
    if (!mayVerifyAll) throw AppError.forbidden(SIGN_OFF_MESSAGES.mayNotVerify);

    const count = await verification.verifyRows(tx, verifier, rows, verdict, meta, {
      onResidentDevice: true,
    });
    await this.tellVerifier(tx, resident, verifier, rows);
    return count;
  }

  /**
   * The faculty member's own notice (in the app): their password was used on someone else's
   * device, so they should know of it, as a sign-in from a new device is told.
   */
  private async tellVerifier(
    tx: Tx,
    resident: SessionActor,
    verifier: ConfirmedVerifier,
    rows: repo.RecordStateRow[],
  ): Promise<void> {
    const [first] = rows;
    const kind = first ? (findKind(first.kind) as RecordKind | undefined) : undefined;
    if (!first || !kind) return;
    await repo.insertNotifications(tx, [
      {
        toId: verifier.id,
        fromId: resident.id,
        description: SIGN_OFF_MESSAGES.facultyNotice(resident.name, rows.length),
        url: rows.length === 1 ? entryUrl(kind, first) : taskUrl(kind),
        subjectId: null,
        collegeId: verifier.collegeId ?? first.collegeId,
      },
    ]);
  }
}
