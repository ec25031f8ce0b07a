import { type Actor, accountRestrictionOf, canVerifyRecords } from '@pgel/shared/auth/policies';
import { SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import type { StaffRole } from '@pgel/shared/roles';
import { CONFIRMATION_MESSAGES, type StaffConfirmation } from '@pgel/shared/schemas/staff-confirmation';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import * as repo from './auth.repository';
import { type LoginSlowdown, LoginThrottle } from './login-throttle';

/** A verifier who proved who they are with their own e-mail and password, for one action only. */
export type ConfirmedVerifier = Actor & { name: string; email: string };

/** Who is checked, where from, and on whose device (the resident whose session carried the request). */
export type CredentialCheck = {
  email: string;
  password: string;
  ip: string;
  /** The signed-in resident whose device the credentials were typed on; kept in the audit row. */
  deviceOwnerId: string;
};

/**
 * Staff credentials typed on someone else's device (issue 30, sign-off on the spot). Checked
 * exactly as sign-in checks them, with the same counters (`LoginThrottle`: the same keys and
 * limits, so guesses here and on the login page add up), and every refusal audited as
 * `auth.sign_off_failed` with the address tried (never the password). It makes no session and
 * sets no cookie: the caller acts once as the account it gets back, and the request's own session
 * stays the device owner's.
 */
export class StaffCredentialsService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly deps: { db: Database; loginSlowdown?: Partial<LoginSlowdown> }) {
    this.throttle = new LoginThrottle(deps.db, deps.loginSlowdown);
  }

  /**
   * The account of a verifier whose e-mail and password are right: 429 while the sign-in throttle
   * refuses the address from this IP, 401 for a wrong address or password, 403 for an account
   * that verifies nothing (a student, Master, a clerk), is blocked, declined, unverified, or must
   * first choose its own password or be confirmed. Which entries it may verify is the caller's
   * check (`canVerifyRecord` on the loaded rows).
   */
  async confirmVerifier(attempt: CredentialCheck): Promise<ConfirmedVerifier> {
    const { email, password, ip } = attempt;
    const check = await this.throttle.checkPassword(email, ip, password, () =>
      repo.findUserByEmail(this.deps.db, email),
    );
    if (check.outcome === 'throttled') {
      await this.refuse(attempt, null, 'throttled');
      throw AppError.tooManyRequests(SIGN_OFF_MESSAGES.tooManyAttempts);
    }
    if (check.outcome === 'wrong') {
      await this.refuse(attempt, check.account?.id ?? null, 'wrong_credentials');
      throw AppError.unauthorized(SIGN_OFF_MESSAGES.wrongCredentials);
    }
    const user = check.account;

    const verifier: ConfirmedVerifier = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role as StaffRole | null,
      collegeId: user.collegeId,
      departmentId: user.departmentId,
    };
    const refusal = refusalOf(user, verifier);
    if (refusal) {
      await this.refuse(attempt, user.id, refusal.reason);
      throw AppError.forbidden(refusal.message);
    }
    return verifier;
  }

  private async refuse(attempt: CredentialCheck, userId: string | null, reason: string): Promise<void> {
    await writeAudit(this.deps.db, {
      actorId: null,
      action: 'auth.sign_off_failed',
      entity: 'user',
      entityId: userId,
      ip: attempt.ip,
      subject: attempt.email,
      after: { reason, deviceOwnerId: attempt.deviceOwnerId },
    });
  }
}

/** Why a right password still may not sign off, in the order sign-in asks; null when it may. */
function refusalOf(
  user: repo.UserRow,
  verifier: ConfirmedVerifier,
): { reason: string; message: string } | null {
  if (!canVerifyRecords(verifier)) return { reason: 'not_verifier', message: SIGN_OFF_MESSAGES.notVerifier };
  if (user.blocked) return { reason: 'blocked', message: SIGN_OFF_MESSAGES.blocked };
  const confirmation = user.confirmation as StaffConfirmation;
  if (confirmation === 'declined') {
    return { reason: 'declined', message: CONFIRMATION_MESSAGES.declinedLogin };
  }
  if (!user.emailVerifiedAt) return { reason: 'not_verified', message: SIGN_OFF_MESSAGES.notVerified };
  const restriction = accountRestrictionOf({ mustChangePassword: user.mustChangePassword, confirmation });
  if (restriction) return { reason: `held_back_${restriction}`, message: SIGN_OFF_MESSAGES.notReady };
  return null;
}
