import { reportDate } from '../reports/activity';
import {
  AUTHENTICATION_DUE_DAY,
  authenticationDueDate,
  authenticationEscalationDate,
  monthLabel,
} from '../supervision/months';

/** "Asha Menon", "Asha Menon and Ravi Kumar", "Asha Menon, Ravi Kumar and 3 others". */
function someNames(names: readonly string[], shown = 2): string {
  if (names.length <= shown + 1) {
    return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  }
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} others`;
}

/**
 * The guide's reminder (issue 30): a month of a resident's logbook not authenticated by the 10th
 * of the next month. Names the residents and the month, links to their pages; never an entry.
 */
export const MONTH_REMINDER_MESSAGES = {
  /** The in-app notice: one per guide and pass, naming the residents. */
  notice: (month: string, residents: readonly string[]) =>
    residents.length === 1
      ? `${residents[0]}'s logbook for ${monthLabel(month)} is not authenticated yet (due by ${reportDate(authenticationDueDate(month))}). Review the month and authenticate it.`
      : `The logbooks of ${someNames(residents)} for ${monthLabel(month)} are not authenticated yet (due by ${reportDate(authenticationDueDate(month))}). Review the months and authenticate them.`,
  subject: (month: string) => `Logbook month to authenticate: ${monthLabel(month)}`,
  greeting: (name: string) => `Dear ${name},`,
  opening: (month: string, count: number) =>
    `${monthLabel(month)} was to be authenticated by ${reportDate(authenticationDueDate(month))}. ${
      count === 1 ? "This resident's logbook" : "These residents' logbooks"
    } for the month ${count === 1 ? 'is' : 'are'} not authenticated yet:`,
  changed: 'changed after authentication',
  howTo:
    'Open each, verify or reject any entry still pending, and authenticate the month with your password.',
  escalation: (month: string) =>
    `A month still not authenticated on ${reportDate(authenticationEscalationDate(month))} goes into your head of department's weekly summary.`,
  closing: `You get this reminder once for each resident and month not authenticated by the ${AUTHENTICATION_DUE_DAY}th of the next month.`,
  signature: 'PG e-Logbook',
} as const;
