import { type LoginKind, loginKindFor } from '@pgel/shared/auth/policies';
import type { StaffRole } from '@pgel/shared/roles';
import {
  CHANGE_PASSWORD_MESSAGES,
  type ChangePasswordInput,
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  type LoginInput,
  RESET_PASSWORD_MESSAGES,
  type ResetPasswordInput,
  VERIFY_MESSAGES,
} from '@pgel/shared/schemas/auth';
import { NOTIFICATION_TEXT } from '@pgel/shared/schemas/notifications';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { SIGNUP_MESSAGES, type SignupInput } from '@pgel/shared/schemas/signup';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/secrets';
import { createSession, type SessionActor, type SessionSettings } from '../../platform/session';
import { tellApproversOfSignup } from '../people/awaiting-approval';
import { notify } from '../people/notifications.service';
import type { ReferenceService } from '../reference/reference.service';
import { passwordResetMail, type VerifyPage, verificationMail } from './auth.mail';
import * as repo from './auth.repository';
import { type LoginSlowdown, LoginThrottle } from './login-throttle';

const VERIFY_TOKEN_MS = 48 * 60 * 60 * 1000;
const RESET_TOKEN_MS = 60 * 60 * 1000;
const MAX_RESET_MAILS_PER_HOUR = 3;

// Verifying against a real hash when the address is unknown keeps the answer time the same,
// so timing does not tell which addresses have accounts.

export type RequestMeta = { ip: string; userAgent: string | undefined };

export type AuthDeps = {
  db: Database;
  reference: ReferenceService;
  sessionSettings: SessionSettings;
  appUrl: string;
  /** Called after a transaction that queued mail has committed. */
  onMailQueued: () => void;
  /** How hot accounts are slowed; defaults to DEFAULT_LOGIN_SLOWDOWN (1 s doubling to 8 s). */
  loginSlowdown?: Partial<LoginSlowdown>;
};

/** Sign-up, verification, sign-in and passwords. Every rule of spec 01 sections 2.4-2.7 lives here. */
export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly deps: AuthDeps) {
    this.throttle = new LoginThrottle(deps.db, deps.loginSlowdown);
  }

  /**
   * Signs in through one of the two login tabs. Students cannot use the faculty tab and the
   * reverse; unverified, blocked and deleted accounts are refused; repeated failures are
   * refused per address and IP and per IP, and slowed down per address (ADR 001).
   */
  async login(kind: LoginKind, input: LoginInput, meta: RequestMeta) {
    const { db } = this.deps;
    const email = input.email ?? '';
    const password = input.password ?? '';
    const check = await this.throttle.checkPassword(email, meta.ip, password, () =>
      repo.findUserByEmail(db, email),
    );
    if (check.outcome === 'throttled') {
      await this.recordFailure(email, meta, null, 'throttled');
      throw AppError.tooManyRequests(LOGIN_MESSAGES.tooManyAttempts);
    }
    if (check.outcome === 'wrong') {
      await this.recordFailure(email, meta, check.account?.id ?? null, 'wrong_credentials');
      throw AppError.unauthorized(LOGIN_MESSAGES.wrongCredentials);
    }
    const user = check.account;
    const role = user.role as StaffRole | null;
    if (loginKindFor({ role }) !== kind) {
      await this.recordFailure(email, meta, user.id, 'wrong_tab');
      throw AppError.forbidden(kind === 'student' ? LOGIN_MESSAGES.notStudent : LOGIN_MESSAGES.notStaff);
    }
    if (user.blocked) {
      await this.recordFailure(email, meta, user.id, 'blocked');
      throw AppError.forbidden(LOGIN_MESSAGES.blocked);
    }
    if (user.confirmation === 'declined') {
      await this.recordFailure(email, meta, user.id, 'declined');
      throw AppError.forbidden(CONFIRMATION_MESSAGES.declinedLogin);
    }
    if (!user.emailVerifiedAt) {
      await this.recordFailure(email, meta, user.id, 'not_verified');
      throw AppError.forbidden(
        kind === 'student' ? LOGIN_MESSAGES.emailNotVerified : LOGIN_MESSAGES.staffNotVerified,
      );
    }

    const session = await db.transaction(async (tx) => {
      // The password was checked against the hash read above. A reset or change that committed
      // since has signed every session out; a session made now from the old password would
      // outlive it. The row lock orders this against a reset or change still running: either it
      // commits first (we see the new hash and refuse) or it waits for us and deletes this session.
      if (!(await repo.passwordHashUnchanged(tx, user.id, user.passwordHash))) {
        throw AppError.unauthorized(LOGIN_MESSAGES.wrongCredentials);
      }
      const created = await createSession(tx, this.deps.sessionSettings, user.id, meta);
      await writeAudit(tx, {
        actorId: user.id,
        action: 'auth.login',
        entity: 'user',
        entityId: user.id,
        collegeId: user.collegeId,
        ip: meta.ip,
        subject: email,
        after: { kind },
      });
      return created;
    });
    const sessionUser = await this.requireSessionUser(user.id);
    return { token: session.token, user: sessionUser };
  }

  private async recordFailure(email: string, meta: RequestMeta, userId: string | null, reason: string) {
    await writeAudit(this.deps.db, {
      actorId: null,
      action: 'auth.login_failed',
      entity: 'user',
      entityId: userId,
      ip: meta.ip,
      subject: email,
      after: { reason },
    });
  }

  async logout(actor: SessionActor | null, meta: RequestMeta): Promise<void> {
    if (!actor) return;
    await this.deps.db.transaction(async (tx) => {
      await repo.deleteSession(tx, actor.sessionId);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'auth.logout',
        entity: 'user',
        entityId: actor.id,
        collegeId: actor.collegeId,
        ip: meta.ip,
      });
    });
  }

  async requireSessionUser(userId: string): Promise<SessionUser> {
    const user = await repo.loadSessionUser(this.deps.db, userId);
    if (!user) throw AppError.unauthorized();
    return user;
  }

  /** Live check of a sponsor's referral id on the sign-up page. */
  async findSponsorName(referralId: string): Promise<string> {
    const sponsor = await repo.findUserByReferralId(this.deps.db, referralId.trim().toUpperCase());
    if (!sponsor) throw AppError.notFound(SIGNUP_MESSAGES.referral);
    return sponsor.name;
  }

  /**
   * Registers a student and mails the verification link. The user, the token, the audit row and
   * the mail are written in one transaction.
   */
  async signup(input: SignupInput, meta: RequestMeta): Promise<void> {
    const { db } = this.deps;
    const placement = await this.deps.reference.isValidPlacement(
      db,
      input.collegeId,
      input.departmentId,
      input.courseId,
    );
    if (!placement.linked) throw AppError.validation(SIGNUP_MESSAGES.department);
    if (!placement.courseMatches) throw AppError.validation(SIGNUP_MESSAGES.course);
    const sponsor = input.sponsor
      ? await repo.findUserByReferralId(db, input.sponsor.toUpperCase())
      : undefined;
    if (input.sponsor && !sponsor) throw AppError.validation(SIGNUP_MESSAGES.referral);
    if (await repo.findUserByEmail(db, input.email)) throw AppError.conflict(SIGNUP_MESSAGES.emailTaken);

    const passwordHash = await hashPassword(input.password);
    const token = newToken();
    // Outside the transaction: on PGlite (one connection) a query on `db` inside it would wait
    // for the transaction itself.
    const referralId = await repo.allocateReferralId(db);
    try {
      await db.transaction(async (tx) => {
        // A number is one account's, as an address is (issue 10); the lock makes two sign-ups of
        // one number at once take turns, so the second finds the first.
        await repo.lockPhoneForSignup(tx, input.phone);
        if (await repo.findUserByPhone(tx, input.phone)) throw AppError.conflict(SIGNUP_MESSAGES.phoneTaken);
        const user = await repo.insertUser(tx, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash,
          role: null,
          referralId,
          sponsorId: sponsor?.id ?? null,
          collegeId: input.collegeId,
          departmentId: input.departmentId,
          courseId: input.courseId,
        });
        await repo.insertToken(tx, {
          tokenHash: hashToken(token),
          purpose: 'verify_email',
          userId: user.id,
          expiresAt: new Date(Date.now() + VERIFY_TOKEN_MS),
        });
        await enqueueMail(tx, verificationMail(user.email, user.name, this.link('verify', token)));
        await writeAudit(tx, {
          actorId: user.id,
          action: 'user.signup',
          entity: 'user',
          entityId: user.id,
          collegeId: user.collegeId,
          ip: meta.ip,
          after: {
            name: user.name,
            email: user.email,
            collegeId: user.collegeId,
            departmentId: user.departmentId,
          },
        });
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_idx')) throw AppError.conflict(SIGNUP_MESSAGES.emailTaken);
      throw err;
    }
    this.deps.onMailQueued();
  }

  private link(page: VerifyPage | 'reset-password', token: string): string {
    return `${this.deps.appUrl}/${page}/${token}`;
  }

  /**
   * Consumes an e-mail verification link. Each page accepts only its own kind of account:
   * `/verify` students, `/verifyStaff` staff, `/verifyDRPC` DRP coordinators.
   */
  async verifyEmail(page: VerifyPage, token: string, meta: RequestMeta): Promise<string> {
    let mailQueued = false;
    const message = await this.deps.db.transaction(async (tx) => {
      mailQueued = false;
      const row = await repo.findToken(tx, hashToken(token), 'verify_email');
      const user = row ? await repo.findUserById(tx, row.userId) : undefined;
      if (!row || !user || user.deletedAt || !this.pageAccepts(page, user.role as StaffRole | null)) {
        throw AppError.validation(VERIFY_MESSAGES.invalidLink);
      }
      // Opening the same link twice (mail scanners, a second click) should not look like a failure.
      if (row.usedAt && user.emailVerifiedAt) return VERIFY_MESSAGES.success;
      if (row.usedAt || row.expiresAt.getTime() < Date.now())
        throw AppError.validation(VERIFY_MESSAGES.invalidLink);
      await repo.markTokenUsed(tx, row.id);
      await repo.updateUser(tx, user.id, { emailVerifiedAt: new Date() });
      await writeAudit(tx, {
        actorId: user.id,
        action: 'auth.email_verified',
        entity: 'user',
        entityId: user.id,
        collegeId: user.collegeId,
        ip: meta.ip,
        before: { emailVerified: user.emailVerifiedAt !== null },
        after: { emailVerified: true },
      });
      // A student's first notification points them at the profile their HOD verifies them from.
      if (user.role === null) {
        await notify(tx, {
          toId: user.id,
          description: NOTIFICATION_TEXT.welcome,
          url: '/profile',
          collegeId: user.collegeId,
        });
        // The department's HOD and faculty, who approve them (issue 28).
        mailQueued = await tellApproversOfSignup(tx, {
          student: user,
          appUrl: this.deps.appUrl,
          now: new Date(),
        });
      }
      return VERIFY_MESSAGES.success;
    });
    if (mailQueued) this.deps.onMailQueued();
    return message;
  }

  private pageAccepts(page: VerifyPage, role: StaffRole | null): boolean {
    if (page === 'verify') return role === null;
    if (page === 'verifyDRPC') return role === 'drp_coordinator';
    return role !== null;
  }

  /** Always the same answer, so the form cannot be used to find out who has an account. */
  async forgotPassword(email: string, meta: RequestMeta): Promise<string> {
    const { db } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    if (!user || user.blocked) return FORGOT_PASSWORD_MESSAGES.sent;
    const recent = await repo.countRecentTokens(
      db,
      user.id,
      'reset_password',
      new Date(Date.now() - 60 * 60 * 1000),
    );
    if (recent >= MAX_RESET_MAILS_PER_HOUR) return FORGOT_PASSWORD_MESSAGES.sent;
    const token = newToken();
    await db.transaction(async (tx) => {
      await repo.expireOpenTokens(tx, user.id, 'reset_password');
      await repo.insertToken(tx, {
        tokenHash: hashToken(token),
        purpose: 'reset_password',
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
      });
      await enqueueMail(tx, passwordResetMail(user.email, user.name, this.link('reset-password', token)));
      await writeAudit(tx, {
        actorId: null,
        action: 'auth.password_reset_requested',
        entity: 'user',
        entityId: user.id,
        collegeId: user.collegeId,
        ip: meta.ip,
        subject: email,
      });
    });
    this.deps.onMailQueued();
    return FORGOT_PASSWORD_MESSAGES.sent;
  }

  /** Sets a new password from a reset link and signs the user out of every session. */
  async resetPassword(input: ResetPasswordInput, meta: RequestMeta): Promise<string> {
    // Refuse a dead link before spending a password hash on it; the transaction checks again.
    const known = await repo.findToken(this.deps.db, hashToken(input.token), 'reset_password', {
      lock: false,
    });
    if (!known || known.usedAt || known.expiresAt.getTime() < Date.now()) {
      throw AppError.validation(RESET_PASSWORD_MESSAGES.invalidLink);
    }
    const passwordHash = await hashPassword(input.newPassword);
    const email = await this.deps.db.transaction(async (tx) => {
      const row = await repo.findToken(tx, hashToken(input.token), 'reset_password');
      const user = row ? await repo.findUserById(tx, row.userId) : undefined;
      if (!row || !user || user.deletedAt || row.usedAt || row.expiresAt.getTime() < Date.now()) {
        throw AppError.validation(RESET_PASSWORD_MESSAGES.invalidLink);
      }
      await repo.markTokenUsed(tx, row.id);
      // The link proves the mailbox is theirs, which is what e-mail verification proves too.
      // The owner chose this password, so it no longer has to replace one someone else chose.
      await repo.updateUser(tx, user.id, {
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        mustChangePassword: false,
      });
      await repo.deleteSessionsOfUser(tx, user.id);
      await writeAudit(tx, {
        actorId: user.id,
        action: 'auth.password_reset',
        entity: 'user',
        entityId: user.id,
        collegeId: user.collegeId,
        ip: meta.ip,
      });
      return user.email;
    });
    // A throttled owner who resets the password may sign in with it at once (LoginThrottle.forgetAddress).
    await this.throttle.forgetAddress(email);
    return RESET_PASSWORD_MESSAGES.success;
  }

  /**
   * Update Password from the profile menu, and the first sign-in's forced choice of a password
   * (issue 27); other sessions of the user are signed out.
   */
  async changePassword(actor: SessionActor, input: ChangePasswordInput, meta: RequestMeta): Promise<string> {
    const { db } = this.deps;
    const user = await repo.findUserById(db, actor.id);
    if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
      await writeAudit(db, {
        actorId: actor.id,
        action: 'auth.password_change_failed',
        entity: 'user',
        entityId: actor.id,
        collegeId: actor.collegeId,
        ip: meta.ip,
      });
      throw AppError.validation(CHANGE_PASSWORD_MESSAGES.failed);
    }
    const passwordHash = await hashPassword(input.newPassword ?? '');
    await db.transaction(async (tx) => {
      await repo.updateUser(tx, actor.id, { passwordHash, mustChangePassword: false });
      await repo.deleteSessionsOfUser(tx, actor.id, actor.sessionId);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'auth.password_changed',
        entity: 'user',
        entityId: actor.id,
        collegeId: actor.collegeId,
        ip: meta.ip,
      });
    });
    return CHANGE_PASSWORD_MESSAGES.success;
  }
}

/**
 * Creates a Master account (the `create-master` script). Masters belong to no college; the
 * account is verified at once because whoever runs the script owns the server.
 */
export async function createMasterAccount(
  db: Database,
  input: { email: string; password: string; name: string },
) {
  if (await repo.findUserByEmail(db, input.email)) {
    throw AppError.conflict(`An account with ${input.email} already exists.`);
  }
  const referralId = await repo.allocateReferralId(db);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      role: 'master',
      referralId,
      emailVerifiedAt: new Date(),
    });
    await writeAudit(tx, {
      actorId: null,
      action: 'user.create_master',
      entity: 'user',
      entityId: user.id,
      after: { name: input.name, email: input.email },
    });
  });
}
