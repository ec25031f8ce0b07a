import {
  MONTH_AUTHENTICATION_MESSAGES as M,
  monthAuthenticationPath,
} from '@pgel/shared/supervision/month-authentication';
import { monthLabel } from '@pgel/shared/supervision/months';
import type { MailMessage } from '../../platform/mail';

/**
 * The mail to a guide (and whoever signed) when a month they authenticated changes afterwards:
 * whose logbook, which month, and where to look; never what the entries hold (docs/decisions/009).
 */
export function changedMail(input: {
  to: { name: string; email: string };
  studentName: string;
  studentId: string;
  month: string;
  appUrl: string;
}): MailMessage {
  const label = monthLabel(input.month);
  return {
    to: input.to.email,
    subject: M.changedSubject(label),
    text: [
      `Dear ${input.to.name},`,
      '',
      `An entry of ${input.studentName}'s logbook for ${label} was added, changed, verified again or removed after the month was authenticated. The month is now marked "${M.changedLabel}".`,
      '',
      `Review the month and authenticate it again here: ${input.appUrl.replace(/\/+$/, '')}${monthAuthenticationPath(input.studentId, input.month)}`,
      '',
      'PG e-Logbook',
    ].join('\n'),
  };
}
