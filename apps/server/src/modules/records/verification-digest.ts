import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { indiaDay } from '../../platform/india-time';
import { enqueueMail } from '../../platform/mail';
import { listSignupsToDigest } from '../people/awaiting-approval';
import { claimDigestRecipients, listPendingFor } from './record-handoff.repository';
import { digestMail } from './records.notify';

/** How often each server looks whether today's digests are due. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
/** Staff claimed (and mailed) per transaction. */
const BATCH = 50;
/** Entries listed in one mail; the rest are counted, with a link to the dashboard. */
const MAX_LISTED = 100;

// The day's boundary in the users' zone (also used by the sign-up notices, issue 28).
export { indiaDay };

export type VerificationDigestDeps = {
  db: Database;
  log: FastifyBaseLogger;
  appUrl: string;
  /** The hour (0-23, India time) from which the day's digest goes out (DIGEST_HOUR). */
  hour: number;
  /** Called after mail was queued, to send it soon. */
  onQueued: () => void;
};

/**
 * The faculty's daily digest (docs/decisions/009): once a day, after `hour` India time, each
 * member of staff who verifies entries and chose the digest gets one mail listing the pending
 * entries handed to them (naming them as teacher, or of their department naming no teacher), by
 * student, each with a link. The same mail names the residents who signed up since the last
 * digest and still await approval, less each day's first, mailed at once (issue 28); staff who
 * chose one mail per entry get it for those alone. Nothing to tell, no mail. Runs on every app server: each claims its
 * recipients with one UPDATE of `digest_sent_at` in the transaction that queues their mail, so two
 * servers never both mail one person, and a crash before commit leaves the digest due.
 */
export class VerificationDigest {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly deps: VerificationDigestDeps) {}

  start(): void {
    this.timer ??= setInterval(() => void this.runOnce(new Date()), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }

  /**
   * Sends the digests due at `now` (tests pass their own clock) and returns how many were queued.
   * A run still going when the next timer fires is not doubled; a failure is logged and the next
   * check tries again.
   */
  runOnce(now: Date): Promise<number> {
    if (this.running) return this.running;
    this.running = this.sendDue(now)
      .catch((err) => {
        this.deps.log.error({ err }, 'verification digest failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sendDue(now: Date): Promise<number> {
    const { hour, dayStart } = indiaDay(now);
    if (hour < this.deps.hour) return 0;
    let sent = 0;
    for (;;) {
      const claimed = await this.deps.db.transaction(async (tx) => {
        const recipients = await claimDigestRecipients(tx, { dayStart, now, limit: BATCH });
        for (const staff of recipients) {
          const entries =
            staff.verificationMail === 'digest' ? await listPendingFor(tx, staff, MAX_LISTED) : [];
          const total = entries[0]?.total ?? 0;
          // Sign-ups since the day the previous digest covered up to (issue 28).
          const signups = await listSignupsToDigest(tx, staff.id, {
            from: staff.previousDigestAt ? indiaDay(staff.previousDigestAt).dayStart : null,
            until: dayStart,
          });
          if (total === 0 && signups.total === 0) continue;
          await enqueueMail(
            tx,
            digestMail({
              to: staff.email,
              verifierName: staff.name,
              entries,
              total,
              signups,
              entriesByDigest: staff.verificationMail === 'digest',
              appUrl: this.deps.appUrl,
              now,
            }),
          );
          sent += 1;
        }
        return recipients.length;
      });
      if (claimed < BATCH) break;
    }
    if (sent > 0) {
      this.deps.log.info({ digests: sent }, 'verification digests queued');
      this.deps.onQueued();
    }
    return sent;
  }
}
