import { weekLabel } from '@pgel/shared/reminders/weekly-updates';
import { indiaWeek } from '../../platform/india-time';
import { enqueueMail } from '../../platform/mail';
import { hodSummaryMail } from './hod-summary.mail';
import { listHodsToSummarise } from './hod-summary.repository';
import type { SummarySection, SummarySectionSource } from './hod-summary-section';
import { monthAuthenticationSection } from './month-authentication-section';
import type { KindSent, ReminderContext, ReminderKind } from './reminder-kind';
import { dueFromMonday, hourLabel } from './reminder-schedule';
import { recordSent } from './sent-reminders.repository';
import { verifierBacklogSection } from './verifier-backlog';

/** HODs read (and their departments summarised) per transaction. */
const BATCH = 50;

const KIND = 'hod-summary';

/**
 * The sections of the summary, in the order the mail shows them. Each looks at the HOD's
 * department at the pass's clock and says something or nothing; another escalation is one more
 * source here.
 */
export const HOD_SUMMARY_SECTIONS: readonly SummarySectionSource[] = [
  verifierBacklogSection,
  monthAuthenticationSection,
];

/**
 * The HOD's weekly summary (issue 30): from Monday's reminder hour (India time), one mail per
 * HOD and week, sent only when a section has something to say. The period is that week's Monday,
 * the subject the HOD's department.
 */
export const hodSummaryReminder: ReminderKind = {
  id: KIND,

  describePeriod: (period) => `week of ${weekLabel(period)}`,
  describeDue: (schedule) => `Monday ${hourLabel(schedule)}`,

  periodDue(now, schedule) {
    return dueFromMonday(now, schedule) ? indiaWeek(now).monday : null;
  },

  async send(context: ReminderContext, period: string): Promise<KindSent> {
    let count = 0;
    let after: string | null = null;
    for (;;) {
      const page = await context.db.transaction(async (tx) => {
        const hods = await listHodsToSummarise(tx, { kind: KIND, period, after, limit: BATCH });
        let sent = 0;
        for (const hod of hods) {
          const sections: SummarySection[] = [];
          for (const source of HOD_SUMMARY_SECTIONS) {
            const section = await source(tx, hod, context.now);
            if (section) sections.push(section);
          }
          if (sections.length === 0) continue;
          const fresh = await recordSent(tx, [
            { userId: hod.id, kind: KIND, subjectId: hod.departmentId, period, collegeId: hod.collegeId },
          ]);
          if (!fresh.has(hod.id)) continue;
          await enqueueMail(
            tx,
            hodSummaryMail({
              to: hod.email,
              name: hod.name,
              monday: period,
              sections,
              appUrl: context.appUrl,
            }),
          );
          sent += 1;
        }
        return { read: hods.length, last: hods.at(-1)?.id ?? null, sent };
      });
      count += page.sent;
      if (page.read < BATCH || !page.last) break;
      after = page.last;
    }
    return { recipients: 'hod', count, channels: ['mail'] };
  },
};
