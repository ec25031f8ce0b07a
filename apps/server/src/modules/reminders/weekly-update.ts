import { canWriteLogbook } from '@pgel/shared/auth/policies';
import { WEEKLY_UPDATE_MESSAGES, weekLabel } from '@pgel/shared/reminders/weekly-updates';
import { type IndiaWeek, indiaWeek, weekStartingOn } from '../../platform/india-time';
import { enqueueMail } from '../../platform/mail';
import { notify } from '../people/notifications.service';
import type { KindSent, ReminderContext, ReminderKind } from './reminder-kind';
import { dueFromMonday, hourLabel } from './reminder-schedule';
import { recordSent } from './sent-reminders.repository';
import { weeklyNudgeMail } from './weekly-update.mail';
import { listResidentsToNudge } from './weekly-update.repository';

/**
 * Whether a week counts for a resident: it began once their account existed and their course
 * (joining date) had begun. `listResidentsToNudge` says the same in SQL.
 */
export function weekCountsFor(
  resident: { createdAt: Date; joiningDate: string | null },
  week: IndiaWeek,
): boolean {
  return (
    resident.createdAt.getTime() <= week.start.getTime() &&
    (resident.joiningDate === null || resident.joiningDate <= week.monday)
  );
}

/** Residents read and nudged per transaction. */
const BATCH = 200;

const KIND = 'weekly-update';

/**
 * The weekly nudge (issue 30): from Monday's reminder hour (India time), each resident who may
 * write the logbook and saved no entry in the week before, a week that counts for them (begun
 * after their account and course), gets one notification in the app, which opens the dashboard,
 * and one mail. The period is that week's Monday.
 */
export const weeklyUpdateReminder: ReminderKind = {
  id: KIND,

  describePeriod: (period) => `week of ${weekLabel(period)}`,
  describeDue: (schedule) => `Monday ${hourLabel(schedule)}`,

  periodDue(now, schedule) {
    return dueFromMonday(now, schedule) ? indiaWeek(now, -1).monday : null;
  },

  async send(context: ReminderContext, period: string): Promise<KindSent> {
    const week = weekStartingOn(period);
    let count = 0;
    let after: string | null = null;
    for (;;) {
      const page = await context.db.transaction(async (tx) => {
        const candidates = await listResidentsToNudge(tx, { week, kind: KIND, after, limit: BATCH });
        const due = candidates.filter((resident) => canWriteLogbook({ ...resident, role: null }));
        const fresh = await recordSent(
          tx,
          due.map((resident) => ({
            userId: resident.id,
            kind: KIND,
            subjectId: resident.id,
            period,
            collegeId: resident.collegeId,
          })),
        );
        for (const resident of due) {
          if (!fresh.has(resident.id)) continue;
          await notify(tx, {
            toId: resident.id,
            description: WEEKLY_UPDATE_MESSAGES.nudge(period),
            url: '/dashboard',
            collegeId: resident.collegeId,
          });
          await enqueueMail(
            tx,
            weeklyNudgeMail({
              to: resident.email,
              name: resident.name,
              monday: period,
              appUrl: context.appUrl,
            }),
          );
        }
        return { read: candidates.length, last: candidates.at(-1)?.id ?? null, sent: fresh.size };
      });
      count += page.sent;
      if (page.read < BATCH || !page.last) break;
      after = page.last;
    }
    return { recipients: 'resident', count, channels: ['app', 'mail'] };
  },
};
