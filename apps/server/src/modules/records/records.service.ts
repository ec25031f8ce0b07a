import {
  type Actor,
  canCreateRecord,
  canDeleteRecord,
  isStudent,
  isVerifiedByDepartment,
  isVerifiedByDrpCoordinator,
} from '@pgel/shared/auth/policies';
import {
  type BulkVerifyRecordsInput,
  type CreateRecordInput,
  type ListRecordsQuery,
  RECORD_MESSAGES as M,
  type RecordDetail,
  type ResetRecordInput,
  type VerifyRecordInput,
} from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import type { SignOffRecordInput, SignOffRecordsInput } from '@pgel/shared/records/sign-off';
import { COMMON_FIELDS, type RecordStatus } from '@pgel/shared/records/types';
import { type RecordValues, todayIso, validateRecord } from '@pgel/shared/records/validation';
import { isUuid } from '@pgel/shared/schemas/common';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { type IdempotencyKey, idempotentTransaction } from '../../platform/idempotency';
import type { SessionActor } from '../../platform/session';
import type { StaffCredentialsService } from '../auth/staff-credentials.service';
import type { FilesService } from '../files/files.service';
import { noteEntriesChanged } from '../monthly-authentication/monthly-authentication.service';
import { markSubjectsRead } from '../people/notifications.service';
import { lockLogbookWriter, requireFreeParticular, requireThesisTitle } from './logbook-rules';
import { RecordDefaultsService } from './record-defaults.service';
import { tellVerifiersOfNewEntry } from './record-handoff';
import { KindGate, requirePosting } from './record-kind-access';
import { invalid, prepareRecord, requireKind, restrictedSettings } from './record-prepare';
import { scopeFor } from './record-rows';
import { RecordSignOffService } from './record-sign-off.service';
import { RecordVerificationService } from './record-verification.service';
import { entryUrl, submittedText } from './records.notify';
import * as repo from './records.repository';
import { RecordReadService } from './records-read.service';
import { type DataKeys, rememberDataKey, sealDetails } from './sensitive-details';

type Meta = { ip: string };

export type RecordsDeps = {
  db: Database;
  files: FilesService;
  appUrl: string;
  /** Called after a commit that queued mail, to send it soon. */
  onQueued: () => void;
  /** Seals patient identifiers at rest with the current key, opens with any of the ring (issue 15). */
  dataKey: DataKeys;
  /** Checks the credentials a faculty member types on a resident's device (issue 30). */
  credentials: StaffCredentialsService;
  /** The server's clock (tests may fix it). */
  now?: () => Date;
};

/**
 * What a create keeps with its Idempotency-Key: the new record's id, not the record, so patient
 * details are never copied into the keys table; a replay reads the record again.
 */
const CreatedAnswer = z.object({ message: z.string(), recordId: z.uuid() });

/** A create's answer: its status and body, and whether it repeats an earlier request's. */
export type CreateOutcome = {
  statusCode: number;
  replayed: boolean;
  body: { message: string; record: RecordDetail };
};

/**
 * The record engine's server side (DESIGN.md section 3, records contract): one set of rules for
 * every kind in the registry. Every change is checked on the locked row, audited, and its
 * notifications queued in the same transaction. Reading lives in `RecordReadService`,
 * verification in `RecordVerificationService`; a student's create and delete live here.
 */
export class RecordsService {
  private readonly read: RecordReadService;
  private readonly verification: RecordVerificationService;
  private readonly signOffs: RecordSignOffService;
  private readonly entryDefaults: RecordDefaultsService;
  private readonly now: () => Date;

  constructor(private readonly deps: RecordsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.read = new RecordReadService({ db: deps.db, dataKey: deps.dataKey, now: this.now });
    rememberDataKey(deps.db, deps.dataKey);
    this.verification = new RecordVerificationService(
      { db: deps.db, now: this.now, appUrl: deps.appUrl, onQueued: deps.onQueued },
      this.read,
    );
    this.signOffs = new RecordSignOffService({
      db: deps.db,
      credentials: deps.credentials,
      verification: this.verification,
      onQueued: deps.onQueued,
    });
    this.entryDefaults = new RecordDefaultsService({ db: deps.db });
  }

  // ---- Reading (records-read.service.ts) ------------------------------------------------------

  list(actor: Actor, query: ListRecordsQuery) {
    return this.read.list(actor, query);
  }
  /** One record, as the caller asked to see it (full patient identifiers are access-logged). */
  detail(actor: Actor, id: string, meta: Meta) {
    return this.read.detail(actor, id, meta);
  }
  scores(actor: Actor, id: string) {
    return this.read.scores(actor, id);
  }
  counts(actor: Actor) {
    return this.read.counts(actor);
  }
  pending(actor: Actor, query: { page: number; pageSize: number; search?: string | undefined }) {
    return this.read.pending(actor, query);
  }
  options(...args: Parameters<RecordReadService['options']>) {
    return this.read.options(...args);
  }
  formContext(actor: Actor) {
    return this.read.formContext(actor);
  }
  /** A new entry's prefilled teacher, competency and role (record-defaults.service.ts). */
  defaults(actor: Actor, kind: string, subject?: string) {
    return this.entryDefaults.defaults(actor, kind, subject);
  }

  // ---- Verifying (record-verification.service.ts) ---------------------------------------------

  verify(actor: SessionActor, id: string, input: VerifyRecordInput, meta: Meta) {
    return this.verification.verify(actor, id, input, meta);
  }
  bulkVerify(actor: SessionActor, input: BulkVerifyRecordsInput, meta: Meta) {
    return this.verification.bulkVerify(actor, input, meta);
  }
  reset(actor: SessionActor, id: string, input: ResetRecordInput, meta: Meta) {
    return this.verification.reset(actor, id, input, meta);
  }

  // ---- Signing off on the resident's device (record-sign-off.service.ts, issue 30) -----------

  /** Up to SIGN_OFF_MAX of the resident's entries, verified by the faculty member beside them. */
  signOff(resident: SessionActor, input: SignOffRecordsInput, meta: Meta) {
    const { recordIds, ...rest } = input;
    return this.signOffs.signOff(resident, recordIds, rest, meta);
  }

  /** One entry, the same way; answers the entry as the resident now sees it. */
  async signOffRecord(resident: SessionActor, id: string, input: SignOffRecordInput, meta: Meta) {
    const outcome = await this.signOffs.signOff(resident, [id], input, meta);
    return { ...outcome, record: await this.read.detail(resident, id, meta) };
  }

  // ---- Creating ------------------------------------------------------------------------------

  /**
   * A student's new record (Pending). The values are checked with the form's own function
   * against the server's today; remote options, the teacher and files are checked against the
   * student's department and uploads inside the transaction that inserts the record. Only an
   * approved student writes (logbook-rules.ts), and a checklist particular is taken once. With an
   * Idempotency-Key, a retry creates nothing new and gets the first answer again.
   */
  async create(
    actor: SessionActor,
    input: CreateRecordInput,
    meta: Meta,
    idempotencyKey?: IdempotencyKey,
  ): Promise<CreateOutcome> {
    if (!canCreateRecord(actor) || !actor.collegeId || !actor.departmentId) throw AppError.forbidden();
    const kind = requireKind(input.kind);
    await new KindGate(this.deps.db, actor).require(kind, 'write');
    const placement = { collegeId: actor.collegeId, departmentId: actor.departmentId };

    const values: RecordValues = { ...input.details };
    for (const name of COMMON_FIELDS) {
      const value = input[name];
      if (value !== undefined) values[name] = value;
    }

    const outcome = await idempotentTransaction(this.deps.db, idempotencyKey, CreatedAnswer, async (tx) => {
      await lockLogbookWriter(tx, actor);
      const restricted = await restrictedSettings(tx, [kind], placement.departmentId);
      const { errors, clean } = validateRecord(kind, values, {
        today: todayIso(this.now()),
        restrictedAllowed: (setting) => restricted.has(setting),
      });
      if (errors.length > 0) throw invalid(errors, { kind, values });
      await requireFreeParticular(tx, actor.id, kind, clean);
      await requireThesisTitle(tx, actor.id, kind);
      // A review or DRP logbook upload has no date field: it is dated the day it arrives.
      const today = todayIso(this.now());
      const arrives = kind.thesisStage !== undefined || kind.datedOnArrival === true;
      const dated = arrives ? { ...clean, [kind.dateField]: today } : clean;
      const date = dated[kind.dateField];
      const posting = await requirePosting(tx, actor.id, kind, typeof date === 'string' ? date : null, today);
      const fromPosting = posting ? { institution: posting.institution, state: posting.state } : {};
      const prepared = await prepareRecord(tx, this.deps.files, actor, placement, kind, dated, fromPosting);
      const row = await repo.insertRecord(tx, {
        kind: kind.id,
        studentId: actor.id,
        collegeId: placement.collegeId,
        departmentId: placement.departmentId,
        status: 'pending',
        verifierRemark: null,
        drpPostingId: posting?.id ?? null,
        ...prepared.columns,
        details: prepared.details,
        // Sealed with the data key: never plaintext at rest (issue 15).
        sensitiveDetails: sealDetails(this.deps.dataKey, prepared.sensitive),
      });
      // A new entry dated in an authenticated month changes that month (issue 30).
      await noteEntriesChanged(tx, { entries: [row], appUrl: this.deps.appUrl, at: this.now() });
      await repo.auditRecords(tx, [row.id], {
        actorId: actor.id,
        action: 'record.create',
        ip: meta.ip,
        created: true,
        changes: { sensitiveFields: Object.keys(prepared.sensitive) },
      });
      if (isVerifiedByDepartment(kind)) {
        await tellVerifiersOfNewEntry(tx, { student: actor, kind, record: row, appUrl: this.deps.appUrl });
      }
      if (posting && isVerifiedByDrpCoordinator(kind)) {
        // The coordinator the student is posted to verifies it: told in the app.
        await repo.insertNotifications(tx, [
          {
            toId: posting.coordinatorId,
            fromId: actor.id,
            description: submittedText(actor.name, kind),
            url: entryUrl(kind, { id: row.id, studentId: actor.id }),
            subjectId: row.id,
            collegeId: placement.collegeId,
          },
        ]);
      }
      return { statusCode: 201, stored: { message: kind.successMessage, recordId: row.id } };
    });
    if (!outcome.replayed) this.deps.onQueued();
    return {
      statusCode: outcome.statusCode,
      replayed: outcome.replayed,
      body: {
        message: outcome.stored.message,
        record: await this.read.detail(actor, outcome.stored.recordId),
      },
    };
  }

  // ---- Deleting ------------------------------------------------------------------------------

  /**
   * The owning student deletes a never-verified record: soft delete plus an audit row. A record
   * verified once and reset to Pending since is kept (docs/decisions/004).
   */
  async delete(actor: SessionActor, id: string, meta: Meta): Promise<{ message: string }> {
    if (!isStudent(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    const queued = await this.deps.db.transaction(async (tx) => {
      await lockLogbookWriter(tx, actor);
      const [row] = await repo.lockRecords(tx, scopeFor(actor, todayIso(this.now())), [id.toLowerCase()]);
      if (!row) throw AppError.notFound(M.notFound);
      const kind = findKind(row.kind);
      if (kind) await new KindGate(tx, actor).require(kind, 'write');
      const record = { ...row, status: row.status as RecordStatus };
      if (!canDeleteRecord(actor, record)) {
        const isVerifiedNow = record.status !== 'pending' || record.verifiedAt !== null;
        throw AppError.conflict(isVerifiedNow ? M.alreadyVerified : M.verifiedKept);
      }
      const deletedAt = this.now();
      await repo.auditRecords(tx, [row.id], {
        actorId: actor.id,
        action: 'record.delete',
        ip: meta.ip,
        changes: { deletedAt },
      });
      await repo.updateRecords(tx, [row.id], { deletedAt });
      // Nobody need verify it any more: the notices that asked them to are read (issue 28).
      await markSubjectsRead(tx, [row.id]);
      return noteEntriesChanged(tx, { entries: [row], appUrl: this.deps.appUrl, at: deletedAt });
    });
    if (queued) this.deps.onQueued();
    return { message: M.deleted };
  }
}
