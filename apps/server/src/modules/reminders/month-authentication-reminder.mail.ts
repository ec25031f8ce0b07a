import { MONTH_REMINDER_MESSAGES as M } from '@pgel/shared/reminders/month-authentication';
import { monthAuthenticationPath } from '@pgel/shared/supervision/month-authentication';
import type { MailMessage } from '../../platform/mail';

export type MonthReminderMail = {
  to: string;
  name: string;
  /** The month not authenticated (YYYY-MM). */
  month: string;
  /** The residents newly reminded of, by name; `changed`: signed once, changed since. */
  residents: ReadonlyArray<{ id: string; name: string; changed: boolean }>;
  appUrl: string;
};

/**
 * A guide's reminder (issue 30): the month and the residents whose logbook for it is not
 * authenticated, each with the link to their month's page. Names and the month only: never an
 * entry, its kind or a patient.
 */
export function monthReminderMail(input: MonthReminderMail): MailMessage {
  const appUrl = input.appUrl.replace(/\/+$/, '');
  return {
    to: input.to,
    subject: M.subject(input.month),
    text: [
      M.greeting(input.name),
      '',
      M.opening(input.month, input.residents.length),
      '',
      ...input.residents.map(
        (resident) =>
          `- ${resident.name}${resident.changed ? ` (${M.changed})` : ''}: ${appUrl}${monthAuthenticationPath(resident.id, input.month)}`,
      ),
      '',
      M.howTo,
      M.escalation(input.month),
      '',
      M.closing,
      '',
      M.signature,
    ].join('\n'),
  };
}
