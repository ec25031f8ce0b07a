import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { oneTimeTokens, sessions } from '../db/schema/index';
import { deleteOldPatientAccess } from '../modules/privacy/patient-access.repository';
import { deleteStaleIdempotencyKeys } from './idempotency';
import { deleteStaleThrottles } from './throttle';

const EVERY_MS = 60 * 60 * 1000;
const KEEP_TOKENS_DAYS = 30;

/**
 * Hourly clean-up of rows that can no longer be used: ended sessions, old one-time tokens,
 * finished throttle windows, Idempotency-Keys older than a day and patient access log rows older
 * than a year (issue 15). Safe to run on every app
 * server at once.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly settings: { sessionIdleMs: number; throttleWindowMs: number },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      this.runOnce().catch((err) => this.log.error({ err }, 'housekeeping failed'));
    }, EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async runOnce(): Promise<void> {
    const idleCutoff = new Date(Date.now() - this.settings.sessionIdleMs);
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleCutoff)));
    await this.db
      .delete(oneTimeTokens)
      .where(
        and(
          lt(oneTimeTokens.expiresAt, sql`now() - make_interval(days => ${KEEP_TOKENS_DAYS})`),
          or(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.expiresAt, sql`now()`)),
        ),
      );
    await deleteStaleThrottles(this.db, this.settings.throttleWindowMs);
    await deleteStaleIdempotencyKeys(this.db);
    await deleteOldPatientAccess(this.db);
  }
}
