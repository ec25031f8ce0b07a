import {
  type Actor,
  canAdministerStaff,
  canChangeStaffStatus,
  canEditStaffMember,
  canManageDepartmentStaff,
} from '@pgel/shared/auth/policies';
import type { StaffRole } from '@pgel/shared/roles';
import { isUuid, type MessageResponse } from '@pgel/shared/schemas/common';
import type { ListResponse } from '@pgel/shared/schemas/list';
import {
  ADD_HOD_MESSAGES,
  type AddHodInput,
  type AddStaffInput,
  type EditStaffInput,
  type ListStaffQuery,
  STAFF_MESSAGES as M,
  type SetStaffStatusInput,
  type StaffListItem,
  withIndianCountryCode,
} from '@pgel/shared/schemas/staff-admin';
import type { StaffConfirmation } from '@pgel/shared/schemas/staff-confirmation';
import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { type AuditEntry, writeAudit, writeAudits } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import { listPage } from '../../platform/list';
import { enqueueMail } from '../../platform/mail';
import { hashPassword } from '../../platform/secrets';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import { passwordSetByMasterMail } from '../auth/auth.mail';
import * as accounts from '../auth/auth.repository';
import { ReferenceService } from '../reference/reference.service';
import { createStaffAccount, type NewAccount, requireFreeEmail } from './new-staff-account';
import * as repo from './staff.repository';
import { auditView, loadStaffInScope, type Meta, member, ownPlacement, staffScopeFor } from './staff-rules';

function requireStaffAdmin(actor: Actor) {
  if (!canAdministerStaff(actor) && !canManageDepartmentStaff(actor)) throw AppError.forbidden();
}

/**
 * Staff accounts (spec 03 sections 2, 5, 6, 8): the /allStaff list for an HOD and /allHod (All
 * Staffs) for Master, Add Staff, the footer Add HOD, Edit Staff, block / unblock / verify and the
 * Master's password reset. Every change is checked on the loaded, locked row and written in one
 * transaction with its audit row.
 */
export class StaffAccountsService {
  private readonly reference: ReferenceService;

  constructor(private readonly deps: QueueingDeps) {
    this.reference = new ReferenceService(deps.db);
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
    const page = await listPage(query, repo.staffListQueries(this.deps.db), {
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
        ({ emailVerifiedAt, identityId, identityContentType, createdAt, role, confirmation, ...row }) => ({
          ...row,
          role: role as StaffRole,
          confirmation: confirmation as StaffConfirmation,
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
      if (!(await this.reference.runsDepartment(input.collegeId, input.departmentId))) {
        throw AppError.validation(M.departmentNotInCollege);
      }
      placement = { collegeId: input.collegeId, departmentId: input.departmentId };
    }
    const { name, email, phone, role } = input;
    return this.add(actor, { ...placement, name, email, phone, role }, meta, M.added);
  }

  /** The footer Add HOD: another HOD of the caller's own college and department. */
  async addHod(
    actor: SessionActor,
    input: AddHodInput,
    meta: Meta,
  ): Promise<{ message: string; id: string }> {
    const placement = ownPlacement(actor);
    if (!placement) throw AppError.forbidden();
    const phone = withIndianCountryCode(input.phone);
    const account = { ...placement, name: input.name, email: input.email, phone, role: 'hod' as const };
    return this.add(actor, account, meta, ADD_HOD_MESSAGES.added);
  }

  /** Edit Staff: name, phone and status. Blocking ends the member's sessions; nobody blocks themselves. */
  async edit(actor: Actor, staffId: string, input: EditStaffInput, meta: Meta): Promise<MessageResponse> {
    requireStaffAdmin(actor);
    await this.deps.db.transaction(async (tx) => {
      const before = await loadStaffInScope(tx, actor, staffId);
      if (!canEditStaffMember(actor, member(before))) throw AppError.forbidden();
      const blocked = !input.active;
      if (blocked !== before.blocked && !canChangeStaffStatus(actor, member(before))) {
        throw AppError.forbidden(M.ownStatus);
      }
      const after = { ...before, name: input.name, phone: input.phone, blocked };
      if (after.name === before.name && after.phone === before.phone && blocked === before.blocked) return;
      await accounts.updateUser(tx, before.id, { name: after.name, phone: after.phone, blocked });
      if (blocked && !before.blocked) await accounts.deleteSessionsOfUser(tx, before.id);
      await writeAudit(tx, changed(actor, meta, 'staff.update', before, after));
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
    requireStaffAdmin(actor);
    await this.deps.db.transaction(async (tx) => {
      const before = await loadStaffInScope(tx, actor, staffId);
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
      const after = { ...before, ...values } as repo.UserRow;
      await writeAudits(
        tx,
        actions.map((action) => changed(actor, meta, action, before, after)),
      );
    });
    return { message: M.statusUpdated };
  }

  /**
   * Sets a staff member's password (Master), signs them out everywhere and tells them by e-mail
   * (without the password).
   */
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
    await this.deps.db.transaction(async (tx) => {
      const before = await loadStaffInScope(tx, actor, staffId);
      if (!canEditStaffMember(actor, member(before))) throw AppError.forbidden();
      // Master chose it: the owner chooses their own at the next sign-in (issue 27).
      await accounts.updateUser(tx, before.id, { passwordHash, mustChangePassword: true });
      await accounts.deleteSessionsOfUser(tx, before.id);
      // auditView leaves the hash out; the action says the password changed.
      await writeAudit(tx, changed(actor, meta, 'staff.password.reset', before, before));
      await enqueueMail(
        tx,
        passwordSetByMasterMail(before.email, before.name, `${this.deps.appUrl}/staffLogin`),
      );
    });
    this.deps.onQueued();
    return { message: M.passwordReset };
  }

  /** Add Staff and Add HOD: a free address gets a new account, mailed its credentials. */
  private async add(actor: SessionActor, account: NewAccount, meta: Meta, message: string) {
    await requireFreeEmail(this.deps, account.email, M.emailTaken);
    const created = await createStaffAccount(this.deps, actor, account, meta, { action: 'staff.create' });
    if (!created) throw AppError.conflict(M.emailTaken);
    return { message, id: created.id };
  }
}

/** The audit row of a change to a staff member, before and after (never the password hash). */
function changed(
  actor: Actor,
  meta: Meta,
  action: string,
  before: repo.UserRow,
  after: repo.UserRow,
): AuditEntry {
  return {
    actorId: actor.id,
    action,
    entity: 'user',
    entityId: before.id,
    collegeId: before.collegeId,
    ip: meta.ip,
    before: auditView(before),
    after: auditView(after),
  };
}
