import {
  type Actor,
  canAddTeachers,
  canAdministerStaff,
  canChangeStaffStatus,
  canEditStaffMember,
  canManageDepartmentStaff,
  isStudent,
} from '@pgel/shared/auth/policies';
import { isTeachingRole, type StaffRole } from '@pgel/shared/roles';
import { isUuid, type MessageResponse } from '@pgel/shared/schemas/common';
import type { ListResponse } from '@pgel/shared/schemas/list';
import {
  ADD_HOD_MESSAGES,
  type AddHodInput,
  type AddStaffInput,
  type AddTeacherInput,
  type AssignableStudent,
  type AssignStudentsInput,
  type EditStaffInput,
  type ListStaffQuery,
  STAFF_MESSAGES as M,
  type MyTeacher,
  type SetStaffStatusInput,
  STAFF_ACCOUNT_TEXT,
  type StaffListItem,
  staffStatusOf,
  TEACHER_MESSAGES,
  TEACHER_ROLE,
  withIndianCountryCode,
} from '@pgel/shared/schemas/staff-admin';
import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { type AuditEntry, writeAudit, writeAudits } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import { listPage } from '../../platform/list';
import { enqueueMail } from '../../platform/mail';
import { queueMessage } from '../../platform/notifier';
import { hashPassword, hashToken, newTemporaryPassword, newToken } from '../../platform/secrets';
import type { SessionActor } from '../../platform/session';
// Accounts (users, tokens, sessions) are the auth module's rows; staff only decides who and where.
import * as accounts from '../auth/auth.repository';
import { STAFF_VERIFY_DAYS, staffCredentialsMail } from './staff.mail';
import * as repo from './staff.repository';

type Meta = { ip: string };
type Placement = { collegeId: string; departmentId: string };
/** A new staff account: what the form gave plus where it belongs. */
type NewAccount = Placement & { name: string; email: string; phone: string; role: StaffRole };

const VERIFY_TOKEN_MS = STAFF_VERIFY_DAYS * 24 * 60 * 60 * 1000;

/**
 * Whose staff a caller manages (DESIGN.md section 4): Master every staff member but other
 * Masters (optionally one college's), an HOD their own college and department's, anyone else nobody.
 */
export function staffScopeFor(actor: Actor, collegeId?: string): repo.StaffScope {
  if (canAdministerStaff(actor)) return { kind: 'all', collegeId };
  if (canManageDepartmentStaff(actor) && actor.collegeId && actor.departmentId) {
    return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  return { kind: 'none' };
}

/** An HOD's own college and department, from the session (never from the body). */
function ownPlacement(actor: Actor): Placement | undefined {
  if (!canManageDepartmentStaff(actor) || !actor.collegeId || !actor.departmentId) return undefined;
  return { collegeId: actor.collegeId, departmentId: actor.departmentId };
}

/** A loaded row as the policies see it. */
function member(row: repo.UserRow) {
  return {
    id: row.id,
    role: row.role as StaffRole | null,
    collegeId: row.collegeId,
    departmentId: row.departmentId,
  };
}

/** What the audit log keeps of a staff member: never the password hash. */
function auditView(row: repo.UserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    collegeId: row.collegeId,
    departmentId: row.departmentId,
    verified: row.emailVerifiedAt !== null,
    blocked: row.blocked,
    addedById: row.addedById,
  };
}

function toMyTeacher(row: {
  id: string;
  name: string;
  email: string;
  role: string | null;
  emailVerifiedAt: Date | null;
  blocked: boolean;
}): MyTeacher {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as StaffRole,
    status: staffStatusOf({ verified: row.emailVerifiedAt !== null, blocked: row.blocked }),
  };
}

/**
 * Staff administration (spec 03 sections 2, 5, 6, 8): /allStaff for an HOD, /allHod (All
 * Staffs) for Master, the footer Add HOD, Assign Students, and students adding their teachers
 * (spec 01 section 1, step 3). Every change is checked on the loaded, locked row, written in one
 * transaction with its audit row, and its mail and messages are queued in that transaction.
 */
export class StaffService {
  constructor(
    private readonly deps: {
      db: Database;
      appUrl: string;
      /** Called after a commit that queued mail or messages, to send them soon. */
      onQueued: () => void;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** The staff list: one query for the page and one for the count, both scoped in SQL. */
  async list(actor: Actor, query: ListStaffQuery): Promise<ListResponse<StaffListItem>> {
    const master = canAdministerStaff(actor);
    if (!master && !canManageDepartmentStaff(actor)) throw AppError.forbidden();
    const filters: Array<SQL | undefined> = [
      repo.staffWhere(staffScopeFor(actor, master ? query.collegeId : undefined)),
    ];
    if (query.role) filters.push(eq(users.role, query.role));
    // The registration date is Master's column; nobody else may even sort by it.
    const sortable: Record<string, AnyColumn> = master
      ? { name: users.name, role: users.role, createdAt: users.createdAt }
      : { name: users.name, role: users.role };
    const page = await listPage(query, repo.staffListQueries(this.db), {
      where: and(...filters),
      searchIn: repo.staffListColumns.search,
      sortable,
      defaultSort: 'name',
      defaultOrder: 'asc',
      tieBreaker: repo.staffListColumns.tieBreaker,
    });
    return {
      ...page,
      items: page.items.map(
        ({ emailVerifiedAt, identityId, identityContentType, createdAt, role, ...row }) => ({
          ...row,
          role: role as StaffRole,
          verified: emailVerifiedAt !== null,
          identityUrl: master && identityId ? fileUrl(identityId) : null,
          identityContentType: master && identityId ? identityContentType : null,
          createdAt: master ? createdAt.toISOString() : null,
        }),
      ),
    };
  }

  /**
   * Add Staff. An HOD adds to their own college and department (whatever the body names); Master
   * names both, and the department must be one the college runs.
   */
  async addStaff(
    actor: SessionActor,
    input: AddStaffInput,
    meta: Meta,
  ): Promise<{ message: string; id: string }> {
    let placement = ownPlacement(actor);
    if (!placement) {
      if (!canAdministerStaff(actor)) throw AppError.forbidden();
      if (!input.collegeId || !input.departmentId) throw AppError.validation(M.selectCollege);
      if (!(await repo.isDepartmentOfCollege(this.db, input.collegeId, input.departmentId))) {
        throw AppError.validation(M.departmentNotInCollege);
      }
      placement = { collegeId: input.collegeId, departmentId: input.departmentId };
    }
    const account = {
      ...placement,
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
    };
    await this.requireFreeEmail(account.email, M.emailTaken);
    const created = await this.createAccount(actor, account, meta, { action: 'staff.create' });
    if (!created) throw AppError.conflict(M.emailTaken);
    return { message: M.added, id: created.id };
  }

  /** The footer Add HOD: another HOD of the caller's own college and department. */
  async addHod(
    actor: SessionActor,
    input: AddHodInput,
    meta: Meta,
  ): Promise<{ message: string; id: string }> {
    const placement = ownPlacement(actor);
    if (!placement) throw AppError.forbidden();
    const account = {
      ...placement,
      name: input.name,
      email: input.email,
      phone: withIndianCountryCode(input.phone),
      role: 'hod' as const,
    };
    await this.requireFreeEmail(account.email, M.emailTaken);
    const created = await this.createAccount(actor, account, meta, { action: 'staff.create' });
    if (!created) throw AppError.conflict(M.emailTaken);
    return { message: ADD_HOD_MESSAGES.added, id: created.id };
  }

  /** Edit Staff: name, phone and status. Blocking ends the member's sessions; nobody blocks themselves. */
  async edit(actor: Actor, staffId: string, input: EditStaffInput, meta: Meta): Promise<MessageResponse> {
    this.requireStaffAdmin(actor);
    await this.db.transaction(async (tx) => {
      const before = await this.loadInScope(tx, actor, staffId);
      if (!canEditStaffMember(actor, member(before))) throw AppError.forbidden();
      const blocked = !input.active;
      if (blocked !== before.blocked && !canChangeStaffStatus(actor, member(before))) {
        throw AppError.forbidden(M.ownStatus);
      }
      const after = { ...before, name: input.name, phone: input.phone, blocked };
      if (after.name === before.name && after.phone === before.phone && blocked === before.blocked) return;
      await accounts.updateUser(tx, before.id, { name: after.name, phone: after.phone, blocked });
      if (blocked && !before.blocked) await accounts.deleteSessionsOfUser(tx, before.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'staff.update',
        entity: 'user',
        entityId: before.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        before: auditView(before),
        after: auditView(after),
      });
    });
    return { message: M.updated };
  }

  /**
   * Block / unblock (HOD) and the verify toggle (Master). `active: false` blocks and ends the
   * member's sessions; `active: true` unblocks and, from Master, verifies an unverified account.
   */
  async setStatus(
    actor: Actor,
    staffId: string,
    input: SetStaffStatusInput,
    meta: Meta,
  ): Promise<MessageResponse> {
    this.requireStaffAdmin(actor);
    await this.db.transaction(async (tx) => {
      const before = await this.loadInScope(tx, actor, staffId);
      if (!canEditStaffMember(actor, member(before))) throw AppError.forbidden();
      if (!canChangeStaffStatus(actor, member(before))) throw AppError.forbidden(M.ownStatus);
      const values: Partial<typeof users.$inferInsert> = {};
      const actions: string[] = [];
      if (input.active === before.blocked) {
        values.blocked = !input.active;
        actions.push(input.active ? 'staff.unblock' : 'staff.block');
      }
      if (input.active && canAdministerStaff(actor) && before.emailVerifiedAt === null) {
        values.emailVerifiedAt = new Date();
        actions.push('staff.verify');
      }
      if (actions.length === 0) return;
      await accounts.updateUser(tx, before.id, values);
      if (values.blocked === true) await accounts.deleteSessionsOfUser(tx, before.id);
      const after = auditView({ ...before, ...values } as repo.UserRow);
      await writeAudits(
        tx,
        actions.map(
          (action): AuditEntry => ({
            actorId: actor.id,
            action,
            entity: 'user',
            entityId: before.id,
            collegeId: before.collegeId,
            ip: meta.ip,
            before: auditView(before),
            after,
          }),
        ),
      );
    });
    return { message: M.statusUpdated };
  }

  /** Sets a staff member's password (Master) and signs them out everywhere. */
  async resetPassword(
    actor: Actor,
    staffId: string,
    input: { newPassword: string },
    meta: Meta,
  ): Promise<MessageResponse> {
    if (!canAdministerStaff(actor)) throw AppError.forbidden();
    if (!isUuid(staffId)) throw AppError.notFound(M.notFound);
    // Hash before the transaction: argon2 takes tens of milliseconds and PGlite has one connection.
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      const before = await this.loadInScope(tx, actor, staffId);
      if (!canEditStaffMember(actor, member(before))) throw AppError.forbidden();
      await accounts.updateUser(tx, before.id, { passwordHash });
      await accounts.deleteSessionsOfUser(tx, before.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'staff.password.reset',
        entity: 'user',
        entityId: before.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        // auditView leaves the hash out; the action says the password changed.
        before: auditView(before),
        after: auditView(before),
      });
    });
    return { message: M.passwordReset };
  }

  /** The Assign Students choices: every live student of the member's college and department. */
  async assignableStudents(actor: Actor, staffId: string): Promise<{ items: AssignableStudent[] }> {
    if (!canManageDepartmentStaff(actor)) throw AppError.forbidden();
    if (!isUuid(staffId)) throw AppError.notFound(M.notFound);
    const staff = await repo.findStaff(this.db, staffScopeFor(actor), staffId);
    if (!staff) throw AppError.notFound(M.notFound);
    if (!canEditStaffMember(actor, member(staff))) throw AppError.forbidden();
    return { items: await repo.assignableStudents(this.db, staff, staff.id) };
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
    await this.db.transaction(async (tx) => {
      const staff = await this.loadInScope(tx, actor, staffId);
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

  /** A student's own teachers: added by them or assigned by the HOD. */
  async myTeachers(actor: Actor): Promise<{ items: MyTeacher[] }> {
    if (!isStudent(actor)) throw AppError.forbidden();
    const rows = await repo.teachersOfStudent(this.db, actor.id);
    return { items: rows.map(toMyTeacher) };
  }

  /**
   * A student adds a teacher. A new address becomes a professor's account in the student's
   * college and department (no HOD step), linked to the student; the address of a staff member
   * of that same department is only linked; any other account's address is refused.
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
    if (!(await repo.findAnyUserByEmail(this.db, input.email))) {
      const account = {
        ...placement,
        name: input.name,
        email: input.email,
        phone: withIndianCountryCode(input.phone),
        role: TEACHER_ROLE,
      };
      const created = await this.createAccount(actor, account, meta, {
        action: 'teacher.add',
        linkStudentId: actor.id,
      });
      if (created) return { created: true, teacher: toMyTeacher(created) };
      // Someone took the address meanwhile: link it if it is a teacher of this department.
    }
    const teacher = await this.db.transaction(async (tx) => {
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

  private requireStaffAdmin(actor: Actor) {
    if (!canAdministerStaff(actor) && !canManageDepartmentStaff(actor)) throw AppError.forbidden();
  }

  /** 409 before spending a password hash; the unique index decides in the end. */
  private async requireFreeEmail(email: string, message: string) {
    if (await repo.findAnyUserByEmail(this.db, email)) throw AppError.conflict(message);
  }

  /**
   * Creates a staff account with a temporary password, in one transaction: the user (added by
   * `adder`), its /verifyStaff token (7 days), for a teacher the link to the student, the
   * credentials e-mail, the messaging-app message (never the password) and the audit row.
   * Undefined when the address was taken meanwhile (users_email_idx).
   */
  private async createAccount(
    adder: SessionActor,
    account: NewAccount,
    meta: Meta,
    options: { action: string; linkStudentId?: string },
  ): Promise<repo.UserRow | undefined> {
    const { db } = this;
    const names = await repo.placementNames(db, account.collegeId, account.departmentId);
    if (!names) throw AppError.validation(M.selectCollege);
    const temporaryPassword = newTemporaryPassword();
    // Outside the transaction: argon2 is slow, and on PGlite (one connection) a query on `db`
    // inside the transaction would wait for the transaction itself.
    const passwordHash = await hashPassword(temporaryPassword);
    const referralId = await accounts.allocateReferralId(db);
    const token = newToken();
    let created: repo.UserRow;
    try {
      created = await db.transaction(async (tx) => {
        const user = await accounts.insertUser(tx, {
          name: account.name,
          email: account.email,
          phone: account.phone,
          passwordHash,
          role: account.role,
          referralId,
          collegeId: account.collegeId,
          departmentId: account.departmentId,
          addedById: adder.id,
        });
        await accounts.insertToken(tx, {
          tokenHash: hashToken(token),
          purpose: 'verify_email',
          userId: user.id,
          expiresAt: new Date(Date.now() + VERIFY_TOKEN_MS),
        });
        if (options.linkStudentId) {
          await repo.linkTeacher(tx, {
            staffId: user.id,
            studentId: options.linkStudentId,
            assignedById: adder.id,
          });
        }
        await enqueueMail(
          tx,
          staffCredentialsMail({
            to: user.email,
            name: user.name,
            addedBy: adder.name,
            role: account.role,
            collegeName: names.collegeName,
            departmentName: names.departmentName,
            temporaryPassword,
            appUrl: this.deps.appUrl,
            verifyToken: token,
          }),
        );
        await queueMessage(tx, { toPhone: account.phone, text: STAFF_ACCOUNT_TEXT.message(adder.name) });
        await writeAudit(tx, {
          actorId: adder.id,
          action: options.action,
          entity: 'user',
          entityId: user.id,
          collegeId: user.collegeId,
          ip: meta.ip,
          after: options.linkStudentId
            ? { ...auditView(user), studentId: options.linkStudentId }
            : auditView(user),
        });
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_idx')) return undefined;
      throw err;
    }
    this.deps.onQueued();
    return created;
  }

  /** The staff member, locked; 404 for a malformed id or anyone outside the caller's scope alike. */
  private async loadInScope(tx: Tx, actor: Actor, staffId: string): Promise<repo.UserRow> {
    if (!isUuid(staffId)) throw AppError.notFound(M.notFound);
    const row = await repo.lockStaff(tx, staffScopeFor(actor), staffId);
    if (!row) throw AppError.notFound(M.notFound);
    return row;
  }
}
