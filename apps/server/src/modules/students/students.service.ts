import {
  type Actor,
  canAdministerStudents,
  canVerifyStudent,
  isMaster,
  isStaff,
} from '@pgel/shared/auth/policies';
import { bonafideMissingFields } from '@pgel/shared/reports/bonafide';
import { isUuid, type MessageResponse } from '@pgel/shared/schemas/common';
import type { ListResponse } from '@pgel/shared/schemas/list';
import {
  type BulkVerifyInput,
  type ListStudentsQuery,
  STUDENT_ADMIN_MESSAGES as M,
  type StudentListItem,
} from '@pgel/shared/schemas/students-admin';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { type AuditEntry, writeAudit, writeAudits } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import { listPage } from '../../platform/list';
import { enqueueMail, type MailMessage } from '../../platform/mail';
import { queueMessage } from '../../platform/notifier';
import { hashPassword } from '../../platform/secrets';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import { passwordSetByMasterMail } from '../auth/auth.mail';
// Sessions are the auth module's rows, as for staff accounts.
import * as accounts from '../auth/auth.repository';
import { markSubjectsRead, notify } from '../people/notifications.service';
import * as repo from './students.repository';

type Meta = { ip: string };
/** The approver as the student is told about them. */
type Approver = Actor & { name: string };

/** Whose students a caller sees (DESIGN.md section 4): Master all, other staff their department's. */
export function scopeFor(actor: Actor): repo.StudentScope {
  if (isMaster(actor)) return { kind: 'all' };
  return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
}

/** What the audit log keeps of a student: never the password hash. */
function auditView(row: repo.StudentRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    collegeId: row.collegeId,
    departmentId: row.departmentId,
    verifyByHod: row.verifyByHod,
    paid: row.paid,
    deletedAt: row.deletedAt,
  };
}

/**
 * /allStudent (spec 03 sections 2, 4-6, 8): the scoped student list, the verify toggle (a
 * teacher or HOD approving a student, spec 01 section 1 step 6) and the Master's tools. Every
 * change is checked on the loaded row, audited, and its notifications queued in its transaction.
 */
export class StudentsService {
  constructor(private readonly deps: QueueingDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** The student list: one query for the page and one for the count, both scoped in SQL. */
  async list(actor: Actor, query: ListStudentsQuery): Promise<ListResponse<StudentListItem>> {
    if (!isStaff(actor)) throw AppError.forbidden();
    // Every value a placeholder, so the list is built once per shape (platform/list.ts).
    const scoped = repo.studentScopeParameters(scopeFor(actor));
    const filters: Array<SQL | undefined> = [scoped.where];
    const values: Record<string, unknown> = { ...scoped.values };
    if (query.verified) {
      filters.push(eq(users.verifyByHod, sql.placeholder('verified')));
      values.verified = query.verified === 'true';
    }
    if (query.paid) {
      filters.push(eq(users.paid, sql.placeholder('paid')));
      values.paid = query.paid === 'true';
    }
    const shape = `students:${scoped.shape}:${query.verified ? 'verified' : ''}:${query.paid ? 'paid' : ''}`;
    const page = await listPage(query, () => repo.studentListQueries(this.db), {
      where: and(...filters),
      values,
      shape: { db: this.db, key: shape },
      searchIn: repo.studentListColumns.search,
      sortable: repo.studentListColumns.sortable,
      defaultSort: 'createdAt',
      defaultOrder: 'desc',
      tieBreaker: repo.studentListColumns.tieBreaker,
    });
    return {
      ...page,
      // Each field named: an object rest (`{ idProofId, ...row }`) made a slow dictionary object
      // per row and cost /allStudent 7 % of its CPU under load (a profile, issue 16).
      items: page.items.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        departmentName: row.departmentName,
        collegeName: row.collegeName,
        courseTitle: row.courseTitle,
        paid: row.paid,
        verifyByHod: row.verifyByHod,
        certified: row.certified,
        bonafideMissing: bonafideMissingFields(row),
        joiningDate: row.joiningDate,
        createdAt: row.createdAt.toISOString(),
        idProofUrl: row.idProofId ? fileUrl(row.idProofId) : null,
        idProofContentType: row.idProofId ? row.idProofContentType : null,
      })),
    };
  }

  /**
   * The Active / Ban toggle. Approving (false to true) tells the student in the app, by e-mail
   * and on the messaging app, all in the same transaction.
   */
  async setVerification(
    actor: SessionActor,
    studentId: string,
    input: { verifyByHod: boolean },
    meta: Meta,
  ): Promise<MessageResponse> {
    if (!isStaff(actor)) throw AppError.forbidden();
    await this.db.transaction(async (tx) => {
      const before = await this.loadInScope(tx, actor, studentId);
      if (!canVerifyStudent(actor, before)) throw AppError.forbidden();
      if (before.verifyByHod === input.verifyByHod) return;
      await repo.updateStudents(tx, [before.id], { verifyByHod: input.verifyByHod });
      await writeAudit(tx, {
        actorId: actor.id,
        action: input.verifyByHod ? 'student.verify' : 'student.unverify',
        entity: 'user',
        entityId: before.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        before: auditView(before),
        after: auditView({ ...before, verifyByHod: input.verifyByHod }),
      });
      if (input.verifyByHod) {
        // The department's notices of the sign-up are handled (issue 28).
        await markSubjectsRead(tx, [before.id]);
        await this.tellApproved(tx, actor, before);
      }
    });
    this.deps.onQueued();
    return { message: M.activeBan };
  }

  /** Bulk verification (Master): only students not yet verified count and are told. */
  async bulkVerify(
    actor: SessionActor,
    input: BulkVerifyInput,
    meta: Meta,
  ): Promise<{ message: string; updatedCount: number }> {
    if (!canAdministerStudents(actor)) throw AppError.forbidden();
    const ids = [...new Set(input.studentIds.map((id) => id.toLowerCase()))];
    const updated = await this.db.transaction(async (tx) => {
      const rows = await repo.lockUnverifiedStudents(tx, ids);
      await repo.updateStudents(
        tx,
        rows.map((r) => r.id),
        { verifyByHod: true },
      );
      await writeAudits(
        tx,
        rows.map(
          (row): AuditEntry => ({
            actorId: actor.id,
            action: 'student.verify',
            entity: 'user',
            entityId: row.id,
            collegeId: row.collegeId,
            ip: meta.ip,
            before: auditView(row),
            after: auditView({ ...row, verifyByHod: true }),
          }),
        ),
      );
      await markSubjectsRead(
        tx,
        rows.map((r) => r.id),
      );
      for (const row of rows) await this.tellApproved(tx, actor, row);
      return rows.length;
    });
    if (updated > 0) this.deps.onQueued();
    return { message: M.bulkVerified(updated), updatedCount: updated };
  }

  /** Payment status (Master). */
  async setPayment(actor: Actor, studentId: string, input: { paid: boolean }, meta: Meta) {
    return this.masterChange(
      actor,
      studentId,
      meta,
      'student.payment',
      { paid: input.paid },
      M.paymentUpdated,
    );
  }

  /**
   * Deletes a student (Master): the row stays (its records are kept for audit) with deleted_at
   * set, which the login and the session check both refuse; its sessions end now.
   */
  async delete(actor: Actor, studentId: string, meta: Meta): Promise<MessageResponse> {
    return this.masterChange(actor, studentId, meta, 'student.delete', { deletedAt: new Date() }, M.deleted, {
      signOut: true,
      // Nobody need approve a deleted account: its sign-up notices are read (issue 28).
      handled: true,
    });
  }

  /**
   * Sets a new password for a student (Master), signs the student out everywhere and tells them
   * by e-mail (without the password).
   */
  async resetPassword(
    actor: Actor,
    studentId: string,
    input: { newPassword: string },
    meta: Meta,
  ): Promise<MessageResponse> {
    if (!canAdministerStudents(actor)) throw AppError.forbidden();
    if (!isUuid(studentId)) throw AppError.notFound(M.notFound);
    // Hash before the transaction: argon2 takes tens of milliseconds and PGlite has one connection.
    const passwordHash = await hashPassword(input.newPassword);
    return this.masterChange(
      actor,
      studentId,
      meta,
      'student.password.reset',
      // Master chose it: the student chooses their own at the next sign-in (issue 27).
      { passwordHash, mustChangePassword: true },
      M.passwordReset,
      {
        signOut: true,
        mail: (student) => passwordSetByMasterMail(student.email, student.name, `${this.deps.appUrl}/login`),
      },
    );
  }

  private async masterChange(
    actor: Actor,
    studentId: string,
    meta: Meta,
    action: string,
    values: Partial<typeof users.$inferInsert>,
    message: string,
    options: { signOut?: boolean; handled?: boolean; mail?: (student: repo.StudentRow) => MailMessage } = {},
  ): Promise<MessageResponse> {
    if (!canAdministerStudents(actor)) throw AppError.forbidden();
    await this.db.transaction(async (tx) => {
      const before = await this.loadInScope(tx, actor, studentId);
      await repo.updateStudents(tx, [before.id], values);
      if (options.signOut) await accounts.deleteSessionsOfUser(tx, before.id);
      if (options.handled) await markSubjectsRead(tx, [before.id]);
      await writeAudit(tx, {
        actorId: actor.id,
        action,
        entity: 'user',
        entityId: before.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        before: auditView(before),
        // auditView leaves the password hash out; the action says it changed.
        after: auditView({ ...before, ...values } as repo.StudentRow),
      });
      if (options.mail) await enqueueMail(tx, options.mail(before));
    });
    if (options.mail) this.deps.onQueued();
    return { message };
  }

  /** The student, locked; 404 for a malformed id or anyone outside the caller's scope alike. */
  private async loadInScope(tx: Tx, actor: Actor, studentId: string): Promise<repo.StudentRow> {
    if (!isUuid(studentId)) throw AppError.notFound(M.notFound);
    const row = await repo.lockStudent(tx, scopeFor(actor), studentId);
    if (!row) throw AppError.notFound(M.notFound);
    return row;
  }

  /** In-app notification, e-mail and messaging-app message to a newly approved student. */
  private async tellApproved(tx: Tx, approver: Approver, student: repo.StudentRow): Promise<void> {
    const text = M.approved(approver.name);
    await notify(tx, {
      toId: student.id,
      fromId: approver.id,
      description: text,
      url: '/dashboard',
      collegeId: student.collegeId,
    });
    await enqueueMail(tx, {
      to: student.email,
      subject: M.approvedTitle,
      text: `Dear ${student.name},\n\n${text}\n\nSign in: ${this.deps.appUrl}/login\n\nPG e-Logbook`,
    });
    if (student.phone)
      await queueMessage(tx, { toPhone: student.phone, text: `${M.approvedTitle}. ${text}` });
  }
}
