import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionActor } from '../../platform/session';
import * as repo from './auth.repository';
import { type LoginSlowdown, LoginThrottle } from './login-throttle';

/** What a refusal says: the feature's own words for a wrong password and for too many. */
export type ConfirmationMessages = { wrongPassword: string; tooManyAttempts: string };

/**
 * The signed-in user's password asked again before a signature (issue 30: a guide authenticating
 * a month). Counted by the sign-in throttle itself (ADR 001), on the same counters: a guesser who
 * holds a faculty member's open session gets no more tries here than at the login form, and
 * tries here count there. Refused (429), slowed and answered exactly as sign-in is.
 */
export class PasswordConfirmation {
  private readonly throttle: LoginThrottle;

  constructor(private readonly deps: { db: Database; loginSlowdown?: Partial<LoginSlowdown> }) {
    this.throttle = new LoginThrottle(deps.db, deps.loginSlowdown);
  }

  /** Resolves when `password` is the actor's; throws 429 (throttled) or 401 (wrong), audited. */
  async confirm(
    actor: SessionActor,
    password: string,
    meta: { ip: string },
    messages: ConfirmationMessages,
    action: string,
  ): Promise<void> {
    const { db } = this.deps;
    const email = actor.email.toLowerCase();
    const check = await this.throttle.checkPassword(email, meta.ip, password, () =>
      repo.findUserById(db, actor.id),
    );
    if (check.outcome === 'throttled') {
      await this.recordFailure(actor, meta, action, 'throttled');
      throw AppError.tooManyRequests(messages.tooManyAttempts);
    }
    if (check.outcome === 'wrong') {
      await this.recordFailure(actor, meta, action, 'wrong_password');
      throw AppError.unauthorized(messages.wrongPassword);
    }
  }

  private async recordFailure(actor: SessionActor, meta: { ip: string }, action: string, reason: string) {
    await writeAudit(this.deps.db, {
      actorId: actor.id,
      action: `${action}_password_failed`,
      entity: 'user',
      entityId: actor.id,
      collegeId: actor.collegeId,
      ip: meta.ip,
      after: { reason },
    });
  }
}
