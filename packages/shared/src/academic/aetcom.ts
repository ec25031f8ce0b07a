import { z } from 'zod';
import { isCalendarDate } from '../schemas/dates';
import { PersonRefSchema } from './common';

/**
 * AETCOM (Attitude, Ethics and Communication) yearly scores (`/atcom`, spec 03 sections 2, 4, 5,
 * 9): faculty score 41 skills in 11 groups, 1 to 10 each, once a year of training. The spec
 * names the groups and their sizes only; the skills are the module's usual headings. "Leaderships
 * Skills" is corrected to "Leadership Skills" (DESIGN.md section 5).
 */
export const AETCOM_GROUPS = [
  {
    key: 'attitudes',
    title: 'Attitudes',
    skills: [
      'Respect for patients and their families',
      'Punctuality and discipline',
      'Compassion and empathy',
      'Openness to feedback',
    ],
  },
  {
    key: 'ethics',
    title: 'Ethics & Values',
    skills: ['Integrity and honesty', 'Confidentiality and consent'],
  },
  {
    key: 'responsiveness',
    title: 'Responsiveness',
    skills: [
      'Responds promptly to patient needs',
      'Accepts responsibility for duties',
      'Calm in emergencies',
    ],
  },
  {
    key: 'communication',
    title: 'Communication',
    skills: [
      'Communication with patients',
      'Communication with families',
      'Communication with colleagues',
      'Breaking bad news',
    ],
  },
  {
    key: 'emotion',
    title: 'Emotion Skills',
    skills: ['Self-awareness', 'Managing stress', 'Managing conflict'],
  },
  {
    key: 'cognitive',
    title: 'Cognitive Skills',
    skills: ['Clinical reasoning', 'Decision making', 'Problem solving', 'Applying evidence'],
  },
  {
    key: 'organizing',
    title: 'Organizing Skills',
    skills: ['Time management', 'Organising ward work', 'Record keeping'],
  },
  {
    key: 'leadership',
    title: 'Leadership Skills',
    skills: [
      'Leading the team',
      'Delegating tasks',
      'Motivating others',
      'Taking initiative',
      'Mentoring juniors',
    ],
  },
  {
    key: 'management',
    title: 'Management Skills',
    skills: [
      'Resource management',
      'Patient flow',
      'Handling crises',
      'Quality and patient safety',
      'Coordination with other departments',
    ],
  },
  {
    key: 'reporting',
    title: 'Reporting Skills',
    skills: [
      'Case presentation',
      'Written reports and summaries',
      'Medico-legal documentation',
      'Reporting adverse events',
    ],
  },
  {
    key: 'oratory',
    title: 'Oratory Skills',
    skills: ['Seminar presentation', 'Teaching juniors', 'Public speaking', 'Answering questions'],
  },
] as const;

/** One score's key: the group key and the skill's 1-based number, e.g. `attitudes.2`. */
export function aetcomSkillKey(groupKey: string, skillIndex: number): string {
  return `${groupKey}.${skillIndex + 1}`;
}

/** Every skill in form order with its key and labels (41). */
export const AETCOM_SKILLS = AETCOM_GROUPS.flatMap((group) =>
  group.skills.map((skill, index) => ({
    key: aetcomSkillKey(group.key, index),
    group: group.title,
    skill,
  })),
);
export const AETCOM_SKILL_COUNT = AETCOM_SKILLS.length;

export const AETCOM_SCORE_MIN = 1;
export const AETCOM_SCORE_MAX = 10;
/** A year of training: To Date = From Date + 1 year. */
export const AETCOM_PERIOD_YEARS = 1;

/** Spec 03 section 5 word for word; the rest are ours. */
export const AETCOM_MESSAGES = {
  selectStudent: 'Select a Student First!',
  selectFromDate: 'Select a From Date First!',
  fillScores: 'Please fill in all scores!',
  scoreRange: 'Every score must be a whole number from 1 to 10.',
  saved: 'Aetcom scores saved successfully!',
  overlap: 'This student already has Aetcom scores for part of this year.',
  futureFrom: 'The From Date cannot be later than today.',
  /** Beside a skill the Save found unscored (issue 28). */
  notScored: 'Not scored',
  /** Beside the spec's message: how many are left and where. */
  unscoredCount: (n: number) =>
    `${n} ${n === 1 ? 'skill is' : 'skills are'} not scored yet: marked in red below.`,
} as const;

/**
 * The student's notice and mail when faculty record a year (issue 28): that it was recorded and
 * by whom, with a link; never a score.
 */
export const AETCOM_NOTICES = {
  recordedSubject: (year: number) => `AETCOM year ${year} recorded`,
  recorded: (year: number, scoredBy: string) =>
    `${scoredBy} has recorded your AETCOM scores for year ${year}.`,
} as const;

/** The mean of the scores given (two decimals), or null when none is; as the server's average. */
export function averageOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 100) / 100;
}

export type AetcomInput = {
  studentId?: string | null;
  fromDate?: string | null;
  scores?: Readonly<Record<string, number | null | undefined>> | null;
};

/** The save check of the form and the server, in the spec's order. The first message, or null. */
export function aetcomError(input: AetcomInput): string | null {
  if (!input.studentId || input.studentId.trim() === '') return AETCOM_MESSAGES.selectStudent;
  if (!input.fromDate || !isCalendarDate(input.fromDate)) return AETCOM_MESSAGES.selectFromDate;
  const scores = input.scores ?? {};
  for (const { key } of AETCOM_SKILLS) {
    const value = scores[key];
    if (value === undefined || value === null || Number.isNaN(value)) return AETCOM_MESSAGES.fillScores;
  }
  for (const { key } of AETCOM_SKILLS) {
    const value = scores[key] as number;
    if (!Number.isInteger(value) || value < AETCOM_SCORE_MIN || value > AETCOM_SCORE_MAX) {
      return AETCOM_MESSAGES.scoreRange;
    }
  }
  return null;
}

export const CreateAetcomSchema = z.object({
  studentId: z.string().max(100).nullish(),
  fromDate: z.string().max(20).nullish(),
  scores: z.record(z.string().max(40), z.number().nullish()).nullish(),
});
export type CreateAetcomInput = z.infer<typeof CreateAetcomSchema>;

export const AetcomRecordSchema = z.object({
  id: z.string(),
  student: PersonRefSchema,
  year: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
  /** Skill key -> score; only the 41 known keys. */
  scores: z.record(z.string(), z.number()),
  /** The average of the 41 scores, two decimals. */
  average: z.number(),
  scoredBy: PersonRefSchema,
  scoredAt: z.string(),
});
export type AetcomRecord = z.infer<typeof AetcomRecordSchema>;

export const AetcomListSchema = z.object({
  student: PersonRefSchema,
  items: z.array(AetcomRecordSchema),
  /** The year number the next record gets: existing records + 1. */
  nextYear: z.number().int(),
  /**
   * The From Date the form starts with for the next year (still editable): the day after the
   * last year's To Date, or for year 1 the student's joining date; null when unknown or later
   * than today.
   */
  nextFromDate: z.string().nullable(),
});
export type AetcomList = z.infer<typeof AetcomListSchema>;
export const AetcomSavedSchema = z.object({ message: z.string(), record: AetcomRecordSchema });
