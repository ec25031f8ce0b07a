import { z } from 'zod';

/**
 * Doubtful entries (issue 27): the server flags them, it never refuses them. A flag has a stable
 * code (what the API and any client key on) and a reason in words (what a verifier reads). The
 * rules themselves run on the server (modules/records/record-flags.ts) with these thresholds.
 */
export const RECORD_FLAG_CODES = [
  'backdated',
  'on-leave',
  'high-volume',
  'repeat-patient',
  'before-joining',
] as const;
export type RecordFlagCode = (typeof RECORD_FLAG_CODES)[number];

export const FLAG_RULES = {
  /** Entered (created) more than this many days after the activity's date. */
  backdatedDays: 30,
  /** Two clinical cases of one resident with the same Patient ID this many days apart or fewer. */
  repeatPatientDays: 7,
  /** More entries of one kind on one day than this times the department's usual most ... */
  highVolumeFactor: 3,
  /** ... the 95th percentile of the department's entries of that kind per resident and day. */
  highVolumePercentile: 0.95,
} as const;

/** A flag's short name, for its badge. */
export const RECORD_FLAG_LABELS: Record<RecordFlagCode, string> = {
  backdated: 'Backdated',
  'on-leave': 'On leave',
  'high-volume': 'High volume',
  'repeat-patient': 'Repeat patient',
  'before-joining': 'Before joining',
};

/** DD-MM-YYYY of a YYYY-MM-DD date, as the app shows dates. */
function shown(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}-${m}-${y}` : iso;
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/**
 * Each flag's reason. A reason never names the patient or their Patient ID (docs/security.md):
 * a repeat patient is told by the other case's date only.
 */
export const RECORD_FLAG_REASONS = {
  backdated: (daysLate: number) =>
    `Entered ${days(daysLate)} after the activity date (more than ${FLAG_RULES.backdatedDays}).`,
  'on-leave': (leaveFrom: string, leaveTo: string) =>
    `Dated during the resident's approved leave (${shown(leaveFrom)} to ${shown(leaveTo)}).`,
  'high-volume': (count: number, percentile: number) =>
    `${count} entries of this kind on one day: more than ${FLAG_RULES.highVolumeFactor} times the department's usual most (${formatNumber(percentile)} a day, 95th percentile).`,
  'repeat-patient': (otherDate: string) =>
    `The same Patient ID as another clinical case of this resident dated ${shown(otherDate)} (within ${FLAG_RULES.repeatPatientDays} days).`,
  'before-joining': (joiningDate: string) =>
    `Dated before the resident's joining date (${shown(joiningDate)}).`,
} as const;

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export const RecordFlagSchema = z.object({ code: z.enum(RECORD_FLAG_CODES), reason: z.string() });
export type RecordFlag = z.infer<typeof RecordFlagSchema>;

/** GET /reports/flags: the department whose counts are asked (Master and Admin choose it). */
export const FlagCountsQuerySchema = z.object({
  collegeId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
});
export type FlagCountsQuery = z.infer<typeof FlagCountsQuerySchema>;

/**
 * The HOD's view (issue 27): per student of the department, how many entries carry each flag, and
 * how many entries carry any (`total`); students with none are left out, most flagged first.
 */
export const FlagCountsSchema = z.object({
  items: z.array(
    z.object({
      studentId: z.string(),
      studentName: z.string(),
      total: z.number().int(),
      counts: z.object({
        backdated: z.number().int(),
        'on-leave': z.number().int(),
        'high-volume': z.number().int(),
        'repeat-patient': z.number().int(),
        'before-joining': z.number().int(),
      } satisfies Record<RecordFlagCode, z.ZodType>),
    }),
  ),
});
export type FlagCounts = z.infer<typeof FlagCountsSchema>;

export const FLAG_MESSAGES = {
  chooseDepartment: 'Choose a college and department to see its flagged entries.',
  title: 'Flagged entries by student',
  none: 'No flagged entries in this department.',
} as const;
