import { DRP_COORDINATOR_TEXT, DRP_MESSAGES as M } from '@pgel/shared/drp/postings';
import { TEN_DIGIT_PHONE, withIndianCountryCode } from '@pgel/shared/schemas/staff-admin';
import type { Executor, Tx } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { queueMessage } from '../../platform/notifier';
import { hashPassword, hashToken, newTemporaryPassword, newToken } from '../../platform/secrets';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
// Accounts (users, tokens) are the auth module's rows; DRP only decides when one is created.
import * as accounts from '../auth/auth.repository';
import { notify } from '../people/notifications.service';
import { tellConfirmers } from '../staff/staff-confirmation.service';
import {
  coordinatorCredentialsMail,
  DRP_ATTENDANCE_PAGE,
  DRPC_VERIFY_DAYS,
  displayDate,
  type PostedMail,
  postedMail,
} from './drp.mail';
import * as repo from './drp.repository';

const VERIFY_TOKEN_MS = DRPC_VERIFY_DAYS * 24 * 60 * 60 * 1000;

/**
 * Who supervises a new posting (docs/decisions/012): the coordinator of the institution's latest
 * posting by the same college when it has one; else the account of the e-mail when it is a coordinator's; else a new
 * account. An address of a student or other staff is `taken`: one person, one role.
 */
export type CoordinatorPlan =
  | { kind: 'existing'; account: repo.PersonRow }
  | { kind: 'new' }
  | { kind: 'taken' };

export async function planCoordinator(db: Executor, institutionId: string, collegeId: string, email: string) {
  const known = await repo.latestCoordinatorOf(db, institutionId, collegeId);
  if (known) return { kind: 'existing', account: known } satisfies CoordinatorPlan;
  const account = await repo.findAccountByEmail(db, email);
  if (!account) return { kind: 'new' } satisfies CoordinatorPlan;
  if (account.role === 'drp_coordinator' && account.deletedAt === null) {
    return { kind: 'existing', account } satisfies CoordinatorPlan;
  }
  return { kind: 'taken' } satisfies CoordinatorPlan;
}

/** A new account's password (plain for the mail, hashed for the row) and referral id. */
export type AccountSecrets = { temporaryPassword: string; passwordHash: string; referralId: string };

/**
 * Prepared before the transaction where possible: argon2 is slow, and on PGlite (one
 * connection) the transaction would hold every other request meanwhile.
 */
export async function prepareSecrets(db: Executor): Promise<AccountSecrets> {
  const temporaryPassword = newTemporaryPassword();
  return {
    temporaryPassword,
    passwordHash: await hashPassword(temporaryPassword),
    referralId: await accounts.allocateReferralId(db),
  };
}

/** A stored phone as the 10 digits the Add DRPC form shows, when it is an Indian number. */
export function tenDigitsOf(phone: string | null): string | null {
  if (!phone) return null;
  const compact = phone.replace(/[\s-]/g, '');
  if (TEN_DIGIT_PHONE.test(compact)) return compact;
  const bare = compact.replace(/^\+91/, '');
  return compact.startsWith('+91') && TEN_DIGIT_PHONE.test(bare) ? bare : compact;
}

type Meta = { ip: string };

/**
 * Creates a coordinator account inside the posting's transaction: the user (no college or
 * department, added by `adder`), its /verifyDRPC token, the credentials mail, the messaging-app
 * message (never the password) and the audit row. It chooses its own password at its first
 * sign-in; one a student named awaits confirmation by the HOD or faculty of the resident's
 * department, and the department's HODs are told (issue 27).
 */
export async function createCoordinatorAccount(
  tx: Tx,
  deps: QueueingDeps,
  adder: SessionActor,
  input: {
    name: string;
    email: string;
    phone: string;
    secrets: AccountSecrets;
    posting: PostedMail;
    /** The posted resident's college and department: whose staff confirm the account. */
    placement: { collegeId: string; departmentId: string };
  },
  meta: Meta,
): Promise<repo.PersonRow> {
  const namedByStudent = adder.role === null;
  const user = await accounts.insertUser(tx, {
    name: input.name,
    email: input.email,
    // Stored with the country code, as every staff phone is.
    phone: withIndianCountryCode(input.phone),
    passwordHash: input.secrets.passwordHash,
    role: 'drp_coordinator',
    referralId: input.secrets.referralId,
    collegeId: null,
    departmentId: null,
    addedById: adder.id,
    confirmation: namedByStudent ? 'awaiting' : 'confirmed',
    mustChangePassword: true,
  });
  const token = newToken();
  await accounts.insertToken(tx, {
    tokenHash: hashToken(token),
    purpose: 'verify_email',
    userId: user.id,
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_MS),
  });
  await enqueueMail(
    tx,
    coordinatorCredentialsMail({
      to: user.email,
      name: user.name,
      addedBy: adder.name,
      posting: input.posting,
      temporaryPassword: input.secrets.temporaryPassword,
      verifyToken: token,
      appUrl: deps.appUrl,
      awaitingConfirmation: namedByStudent,
    }),
  );
  if (namedByStudent) {
    await tellConfirmers(tx, deps, {
      candidate: user,
      proposer: adder,
      kind: 'coordinator',
      placement: input.placement,
    });
  }
  await queueMessage(tx, {
    // The stored number (+91…), as every other sender uses.
    toPhone: user.phone ?? input.phone,
    text: DRP_COORDINATOR_TEXT.message(input.posting.student, input.posting.institution),
  });
  await writeAudit(tx, {
    actorId: adder.id,
    action: 'drp.coordinator.create',
    entity: 'user',
    entityId: user.id,
    collegeId: null,
    ip: meta.ip,
    after: { name: user.name, email: user.email, phone: user.phone, role: user.role },
  });
  return { ...user, role: user.role ?? null };
}

/** Tells a coordinator, in the app and by e-mail, that a resident is posted to them. */
export async function tellCoordinator(
  tx: Tx,
  deps: QueueingDeps,
  from: SessionActor,
  coordinator: { id: string; name: string; email: string },
  posting: PostedMail,
  options: { mail: boolean },
): Promise<void> {
  await notify(tx, {
    toId: coordinator.id,
    fromId: from.id,
    description: DRP_COORDINATOR_TEXT.posted(
      posting.student,
      posting.institution,
      displayDate(posting.scheduleFrom),
      displayDate(posting.scheduleTo),
    ),
    url: DRP_ATTENDANCE_PAGE,
    collegeId: null,
  });
  if (options.mail) await enqueueMail(tx, postedMail({ to: coordinator, posting, appUrl: deps.appUrl }));
}

/** The account that supervises the posting, created when the plan says so; 409 for a taken address. */
export async function coordinatorFor(
  tx: Tx,
  deps: QueueingDeps,
  adder: SessionActor,
  input: {
    institutionId: string;
    /** The posted student's college: whose earlier postings may name the coordinator. */
    collegeId: string;
    /** The posted student's department: whose staff confirm a new account a student named. */
    departmentId: string;
    name: string;
    email: string;
    phone: string;
    posting: PostedMail;
    secrets?: AccountSecrets | undefined;
  },
  meta: Meta,
): Promise<{ account: repo.PersonRow; created: boolean }> {
  const plan = await planCoordinator(tx, input.institutionId, input.collegeId, input.email);
  if (plan.kind === 'taken') throw AppError.conflict(M.emailTaken);
  if (plan.kind === 'existing') return { account: plan.account, created: false };
  const secrets = input.secrets ?? (await prepareSecrets(tx));
  const placement = { collegeId: input.collegeId, departmentId: input.departmentId };
  const account = await createCoordinatorAccount(tx, deps, adder, { ...input, secrets, placement }, meta);
  return { account, created: true };
}
