import { type Actor, canVerifyRecord, canVerifyRecords } from '@pgel/shared/auth/policies';
import {
  type BulkVerifyRecordsInput,
  RECORD_MESSAGES as M,
  type RecordDetail,
  type ResetRecordInput,
  type Score,
  type VerifyRecordInput,
} from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { loggedRole, ROLE_MESSAGES } from '@pgel/shared/records/roles';
import { RECORD_STATUS_LABELS, type RecordKind, type Verdict } from '@pgel/shared/records/types';
import { todayIso } from '@pgel/shared/records/validation';
import { isUuid } from '@pgel/shared/schemas/common';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { SessionActor } from '../../platform/session';
import { noteEntriesChanged } from '../monthly-authentication/monthly-authentication.service';
import { markSubjectsRead } from '../people/notifications.service';
import { mailVerdicts, tellOfReset } from './record-handoff';
import { KindGate } from './record-kind-access';
import { asDetails, scopeFor } from './record-rows';
import { bulkVerifiedText, entryUrl, taskUrl, verifiedText } from './records.notify';
import * as repo from './records.repository';
import { scoreFor } from './records.scoring';
import type { RecordReadService } from './records-read.service';

type Meta = { ip: string };

/** Who verifies: the signed-in faculty member, or one who signed off on the resident's device. */
export type Verifier = Actor & { name: string };

/** How a verification was made, when it is not from the verifier's own session (issue 30). */
export type VerificationWay = { onResidentDevice?: boolean };

const verdictLabel = (verdict: Verdict) => RECORD_STATUS_LABELS[verdict];
type Planned = { row: repo.RecordStateRow; kind: RecordKind; score: Score; confirmedRole: string | null };

/**
 * Faculty's side of the record engine: approve or reject (one record or many at once) and reset
 * to Pending. Every change is checked on the locked rows, audited, kept in the score history and
 * told to the student, in one transaction. A verification marks the record `everVerified` for
 * good: a reset returns it to Pending for a new verification, never to deletable
 * (docs/decisions/004). A reset is an amendment (issue 27): it needs a reason, keeps the earlier
 * verification in the history, stamps `amendedAt` and tells the resident.
 */
export class RecordVerificationService {
  constructor(
    private readonly deps: { db: Database; now: () => Date; appUrl: string; onQueued: () => void },
    private readonly read: RecordReadService,
  ) {}

  /** The caller's scope by the server's today (a coordinator's postings count from their first day). */
  scope(actor: Actor) {
    return scopeFor(actor, todayIso(this.deps.now()));
  }

  /**
   * Approve or reject one pending record with a score and feedback (faculty of its department,
   * never their own). Keeps a score history row and tells the student in the app.
   */
  async verify(
    actor: SessionActor,
    id: string,
    input: VerifyRecordInput,
    meta: Meta,
  ): Promise<{ message: string; record: RecordDetail }> {
    if (!canVerifyRecords(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    await this.deps.db.transaction(async (tx) => {
      const rows = await repo.lockRecords(tx, this.scope(actor), [id.toLowerCase()]);
      await this.verifyRows(tx, actor, rows, input, meta);
    });
    this.deps.onQueued();
    return { message: M.verified, record: await this.read.detail(actor, id, meta) };
  }

  /**
   * Approve or reject many pending records with one score and feedback, in one transaction:
   * every id must be in scope (else 404) and pending (else 409), or nothing changes.
   */
  async bulkVerify(
    actor: SessionActor,
    input: BulkVerifyRecordsInput,
    meta: Meta,
  ): Promise<{ message: string; updatedCount: number }> {
    if (!canVerifyRecords(actor)) throw AppError.forbidden();
    const ids = [...new Set(input.recordIds.map((id) => id.toLowerCase()))];
    const updated = await this.deps.db.transaction(async (tx) => {
      const rows = await repo.lockRecords(tx, this.scope(actor), ids);
      if (rows.length !== ids.length) throw AppError.notFound(M.notFound);
      return this.verifyRows(tx, actor, rows, input, meta);
    });
    this.deps.onQueued();
    return { message: M.bulkVerified(updated), updatedCount: updated };
  }

  /**
   * Back to Pending for a new review, with a reason: feedback, score, confirmed role and verified
   * by/on cleared on the record; the history keeps the earlier verification and a reset row whose
   * remark is the reason; `amendedAt` marks the entry amended; the student is told in the app and
   * by mail. A record that is pending and was never scored is left as it is.
   */
  async reset(
    actor: SessionActor,
    id: string,
    input: ResetRecordInput,
    meta: Meta,
  ): Promise<{ message: string }> {
    if (!canVerifyRecords(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    const reason = input.reason.trim();
    const queued = await this.deps.db.transaction(async (tx) => {
      const [row] = await repo.lockRecords(tx, this.scope(actor), [id.toLowerCase()]);
      if (!row) throw AppError.notFound(M.notFound);
      await this.requireVerifier(tx, actor, [row]);
      if (row.status === 'pending' && row.verifiedAt === null && row.score === null) return false;
      // `everVerified` is deliberately left alone: the evidence was verified once.
      const cleared = {
        status: 'pending',
        verifierRemark: null,
        score: null,
        verifiedById: null,
        verifiedAt: null,
        confirmedRole: null,
        amendedAt: this.deps.now(),
      } as const;
      await repo.auditRecords(tx, [row.id], {
        actorId: actor.id,
        action: 'record.reset',
        ip: meta.ip,
        changes: { ...cleared, reason },
      });
      await repo.updateRecords(tx, [row.id], cleared);
      await repo.insertScoresFor(tx, [row.id], {
        status: 'pending',
        score: null,
        remark: reason,
        byId: actor.id,
      });
      // An amended entry changes its month's authentication, if it had one (issue 30).
      const changed = await noteEntriesChanged(tx, {
        entries: [row],
        appUrl: this.deps.appUrl,
        at: cleared.amendedAt,
      });
      const told = await tellOfReset(tx, {
        verifier: actor,
        kind: findKind(row.kind) as RecordKind,
        row,
        appUrl: this.deps.appUrl,
      });
      return told || changed;
    });
    if (queued) this.deps.onQueued();
    return { message: M.reset };
  }

  /**
   * The caller verifies every row: a kind they may use (forensic kinds in their department), who
   * verifies the kind (the department, the DRP coordinator), never their own record.
   */
  private async requireVerifier(tx: Tx, actor: Verifier, rows: repo.RecordStateRow[]) {
    const gate = new KindGate(tx, actor);
    for (const row of rows) {
      const kind = findKind(row.kind);
      if (!kind) throw AppError.notFound(M.notFound);
      await gate.require(kind, 'write');
      if (!canVerifyRecord(actor, row, kind)) {
        throw AppError.forbidden(actor.id === row.studentId ? M.ownRecord : undefined);
      }
    }
  }

  /**
   * The one verification path, on rows the caller locked: checks every row first (the verifier's
   * kinds, `canVerifyRecord`, pending, the verdicts and role the kind offers), then set-based
   * updates and batched inserts. A sign-off on the resident's device (issue 30) goes this way too,
   * its audit rows marked `signedOn` (which the entry's history reads).
   */
  async verifyRows(
    tx: Tx,
    actor: Verifier,
    rows: repo.RecordStateRow[],
    input: VerifyRecordInput,
    meta: Meta,
    way: VerificationWay = {},
  ): Promise<number> {
    if (rows.length === 0) throw AppError.notFound(M.notFound);
    const status: Verdict = input.status;
    const remark = input.remark.trim();
    await this.requireVerifier(tx, actor, rows);
    for (const row of rows) {
      const kind = findKind(row.kind) as RecordKind;
      if (row.status !== 'pending') throw AppError.conflict(M.alreadyVerified);
      if (kind.verdicts && !kind.verdicts.includes(status)) {
        throw AppError.validation(M.verdictNotOffered(kind.verdicts.map(verdictLabel).join(' or ')));
      }
      if (input.confirmedRole !== undefined && !kind.role) {
        throw AppError.validation(ROLE_MESSAGES.notOffered(kind.menuTitle), {
          confirmedRole: ROLE_MESSAGES.notOffered(kind.menuTitle),
        });
      }
    }
    const planned: Planned[] = [];
    for (const row of rows) {
      const kind = findKind(row.kind) as RecordKind;
      const details = asDetails(row.details);
      const score = scoreFor(kind, details, input);
      if (!score) throw AppError.validation(kind.verifyMessages?.required ?? M.verifyAllFields);
      // The verifier's role, or the resident's when they left it as logged (issue 27).
      const confirmedRole = kind.role ? (input.confirmedRole ?? loggedRole(kind, details)) : null;
      planned.push({ row, kind, score, confirmedRole });
    }

    const verifiedAt = this.deps.now();
    // One statement each per distinct score and confirmed role (usually one for a whole bulk
    // verification, a few when it mixes roles confirmed as logged).
    const groups = new Map<string, { score: Score; confirmedRole: string | null; ids: string[] }>();
    for (const p of planned) {
      const key = JSON.stringify([p.score, p.confirmedRole]);
      const group = groups.get(key) ?? { score: p.score, confirmedRole: p.confirmedRole, ids: [] };
      group.ids.push(p.row.id);
      groups.set(key, group);
    }
    const action = `record.${status === 'approved' ? 'approve' : 'reject'}`;
    for (const group of groups.values()) {
      const changes = {
        status,
        verifierRemark: remark,
        score: group.score,
        verifiedById: actor.id,
        verifiedAt,
        everVerified: true,
        confirmedRole: group.confirmedRole,
      };
      const audited = way.onResidentDevice
        ? { ...changes, signedOn: repo.SIGNED_ON_RESIDENT_DEVICE }
        : changes;
      await repo.auditRecords(tx, group.ids, { actorId: actor.id, action, ip: meta.ip, changes: audited });
      await repo.updateRecords(tx, group.ids, changes);
      await repo.insertScoresFor(tx, group.ids, {
        status,
        score: group.score,
        remark,
        confirmedRole: group.confirmedRole,
        byId: actor.id,
      });
    }
    // Whoever else was asked to verify these need not any more (issue 28); before the student's
    // new notices, which are about the same entries and unread.
    await markSubjectsRead(
      tx,
      planned.map((p) => p.row.id),
    );
    await noteEntriesChanged(tx, {
      entries: planned.map((p) => p.row),
      appUrl: this.deps.appUrl,
      at: verifiedAt,
    });
    await this.tellStudents(tx, actor, planned, status);
    await mailVerdicts(tx, {
      verifierName: actor.name,
      status,
      rows: planned.map((p) => p.row),
      appUrl: this.deps.appUrl,
    });
    return planned.length;
  }

  /**
   * One in-app notification per student and kind, however many of their records were verified
   * (the e-mail, one per student, is record-handoff.ts's `mailVerdicts`).
   */
  private async tellStudents(tx: Tx, actor: Verifier, planned: Planned[], status: Verdict) {
    const perStudent = new Map<string, { row: repo.RecordStateRow; kind: RecordKind; count: number }>();
    for (const p of planned) {
      const key = `${p.row.studentId}:${p.kind.id}`;
      const entry = perStudent.get(key) ?? { row: p.row, kind: p.kind, count: 0 };
      entry.count += 1;
      perStudent.set(key, entry);
    }
    await repo.insertNotifications(
      tx,
      [...perStudent.values()].map((entry) => ({
        toId: entry.row.studentId,
        fromId: actor.id,
        description:
          entry.count === 1
            ? verifiedText(actor.name, entry.kind, status)
            : bulkVerifiedText(actor.name, entry.kind, status, entry.count),
        // One entry: the notice opens it and names it; several: the kind's list.
        url: entry.count === 1 ? entryUrl(entry.kind, entry.row) : taskUrl(entry.kind),
        subjectId: entry.count === 1 ? entry.row.id : null,
        collegeId: entry.row.collegeId,
      })),
    );
  }
}
