import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './reference';
import { users } from './users';

/**
 * Every reminder sent (issue 30), one row per person, kind, subject and period: a resident's
 * weekly nudge (subject: the resident, period: the Monday of the week without entries), an HOD's
 * weekly summary (subject: the department, period: the Monday of the week it is for). The pass
 * inserts the row with ON CONFLICT DO NOTHING in the transaction that writes the notification and
 * queues the mail, and sends only when the row is new: a reminder goes once however often (or on
 * however many servers) the pass runs, and a crash before commit leaves it due.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** A ReminderKind id (modules/reminders): 'weekly-update', 'hod-summary', 'month-authentication'. */
    kind: text('kind').notNull(),
    /**
     * What it is about: the resident of a weekly nudge or of a guide's month reminder, the
     * department of an HOD's summary.
     */
    subjectId: uuid('subject_id').notNull(),
    /** The period it is for: a week's Monday (YYYY-MM-DD), a month (YYYY-MM). */
    period: text('period').notNull(),
    /** The recipient's college (null for staff without one), so the table can be split by college. */
    collegeId: uuid('college_id').references(() => colleges.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.subjectId, t.period] }),
    index('sent_reminders_kind_period_idx').on(t.kind, t.period),
  ],
);

/**
 * The reminder pass's claim (issue 30): one row per job. A server (or `npm run reminders`) runs a
 * pass only after one statement has set `running_until` ahead on a row no other pass holds, so
 * two app servers never run it at once; a pass that dies leaves the claim to run out.
 * `completed` maps each reminder kind to the latest period a pass finished, so later passes of
 * the same period read nothing.
 */
export const reminderPasses = pgTable('reminder_passes', {
  name: text('name').primaryKey(),
  runningUntil: timestamp('running_until', { withTimezone: true }),
  /** The claiming pass's own id: only it releases the claim or records what it finished. */
  runner: uuid('runner'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  completed: jsonb('completed').$type<Record<string, string>>().notNull().default({}),
});
