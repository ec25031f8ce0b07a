import { VERIFICATION_WAIT } from '../records/overdue';
import { AUTHENTICATION_DUE_DAY, AUTHENTICATION_ESCALATION_DAY } from '../supervision/months';
import { weekLabel } from './weekly-updates';

/**
 * The HOD's weekly summary mail (issue 30): one a week per HOD, from Monday's reminder hour, only
 * when one of its sections has something to say. Names, counts and dates; never an entry's
 * contents or a patient.
 */
export const HOD_SUMMARY_MESSAGES = {
  subject: (monday: string) => `Weekly summary for your department, week of ${weekLabel(monday)}`,
  /** The mail's heading and the line under it (the subject, split for a narrow screen). */
  heading: 'Weekly summary for your department',
  week: 'Week of',
  greeting: (name: string) => `Dear ${name},`,
  opening: 'This is what needs your attention in your department this week.',
  closing: 'You get this summary once a week while something needs your attention.',
  signature: 'PG e-Logbook',
  verifiers: {
    title: 'Verification waiting too long',
    intro: `Verifiers with an entry pending more than ${VERIFICATION_WAIT.escalateAfterDays} days, or with more than ${VERIFICATION_WAIT.escalatePendingOver} entries pending.`,
    columns: {
      verifier: 'Verifier',
      pending: 'Pending',
      overdue: `Over ${VERIFICATION_WAIT.escalateAfterDays} days`,
      oldest: 'Waiting since',
    },
    /** Entries naming no teacher, which any faculty of the department verifies. */
    noTeacher: 'Any faculty of the department',
    noTeacherDetail: 'no teacher named',
    inactive: 'no longer active',
    link: 'See the pending entries on Reports',
  },
  months: {
    title: 'Months not authenticated',
    intro: `Residents with a month of their logbook not authenticated by the ${AUTHENTICATION_ESCALATION_DAY}th of the next month (it was due by the ${AUTHENTICATION_DUE_DAY}th; their guide was reminded then), or changed after it was authenticated. Days overdue count from the ${AUTHENTICATION_DUE_DAY}th, or from the change when later. As HOD you may authenticate a month for the guide.`,
    columns: {
      /** The resident, their guide beneath. */
      resident: 'Resident and guide',
      month: 'Month',
      overdue: 'Days overdue',
    },
    /** The line under the resident's name: "Unit head: Dr. Meera Pillai". */
    guide: (source: 'thesis' | 'unit-head', name: string, active: boolean) =>
      `${source === 'thesis' ? 'Thesis guide' : 'Unit head'}: ${name}${active ? '' : ', no longer active'}`,
    noGuide: 'No guide: no thesis guide or unit head',
    changed: 'changed after authentication',
    /** Under the most overdue month, when the resident has others too. */
    more: (count: number) => `and ${count} more ${count === 1 ? 'month' : 'months'}`,
    link: 'See the residents to authenticate on your dashboard',
  },
} as const;
