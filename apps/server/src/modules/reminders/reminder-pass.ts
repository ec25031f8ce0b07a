import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { hodSummaryReminder } from './hod-summary';
import { monthAuthenticationReminder } from './month-authentication-reminder';
import type { KindSent, ReminderKind, ReminderSchedule } from './reminder-kind';
import { claimPass, markCompleted, releasePass } from './reminder-pass.repository';
import { weeklyUpdateReminder } from './weekly-update';

/** Every kind of reminder a pass sends, in this order. Another kind is one more entry here. */
export const REMINDER_KINDS: readonly ReminderKind[] = [
  weeklyUpdateReminder,
  hodSummaryReminder,
  monthAuthenticationReminder,
];

/** How often each server looks whether reminders are due. */
const CHECK_EVERY_MS = 15 * 60 * 1000;
/** How long a claim holds when its pass dies without releasing it. */
const LEASE_SECONDS = 15 * 60;
/** The claim's row in `reminder_passes`. */
const PASS_NAME = 'reminders';

/** What a pass did with one kind: not due yet, finished by an earlier pass, or what it sent now. */
export type KindOutcome =
  | { kind: string; state: 'not-due' }
  | { kind: string; state: 'done-earlier'; period: string }
  | { kind: string; state: 'sent'; period: string; sent: KindSent };

/** A pass's outcome: each kind's, or that another pass held the claim (nothing was done). */
export type PassReport = { ran: true; kinds: KindOutcome[] } | { ran: false };

/** Where a pass says what it did (the app's logger; the command's own). */
export type PassLog = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type ReminderPassDeps = {
  db: Database;
  log: PassLog;
  appUrl: string;
  schedule: ReminderSchedule;
  /** Called after a pass that queued mail, to send it soon. */
  onQueued: () => void;
  /** The kinds to send; every kind by default. */
  kinds?: readonly ReminderKind[];
};

/**
 * The reminder pass (issue 30): weekly nudges to residents, the HODs' weekly summaries and the
 * guides' reminders of months not authenticated. Runs
 * on every app server's timer and from `npm run reminders`; a pass first claims the job with one
 * statement (`claimPass`), so two servers never run it at once. Each reminder is sent once per
 * recipient, subject and period (`sent_reminders`, written in the transaction that notifies and
 * queues the mail), so a pass run again, or a claim that ran out under a slow pass, sends nothing
 * twice, and a crash before commit leaves the reminder due.
 */
export class ReminderPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PassReport> | null = null;

  constructor(private readonly deps: ReminderPassDeps) {}

  start(): void {
    this.timer ??= setInterval(() => void this.runOnce(new Date()), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) await this.running.catch(() => undefined);
  }

  /** The timer's pass: a failure is logged and the next check tries again. */
  runOnce(now: Date): Promise<PassReport> {
    return this.run(now).catch((err) => {
      this.deps.log.error({ err }, 'reminder pass failed');
      return { ran: false } as const;
    });
  }

  /**
   * One pass as of `now` (tests and the command pass their own clock). A pass still going in this
   * process is not doubled: the call waits for it. Throws what the database throws.
   */
  run(now: Date): Promise<PassReport> {
    if (this.running) return this.running;
    this.running = this.pass(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(now: Date): Promise<PassReport> {
    const { db } = this.deps;
    const runner = randomUUID();
    const claim = await claimPass(db, { name: PASS_NAME, runner, leaseSeconds: LEASE_SECONDS });
    if (!claim) return { ran: false };
    const kinds: KindOutcome[] = [];
    try {
      for (const kind of this.deps.kinds ?? REMINDER_KINDS) {
        const period = kind.periodDue(now, this.deps.schedule);
        if (!period) {
          kinds.push({ kind: kind.id, state: 'not-due' });
          continue;
        }
        if (claim.completed[kind.id] === period) {
          kinds.push({ kind: kind.id, state: 'done-earlier', period });
          continue;
        }
        const sent = await kind.send({ db, now, appUrl: this.deps.appUrl }, period);
        await markCompleted(db, { name: PASS_NAME, runner, kind: kind.id, period });
        kinds.push({ kind: kind.id, state: 'sent', period, sent });
      }
    } finally {
      await releasePass(db, { name: PASS_NAME, runner });
      if (kinds.some((outcome) => outcome.state === 'sent' && outcome.sent.count > 0)) this.deps.onQueued();
    }
    const counts = Object.fromEntries(
      kinds.flatMap((outcome) => (outcome.state === 'sent' ? [[outcome.kind, outcome.sent.count]] : [])),
    );
    if (Object.values(counts).some((n) => n > 0)) this.deps.log.info({ reminders: counts }, 'reminders sent');
    return { ran: true, kinds };
  }
}
