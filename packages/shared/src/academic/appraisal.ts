import { z } from 'zod';
import { isCalendarDate } from '../schemas/dates';
import { PersonRefSchema } from './common';

/**
 * The Quarterly Appraisal Form (`/appeal`, spec 03 sections 2, 4, 5, 9; Annexure I in print):
 * faculty score a student's quarter on 8 fixed activities, 1 to 9 each, with a remark per row.
 */
export const APPRAISAL_PARTICULARS = [
  'Journal based / recent advances learning',
  'Patient based / Laboratory',
  'Self directed learning and teaching',
  'Departmental and interdepartmental learning activity',
  'External and Outreach Activities / CMEs',
  'Thesis / Research work',
  'Log Book Maintenance',
  'Publications',
] as const;
export const APPRAISAL_ROW_COUNT = APPRAISAL_PARTICULARS.length;

/** A quarter: To Date = From Date + 90 days. */
export const APPRAISAL_PERIOD_DAYS = 90;

/** The form's input range; the save check accepts up to 10 (spec 03 section 9). */
export const APPRAISAL_FORM_MAX = 9;
export const APPRAISAL_SCORE_MIN = 1;
export const APPRAISAL_SCORE_MAX = 10;
export const APPRAISAL_REMARK_MAX = 1000;

export const EVALUATIONS = ['Not Satisfactory', 'Satisfactory', 'More Than Satisfactory'] as const;
export type Evaluation = (typeof EVALUATIONS)[number];

/** The band of a score: 1-3 Not Satisfactory, 4-6 Satisfactory, 7 and above More Than Satisfactory. */
export function evaluationFor(score: number): Evaluation {
  if (score <= 3) return 'Not Satisfactory';
  if (score <= 6) return 'Satisfactory';
  return 'More Than Satisfactory';
}

/** The score reference text beside the grid, and the print's remediation note. */
export const APPRAISAL_SCORE_REFERENCE = [
  '1-3: Not Satisfactory',
  '4-6: Satisfactory',
  '7-9: More Than Satisfactory',
] as const;
/** Annexure I: what a score under 4 means (shown on the form and in the printed logbook). */
export const APPRAISAL_REMEDIATION_NOTE =
  'A score below 4 in any item requires remediation: the student, the guide and the HOD agree a plan and review it at the next appraisal.';

/** Spec 03 section 5 word for word; the rest are ours. */
export const APPRAISAL_MESSAGES = {
  noStudent: 'No student selected: Please select a student before saving.',
  noToDate: 'No To Date selected',
  allRows: 'Please fill out all 8 records before saving.',
  scoreFor: (n: number) => `Please enter a score for record ${n}.`,
  scoreRange: (n: number) => `Please enter a score between 1 and 10 in row ${n}.`,
  invalidStudent: 'Invalid student ID',
  saved: 'Records have been successfully saved!',
  overlap: 'This student already has an appraisal for part of this quarter.',
  futureFrom: 'The From Date cannot be later than today.',
  /** Beside a row the Save found unscored (issue 28). */
  notScored: 'Not scored',
} as const;

/**
 * The student's notice and mail when faculty record a quarter (issue 28): that it was recorded,
 * the quarter and by whom, with a link; never a score or a remark. Dates as DD-MM-YYYY.
 */
export const APPRAISAL_NOTICES = {
  recordedSubject: 'Quarterly appraisal recorded',
  recorded: (from: string, to: string, appraisedBy: string) =>
    `${appraisedBy} has recorded your quarterly appraisal for ${from} - ${to}.`,
} as const;

export type AppraisalRowInput = { score?: number | null; remark?: string | null };
export type AppraisalInput = {
  studentId?: string | null;
  fromDate?: string | null;
  rows?: readonly AppraisalRowInput[] | null;
};

/**
 * The save check of the form and the server, in the spec's order: the student, the dates, all 8
 * rows, then row by row a score and its range. The first failing message, or null.
 */
export function appraisalError(input: AppraisalInput): string | null {
  const studentId = input.studentId ?? '';
  if (studentId.trim() === '') return APPRAISAL_MESSAGES.noStudent;
  if (!input.fromDate || !isCalendarDate(input.fromDate)) return APPRAISAL_MESSAGES.noToDate;
  const rows = input.rows ?? [];
  if (rows.length !== APPRAISAL_ROW_COUNT) return APPRAISAL_MESSAGES.allRows;
  for (const [index, row] of rows.entries()) {
    const n = index + 1;
    if (row.score === undefined || row.score === null || Number.isNaN(row.score)) {
      return APPRAISAL_MESSAGES.scoreFor(n);
    }
    if (!Number.isInteger(row.score) || row.score < APPRAISAL_SCORE_MIN || row.score > APPRAISAL_SCORE_MAX) {
      return APPRAISAL_MESSAGES.scoreRange(n);
    }
  }
  if (/\s/.test(studentId)) return APPRAISAL_MESSAGES.invalidStudent;
  return null;
}

export const CreateAppraisalSchema = z.object({
  studentId: z.string().max(100).nullish(),
  fromDate: z.string().max(20).nullish(),
  rows: z
    .array(
      z.object({
        score: z.number().nullish(),
        remark: z.string().max(APPRAISAL_REMARK_MAX).nullish(),
      }),
    )
    .max(20)
    .nullish(),
});
export type CreateAppraisalInput = z.infer<typeof CreateAppraisalSchema>;

export const AppraisalRowSchema = z.object({
  particular: z.string(),
  score: z.number(),
  evaluation: z.enum(EVALUATIONS),
  remark: z.string().nullable(),
});
export const AppraisalSchema = z.object({
  id: z.string(),
  student: PersonRefSchema,
  fromDate: z.string(),
  toDate: z.string(),
  rows: z.array(AppraisalRowSchema),
  appraisedBy: PersonRefSchema,
  appraisedAt: z.string(),
});
export type Appraisal = z.infer<typeof AppraisalSchema>;

export const AppraisalListSchema = z.object({ student: PersonRefSchema, items: z.array(AppraisalSchema) });
export type AppraisalList = z.infer<typeof AppraisalListSchema>;
export const AppraisalSavedSchema = z.object({ message: z.string(), appraisal: AppraisalSchema });
