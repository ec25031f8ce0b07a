import type { Database } from '../../db/client';

/** Who a reminder went to, as the command prints it: the role of its recipients. */
export type RecipientRole = 'resident' | 'guide' | 'hod';

/** What one kind of reminder sent in a pass: how many, to whom, by which ways. */
export type KindSent = { recipients: RecipientRole; count: number; channels: ReadonlyArray<'app' | 'mail'> };

/** What every kind needs to send its reminders of one period. */
export type ReminderContext = {
  db: Database;
  /** The pass's clock (tests and `npm run reminders -- --now` pass their own). */
  now: Date;
  /** The web app's address, for links in mail. */
  appUrl: string;
};

/**
 * One kind of reminder (issue 30). A pass asks each kind which period is due at its clock and,
 * unless a pass already finished that period, has it send what is still due. A kind sends each
 * reminder at most once per recipient, subject and period (`sent_reminders`), so running it
 * again, or on two servers at once, sends nothing twice.
 */
export type ReminderKind = {
  /** Stored in `sent_reminders.kind`; printed by the command. */
  id: string;
  /**
   * The period due at `now` (a week's Monday, YYYY-MM-DD; a month, YYYY-MM), or null while
   * nothing is due yet.
   */
  periodDue(now: Date, schedule: ReminderSchedule): string | null;
  /** A period as the command prints it: "week of 07-12-2026 to 13-12-2026". */
  describePeriod(period: string): string;
  /** When a period becomes due, as the command prints it: "Monday 08:00". */
  describeDue(schedule: ReminderSchedule): string;
  /** Sends what is still due for `period`; returns what it sent. */
  send(context: ReminderContext, period: string): Promise<KindSent>;
};

/**
 * When reminders become due: from this hour (India time) on their day, Monday for the week's, the
 * 10th for a month's (REMINDERS_HOUR).
 */
export type ReminderSchedule = { hour: number };
