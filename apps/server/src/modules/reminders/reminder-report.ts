import { reportDate } from '@pgel/shared/reports/activity';
import { indiaDate } from '../../platform/india-time';
import type { KindSent, ReminderKind, ReminderSchedule } from './reminder-kind';
import { type KindOutcome, type PassReport, REMINDER_KINDS } from './reminder-pass';

const ROLE_NAMES: Record<KindSent['recipients'], [string, string]> = {
  resident: ['resident', 'residents'],
  guide: ['guide', 'guides'],
  hod: ['HOD', 'HODs'],
};

const CHANNEL_NAMES: Record<KindSent['channels'][number], string> = { app: 'in the app', mail: 'by mail' };

function hhmm(now: Date): string {
  const india = new Date(now.getTime() + (5 * 60 + 30) * 60 * 1000);
  return india.toISOString().slice(11, 16);
}

function outcomeLine(
  outcome: KindOutcome,
  kind: ReminderKind | undefined,
  schedule: ReminderSchedule,
): string {
  if (outcome.state === 'not-due') {
    const from = kind ? ` (from ${kind.describeDue(schedule)}, India time)` : '';
    return `- ${outcome.kind}: not due yet${from}`;
  }
  const period = kind ? kind.describePeriod(outcome.period) : outcome.period;
  if (outcome.state === 'done-earlier')
    return `- ${outcome.kind}, ${period}: done by an earlier pass, nothing new`;
  const { count, recipients, channels } = outcome.sent;
  const [one, many] = ROLE_NAMES[recipients];
  const ways = channels.map((channel) => CHANNEL_NAMES[channel]).join(' and ');
  return `- ${outcome.kind}, ${period}: ${count} ${count === 1 ? one : many} (${ways})`;
}

/**
 * What `npm run reminders` prints of a pass: per kind, its period (in the kind's words) and how
 * many recipients of which role got it, by which ways. Counts and roles only: no name, address, token or entry.
 */
export function describePass(
  report: PassReport,
  now: Date,
  schedule: ReminderSchedule,
  kinds: readonly ReminderKind[] = REMINDER_KINDS,
): string {
  const lines = [`Reminder pass as of ${reportDate(indiaDate(now))} ${hhmm(now)} (India time):`];
  if (!report.ran) {
    lines.push('- another pass is running (an app server or another command); nothing was sent');
    return lines.join('\n');
  }
  lines.push(
    ...report.kinds.map((outcome) =>
      outcomeLine(
        outcome,
        kinds.find((kind) => kind.id === outcome.kind),
        schedule,
      ),
    ),
  );
  const sent = report.kinds.reduce((n, k) => n + (k.state === 'sent' ? k.sent.count : 0), 0);
  lines.push(
    sent === 0
      ? 'Nothing new to send.'
      : 'Mail is queued in the outbox; a running app server sends it within seconds.',
  );
  return lines.join('\n');
}
