import { VERIFICATION_WAIT } from '../records/overdue';
import { weekLabel } from './weekly-updates';

/**
 * The HOD's weekly summary mail (issue 30): one a week per HOD, from Monday's reminder hour, only
 * when one of its sections has something to say. Staff names, counts and dates; never an entry's
 * contents, a resident's entry or a patient.
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
} as const;
