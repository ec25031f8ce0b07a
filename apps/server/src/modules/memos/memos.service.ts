import {
  type CreateMemoInput,
  formatMemoNumber,
  type ListMemosQuery,
  MEMO_MESSAGES as M,
  MEMO_NOTICES,
  type Memo,
  type MemoStatus,
} from '@pgel/shared/academic/memos';
import {
  type Actor,
  canIssueMemos,
  canKeepAcademicRecords,
  isMaster,
  isStudent,
} from '@pgel/shared/auth/policies';
import { academicReportPath } from '@pgel/shared/reports/activity';
import { isUuid } from '@pgel/shared/schemas/common';
import { isCalendarDate, todayIso } from '@pgel/shared/schemas/dates';
import type { ListResponse } from '@pgel/shared/schemas/list';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memos } from '../../db/schema/index';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { enqueueMail } from '../../platform/mail';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import { markSubjectsRead, notify } from '../people/notifications.service';
import { closedMail, explainedMail, issuedMail } from './memos.notify';
import * as repo from './memos.repository';

/** Where a memo's notices lead: the memo itself, open on the memo page (issue 28). */
const memoUrl = (memo: { id: string; studentId: string }) =>
  academicReportPath('memo', memo.id, memo.studentId);

export type MemosDeps = QueueingDeps & { now?: () => Date };

type Meta = { ip: string };
type MemoSaved = { message: string; memo: Memo };

/** Whose memos a caller sees, from the session only (DESIGN.md section 4). */
function scopeFor(actor: Actor): repo.MemoScope {
  if (isMaster(actor)) return { kind: 'all' };
  if (isStudent(actor)) return { kind: 'student', studentId: actor.id };
  if (actor.collegeId && actor.departmentId) {
    return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  return { kind: 'none' };
}

/** Text a user typed, trimmed; empty when missing. */
const typed = (value: string | undefined) => (value ?? '').trim();

function toMemo(row: repo.MemoRow): Memo {
  return {
    id: row.id,
    memoNumber: row.memoNumber,
    date: row.date,
    reason: row.reason,
    status: row.status as MemoStatus,
    student: { id: row.studentId, name: row.studentName },
    issuedBy: { id: row.issuedById, name: row.issuedByName },
    explanation: row.explanation,
    explainedAt: row.explainedAt ? row.explainedAt.toISOString() : null,
    remark: row.remark,
    closedBy: row.closedById ? { id: row.closedById, name: row.closedByName ?? '' } : null,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a memo's state. */
function auditState(row: repo.MemoStateRow) {
  return {
    memoNumber: row.memoNumber,
    studentId: row.studentId,
    date: row.date,
    reason: row.reason,
    status: row.status,
    explanation: row.explanation,
    remark: row.remark,
    closedById: row.closedById,
  };
}

/**
 * Memos (`/memo`, spec 03): the HOD issues one to a student of their department, the student
 * explains it once, the HOD closes it with a remark (Issued -> Explained -> Closed). Every change
 * is made on the locked row, audited, and told to whoever acts next (in the app and by e-mail)
 * in its transaction; mail is sent after the commit.
 */
export class MemosService {
  private readonly now: () => Date;

  constructor(readonly deps: MemosDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The memo list: a student's own (any `studentId` ignored), staff their college and
   * department's (optionally one student's), Master all. Newest memo date first by default.
   */
  async list(actor: Actor, query: ListMemosQuery): Promise<ListResponse<Memo>> {
    const filters: Array<SQL | undefined> = [repo.memosWhere(scopeFor(actor))];
    if (query.status) filters.push(eq(memos.status, query.status));
    if (query.studentId !== undefined && !isStudent(actor)) {
      // A malformed id names no student: nothing matches (and PostgreSQL never sees it).
      filters.push(isUuid(query.studentId) ? eq(memos.studentId, query.studentId) : sql`false`);
    }
    const page = await listPage(query, repo.memoListQueries(this.deps.db), {
      where: and(...filters),
      searchIn: repo.memoListColumns.searchIn,
      sortable: repo.memoListColumns.sortable,
      defaultSort: 'date',
      defaultOrder: 'desc',
      tieBreaker: repo.memoListColumns.tieBreaker,
    });
    return { ...page, items: page.items.map((row) => toMemo(row as repo.MemoRow)) };
  }

  /**
   * One memo (a /reports row opens it), inside the same scope as the list: a memo the caller may
   * not see answers 404, like one that does not exist.
   */
  async get(actor: Actor, id: string): Promise<Memo> {
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    const row = await repo.findMemo(this.deps.db, repo.memosWhere(scopeFor(actor)), id);
    if (!row) throw AppError.notFound(M.notFound);
    return toMemo(row);
  }

  /**
   * The HOD issues a memo to a student of their college and department. The number is the
   * department's next (MEMO/{year of the memo date}/{sequence}), taken under a lock on the
   * department's numbering, so memos issued at once get distinct, consecutive numbers.
   */
  async create(actor: SessionActor, input: CreateMemoInput, meta: Meta): Promise<MemoSaved> {
    const { collegeId, departmentId } = actor;
    if (!canIssueMemos(actor) || !collegeId || !departmentId) throw AppError.forbidden();
    const studentId = typed(input.studentId);
    const date = typed(input.date);
    const reason = typed(input.reason);
    if (!studentId || !date || !reason) throw AppError.validation(M.fillAll);
    if (!isCalendarDate(date)) throw AppError.validation(M.fillAll, { date: M.fillAll });
    if (date > todayIso(this.now())) throw AppError.validation(M.futureDate, { date: M.futureDate });
    if (!isUuid(studentId)) throw AppError.notFound(M.studentNotInDepartment);

    const memo = await this.deps.db.transaction(async (tx) => {
      const student = await repo.findStudentOfDepartment(tx, studentId, collegeId, departmentId);
      if (!student) throw AppError.notFound(M.studentNotInDepartment);
      await repo.lockDepartmentNumbering(tx, collegeId, departmentId);
      const sequence = await repo.nextSequence(tx, collegeId, departmentId);
      const row = await repo.insertMemo(tx, {
        collegeId,
        departmentId,
        studentId: student.id,
        issuedById: actor.id,
        sequence,
        memoNumber: formatMemoNumber(Number(date.slice(0, 4)), sequence),
        date,
        reason,
        status: 'issued',
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'memo.issue',
        entity: 'memo',
        entityId: row.id,
        collegeId,
        after: auditState(row),
        ip: meta.ip,
      });
      await notify(tx, {
        toId: student.id,
        fromId: actor.id,
        description: MEMO_NOTICES.issued(row.memoNumber, actor.name),
        url: memoUrl(row),
        subjectId: row.id,
        collegeId: student.collegeId,
      });
      await enqueueMail(
        tx,
        issuedMail({ to: student, memo: row, issuedBy: actor.name, appUrl: this.deps.appUrl }),
      );
      return this.reload(tx, row.id);
    });
    this.deps.onQueued();
    return { message: M.created, memo };
  }

  /**
   * The memo's own student explains it, once. Only the memo row is locked: unlike a logbook
   * write, an explanation is owed even by a student whose account approval was withdrawn.
   */
  async explain(actor: SessionActor, id: string, input: { explanation?: string | undefined }, meta: Meta) {
    if (!canKeepAcademicRecords(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    const memo = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lockMemo(tx, repo.memosWhere({ kind: 'student', studentId: actor.id }), id);
      if (!row) throw AppError.notFound(M.notFound);
      if (row.status !== 'issued') throw AppError.conflict(M.alreadyExplained);
      const explanation = typed(input.explanation);
      if (!explanation)
        throw AppError.validation(M.explanationRequired, { explanation: M.explanationRequired });

      const updated = await repo.updateMemo(tx, row.id, {
        status: 'explained',
        explanation,
        explainedAt: this.now(),
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'memo.explain',
        entity: 'memo',
        entityId: row.id,
        collegeId: row.collegeId,
        before: auditState(row),
        after: auditState(updated),
        ip: meta.ip,
      });
      // Explained: the student's notice of the memo asks nothing more of them (issue 28).
      await markSubjectsRead(tx, [row.id]);
      // The issuer, and the department's HODs now (the issuer may have moved on; any of them closes it).
      for (const hod of await repo.listExplanationRecipients(tx, row)) {
        await notify(tx, {
          toId: hod.id,
          fromId: actor.id,
          description: MEMO_NOTICES.explained(row.memoNumber, actor.name),
          url: memoUrl(row),
          subjectId: row.id,
          collegeId: hod.collegeId,
        });
        await enqueueMail(
          tx,
          explainedMail({ to: hod, memo: row, student: actor.name, appUrl: this.deps.appUrl }),
        );
      }
      return this.reload(tx, row.id);
    });
    this.deps.onQueued();
    return { message: M.explained, memo };
  }

  /**
   * The HOD of the memo's college and department closes an explained memo with a remark (not
   * necessarily the HOD who issued it: the department's HOD may have changed).
   */
  async close(actor: SessionActor, id: string, input: { remark?: string | undefined }, meta: Meta) {
    const { collegeId, departmentId } = actor;
    if (!canIssueMemos(actor) || !collegeId || !departmentId) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    const memo = await this.deps.db.transaction(async (tx) => {
      const scope = repo.memosWhere({ kind: 'department', collegeId, departmentId });
      const row = await repo.lockMemo(tx, scope, id);
      if (!row) throw AppError.notFound(M.notFound);
      if (row.status === 'issued') throw AppError.conflict(M.notExplained);
      if (row.status === 'closed') throw AppError.conflict(M.alreadyClosed);
      const remark = typed(input.remark);
      if (!remark) throw AppError.validation(M.remarkRequired, { remark: M.remarkRequired });

      const updated = await repo.updateMemo(tx, row.id, {
        status: 'closed',
        remark,
        closedById: actor.id,
        closedAt: this.now(),
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'memo.close',
        entity: 'memo',
        entityId: row.id,
        collegeId: row.collegeId,
        before: auditState(row),
        after: auditState(updated),
        ip: meta.ip,
      });
      // Closed: the other HODs' notices of the explanation are handled (issue 28).
      await markSubjectsRead(tx, [row.id]);
      const student = await repo.findRecipient(tx, row.studentId);
      if (student) {
        await notify(tx, {
          toId: student.id,
          fromId: actor.id,
          description: MEMO_NOTICES.closed(row.memoNumber, actor.name),
          url: memoUrl(row),
          collegeId: student.collegeId,
        });
        await enqueueMail(
          tx,
          closedMail({ to: student, memo: row, closedBy: actor.name, appUrl: this.deps.appUrl }),
        );
      }
      return this.reload(tx, row.id);
    });
    this.deps.onQueued();
    return { message: M.closed, memo };
  }

  /** A memo just written, as the answer shows it. */
  private async reload(tx: Tx, id: string): Promise<Memo> {
    const row = await repo.findMemo(tx, sql`true`, id);
    if (!row) throw AppError.notFound(M.notFound);
    return toMemo(row);
  }
}
