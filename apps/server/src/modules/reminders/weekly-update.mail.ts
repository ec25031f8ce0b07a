import { weekLabel } from '@pgel/shared/reminders/weekly-updates';
import type { MailMessage } from '../../platform/mail';

export type NudgeMail = { to: string; name: string; monday: string; appUrl: string };

/**
 * A resident's weekly nudge (issue 30): no entry saved in the week starting `monday`. Says which
 * week and where to write; nothing else about the logbook.
 */
export function weeklyNudgeMail(input: NudgeMail): MailMessage {
  const week = weekLabel(input.monday);
  return {
    to: input.to,
    subject: `No logbook entry last week (${week})`,
    text: [
      `Dear ${input.name},`,
      '',
      `You saved no logbook entry last week, ${week}.`,
      'Your logbook is to be updated every week: please add this week’s entries.',
      '',
      `Open your logbook: ${input.appUrl}/dashboard`,
      '',
      'Your head of department sees the weeks without entries. You get this reminder once for each such week.',
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}
