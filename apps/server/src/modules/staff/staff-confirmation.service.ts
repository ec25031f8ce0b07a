import {
  type Actor,
  type ConfirmationCandidate,
  canConfirmAnyStaff,
  canConfirmStaff,
  canManageDepartmentStaff,
  isMaster,
} from '@pgel/shared/auth/policies';
import type { StaffRole } from '@pgel/shared/roles';
import { isUuid, type MessageResponse } from '@pgel/shared/schemas/common';
import {
  CONFIRMATION_TEXT,
  type ConfirmationKind,
  CONFIRMATION_MESSAGES as M,
  type StaffConfirmationInput,
  type ToConfirmItem,
} from '@pgel/shared/schemas/staff-confirmation';
import type { Tx } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
// Sessions are the auth module's rows; a declined account is signed out here.
import * as accounts from '../auth/auth.repository';
import { markSubjectsRead, notify } from '../people/notifications.service';
import { decisionMailToAccount, decisionMailToProposer, proposedMail } from './staff-confirmation.mail';
import * as repo from './staff-confirmation.repository';

type Meta = { ip: string };

/** Where the HOD confirms (the To confirm list), and where the proposer sees the outcome. */
const TO_CONFIRM_PAGE = '/allStaff';
const PROPOSER_PAGE: Record<ConfirmationKind, string> = { teacher: '/profile', coordinator: '/drp/home' };

const kindOf = (role: string | null): ConfirmationKind =>
  role === 'drp_coordinator' ? 'coordinator' : 'teacher';

/**
 * Verifiers confirmed by someone other than the student (issue 27, docs/decisions/016): the To
 * confirm list and the decision. A teacher a student proposed is confirmed by the HOD of its
 * department or Master; a DRP coordinator a student named by the HOD or faculty of a posted
 * resident's department, or Master. Each decision is audited and told to the account and to the
 * student who proposed it, in the app and by mail, in the decision's transaction.
 */
export class StaffConfirmationService {
  constructor(private readonly deps: QueueingDeps) {}

  /** The accounts waiting for the caller: Master all, an HOD their department's, faculty their residents' coordinators. */
  async listToConfirm(actor: Actor): Promise<{ items: ToConfirmItem[] }> {
    if (!canConfirmAnyStaff(actor)) throw AppError.forbidden();
    const scope: repo.ConfirmationScope =
      isMaster(actor) || !actor.collegeId || !actor.departmentId
        ? { kind: 'all' }
        : {
            kind: 'department',
            collegeId: actor.collegeId,
            departmentId: actor.departmentId,
            teachers: canManageDepartmentStaff(actor),
          };
    const [teachers, postings] = await Promise.all([
      repo.listAwaitingTeachers(this.deps.db, scope),
      repo.listAwaitingCoordinatorPostings(this.deps.db, scope),
    ]);
    const items: ToConfirmItem[] = teachers.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role as StaffRole,
      kind: 'teacher',
      proposedBy: row.proposerId && row.proposerName ? { id: row.proposerId, name: row.proposerName } : null,
      proposedAt: row.createdAt.toISOString(),
      where: row.departmentName && row.collegeName ? `${row.departmentName}, ${row.collegeName}` : null,
      residents: row.proposerName ? [row.proposerName] : [],
    }));
    const coordinators = new Map<string, ToConfirmItem>();
    for (const row of postings) {
      const item = coordinators.get(row.id) ?? {
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        role: row.role as StaffRole,
        kind: 'coordinator' as const,
        proposedBy:
          row.proposerId && row.proposerName ? { id: row.proposerId, name: row.proposerName } : null,
        proposedAt: row.createdAt.toISOString(),
        where: row.institutionName,
        residents: [],
      };
      if (!item.residents.includes(row.residentName)) item.residents.push(row.residentName);
      coordinators.set(row.id, item);
    }
    return { items: [...items, ...coordinators.values()] };
  }

  /** Confirm or decline one awaiting account; 409 when it is not awaiting (any more). */
  async decide(
    actor: SessionActor,
    id: string,
    input: StaffConfirmationInput,
    meta: Meta,
  ): Promise<MessageResponse> {
    if (!canConfirmAnyStaff(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    const confirmed = input.decision === 'confirm';
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.lockCandidate(tx, id.toLowerCase());
      if (!row) throw AppError.notFound(M.notFound);
      const kind = kindOf(row.role);
      const candidate: ConfirmationCandidate = {
        kind,
        collegeId: row.collegeId,
        departmentId: row.departmentId,
        residentPlacements: kind === 'coordinator' ? await repo.residentPlacementsOf(tx, row.id) : [],
      };
      if (!canConfirmStaff(actor, candidate)) {
        // Staff of the caller's own department are theirs to know of; anyone else is not found.
        const ownDepartment = row.collegeId === actor.collegeId && row.departmentId === actor.departmentId;
        throw ownDepartment ? AppError.forbidden() : AppError.notFound(M.notFound);
      }
      if (row.confirmation !== 'awaiting') throw AppError.conflict(M.notAwaiting);
      const now = new Date();
      await repo.setConfirmation(tx, row.id, {
        confirmation: confirmed ? 'confirmed' : 'declined',
        confirmedById: actor.id,
        confirmedAt: now,
      });
      if (!confirmed) await accounts.deleteSessionsOfUser(tx, row.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: confirmed ? 'staff.confirm' : 'staff.decline',
        entity: 'user',
        entityId: row.id,
        collegeId: row.collegeId,
        ip: meta.ip,
        before: { confirmation: row.confirmation },
        after: { confirmation: confirmed ? 'confirmed' : 'declined', kind },
      });
      // Decided: the other confirmers' notices of the proposal are handled (issue 28).
      await markSubjectsRead(tx, [row.id]);
      await this.tellDecision(tx, actor, { ...row, kind }, confirmed);
    });
    this.deps.onQueued();
    return { message: confirmed ? M.confirmed : M.declined };
  }

  /** The account and the student who proposed it, in the app and by mail. */
  private async tellDecision(
    tx: Tx,
    actor: SessionActor,
    account: {
      id: string;
      name: string;
      email: string;
      collegeId: string | null;
      addedById: string | null;
      kind: ConfirmationKind;
    },
    confirmed: boolean,
  ) {
    await notify(tx, {
      toId: account.id,
      fromId: actor.id,
      description: confirmed
        ? CONFIRMATION_TEXT.accountConfirmed(actor.name)
        : CONFIRMATION_TEXT.accountDeclined(actor.name),
      url: '/dashboard',
      collegeId: account.collegeId,
    });
    await enqueueMail(
      tx,
      decisionMailToAccount({
        to: account.email,
        name: account.name,
        byName: actor.name,
        confirmed,
        appUrl: this.deps.appUrl,
      }),
    );
    const [proposer] = account.addedById ? await repo.namesOf(tx, [account.addedById]) : [];
    if (!proposer || proposer.id === actor.id) return;
    await notify(tx, {
      toId: proposer.id,
      fromId: actor.id,
      description: confirmed
        ? CONFIRMATION_TEXT.proposerConfirmed(actor.name, account.name)
        : CONFIRMATION_TEXT.proposerDeclined(actor.name, account.name),
      url: PROPOSER_PAGE[account.kind],
      collegeId: account.collegeId,
    });
    await enqueueMail(
      tx,
      decisionMailToProposer({
        to: proposer.email,
        name: proposer.name,
        byName: actor.name,
        candidateName: account.name,
        confirmed,
      }),
    );
  }
}

/**
 * Tells the HODs who confirm a new awaiting account (the department's for a teacher, the posted
 * resident's for a coordinator), in the app and by mail, inside the transaction that created it.
 */
export async function tellConfirmers(
  tx: Tx,
  deps: Pick<QueueingDeps, 'appUrl'>,
  input: {
    candidate: { id: string; name: string };
    proposer: { id: string; name: string };
    kind: ConfirmationKind;
    placement: { collegeId: string; departmentId: string };
  },
): Promise<void> {
  const hods = await repo.confirmersOf(tx, [input.placement]);
  for (const hod of hods) {
    await notify(tx, {
      toId: hod.id,
      fromId: input.proposer.id,
      description: CONFIRMATION_TEXT.proposed(input.proposer.name, input.candidate.name, input.kind),
      url: TO_CONFIRM_PAGE,
      subjectId: input.candidate.id,
      collegeId: hod.collegeId,
    });
    await enqueueMail(
      tx,
      proposedMail({
        to: hod.email,
        hodName: hod.name,
        studentName: input.proposer.name,
        candidateName: input.candidate.name,
        kind: input.kind,
        appUrl: deps.appUrl,
      }),
    );
  }
}
