import { weekLabel } from '@pgel/shared/reminders/weekly-updates';
import { reportDate } from '@pgel/shared/reports/activity';
import { indiaDate } from '../../platform/india-time';
import type { KindSent, ReminderSchedule } from './reminder-kind';
import type { KindOutcome, PassReport } from './reminder-pass';

const ROLE_NAMES: Record<KindSent['recipients'], [string, string]> = {
  resident: ['resident', 'residents'],
  hod: ['HOD', 'HODs'],
};

const CHANNEL_NAMES: Record<KindSent['channels'][number], string> = { app: 'in the app', mail: 'by mail' };

function hhmm(now: Date): string {
  const india = new Date(now.getTime() + (5 * 60 + 30) * 60 * 1000);
  return india.toISOString().slice(11, 16);
}

function outcomeLine(outcome: KindOutcome, schedule: ReminderSchedule): string {
  if (outcome.state === 'not-due') {
    return `- ${outcome.kind}: not due yet (from Monday ${String(schedule.hour).padStart(2, '0')}:00, India time)`;
  }
  const week = `week of ${weekLabel(outcome.period)}`;
  if (outcome.state === 'done-earlier')
    return `- ${outcome.kind}, ${week}: done by an earlier pass, nothing new`;
  const { count, recipients, channels } = outcome.sent;
  const [one, many] = ROLE_NAMES[recipients];
  const ways = channels.map((channel) => CHANNEL_NAMES[channel]).join(' and ');
  return `- ${outcome.kind}, ${week}: ${count} ${count === 1 ? one : many} (${ways})`;
}

/**
 * What `npm run reminders` prints of a pass: per kind, its period and how many recipients of
 * which role got it, by which ways. Counts and roles only: no name, address, token or entry.
 */
export function describePass(report: PassReport, now: Date, schedule: ReminderSchedule): string {
  const lines = [`Reminder pass as of ${reportDate(indiaDate(now))} ${hhmm(now)} (India time):`];
  if (!report.ran) {
    lines.push('- another pass is running (an app server or another command); nothing was sent');
    return lines.join('\n');
  }
  lines.push(...report.kinds.map((outcome) => outcomeLine(outcome, schedule)));
  const sent = report.kinds.reduce((n, k) => n + (k.state === 'sent' ? k.sent.count : 0), 0);
  lines.push(
    sent === 0
      ? 'Nothing new to send.'
      : 'Mail is queued in the outbox; a running app server sends it within seconds.',
  );
  return lines.join('\n');
}
