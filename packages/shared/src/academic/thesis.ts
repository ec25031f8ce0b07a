import { z } from 'zod';
import { isCalendarDate } from '../schemas/dates';
import { FileRefSchema, PersonRefSchema } from './common';

/**
 * Thesis synopsis (`/synopsis`) and thesis (`/thesisReview`), spec 03 sections 2, 4, 5, 7: a
 * student's steps, each written once, in order. The synopsis ends with the IEC clearance
 * certificate; the thesis with the synopsis acceptance certificate and its date. The review
 * uploads of both pages are record-engine kinds (`synopsis-upload`, `thesis-upload`).
 */
export const THESIS_STAGES = ['synopsis', 'thesis'] as const;
export type ThesisStage = (typeof THESIS_STAGES)[number];

export const THESIS_STEPS = ['title', 'guide', 'coGuides', 'certificate', 'acceptanceDate'] as const;
export type ThesisStep = (typeof THESIS_STEPS)[number];

/** The steps of a stage, in the order they must be written. */
export function stepsOf(stage: ThesisStage): readonly ThesisStep[] {
  return stage === 'synopsis' ? THESIS_STEPS.slice(0, 4) : THESIS_STEPS;
}

/** The page of each stage and its title. */
export const THESIS_PAGES: Record<ThesisStage, { path: string; title: string; uploadKind: string }> = {
  synopsis: { path: '/synopsis', title: 'Thesis Synopsis', uploadKind: 'synopsis-upload' },
  thesis: { path: '/thesisReview', title: 'Thesis Review', uploadKind: 'thesis-upload' },
};

/** Labels of each stage's certificate step. */
export const CERTIFICATE_LABELS: Record<ThesisStage, string> = {
  synopsis: 'IEC Clearance Certificate',
  thesis: 'Thesis Synopsis Acceptance Certificate',
};

/** Spec 03 section 5, word for word; the success and refusal texts are ours. */
export const THESIS_MESSAGES = {
  synopsisTitleFirst: 'Please update Synopsis title first !!!',
  thesisTitleFirst: 'Please update Thesis title first !!!',
  enterTitle: 'Please enter title first',
  selectGuide: 'Please select guide first !!!',
  addCoGuide: 'Please add at least one Co-guide !!!',
  coGuideName: (n: number) => `Please enter a valid name for Co-guide ${n}`,
  coGuideDepartment: (n: number) => `Please select a department for Co-guide ${n}`,
  selectCertificate: 'Please select any certificate !!!',
  selectDate: 'Please select date',
  uploadFile: 'Please upload a file.',
  uploadFailed: 'Server error while uploading.',
  /** A second write of a step. */
  alreadySaved: 'This has already been saved and cannot be edited.',
  guideNotInDepartment: 'Please choose a guide from your department',
  departmentUnknown: (n: number) => `Please select a department for Co-guide ${n}`,
  confirmTitle: 'Are you sure?',
  confirm: {
    title: 'Do you really want to add this title? Once added, it cannot be edited.',
    guide: 'Do you really want to add this guide? Once added, it cannot be edited.',
    coGuides: 'Do you really want to add these co-guides? Once added, they cannot be edited.',
    certificate: 'Do you really want to add this certificate? Once added, it cannot be edited.',
    acceptanceDate: 'Do you really want to add this date? Once added, it cannot be edited.',
  } satisfies Record<ThesisStep, string>,
  saved: {
    title: 'Title added successfully',
    guide: 'Guide added successfully',
    coGuides: 'Co-guides added successfully',
    certificate: 'Certificate uploaded successfully',
    acceptanceDate: 'Acceptance date added successfully',
  } satisfies Record<ThesisStep, string>,
  /** The guide's in-app notice when a student names them. */
  guideNotice: (student: string) => `${student} has named you as their thesis guide`,
  /** The acceptance date cannot be later than today. */
  futureDate: 'The acceptance date cannot be later than today.',
} as const;

/** The message of a step taken before the one it needs (the spec's prerequisite order). */
export function missingStepMessage(stage: ThesisStage, step: ThesisStep): string {
  switch (step) {
    case 'title':
      return stage === 'synopsis' ? THESIS_MESSAGES.synopsisTitleFirst : THESIS_MESSAGES.thesisTitleFirst;
    case 'guide':
      return THESIS_MESSAGES.selectGuide;
    case 'coGuides':
      return THESIS_MESSAGES.addCoGuide;
    case 'certificate':
      return THESIS_MESSAGES.selectCertificate;
    case 'acceptanceDate':
      return THESIS_MESSAGES.selectDate;
  }
}

export const MAX_CO_GUIDES = 10;
export const THESIS_TITLE_MAX = 500;
export const CO_GUIDE_NAME_MAX = 200;

export type CoGuide = { name: string; department: string };

/**
 * The co-guide rows' check, shared by the form and the server: at least one row, then row by
 * row a non-blank name and a department. The first failing message, or null.
 */
export function coGuidesError(rows: readonly Partial<CoGuide>[]): string | null {
  if (rows.length === 0) return THESIS_MESSAGES.addCoGuide;
  for (const [index, row] of rows.entries()) {
    const n = index + 1;
    if (typeof row.name !== 'string' || row.name.trim() === '') return THESIS_MESSAGES.coGuideName(n);
    if (typeof row.department !== 'string' || row.department.trim() === '') {
      return THESIS_MESSAGES.coGuideDepartment(n);
    }
  }
  return null;
}

/** The title step: the synopsis and the thesis word the missing title differently. */
export function titleError(stage: ThesisStage, title: string | undefined): string | null {
  if (typeof title === 'string' && title.trim() !== '') return null;
  return stage === 'synopsis' ? THESIS_MESSAGES.synopsisTitleFirst : THESIS_MESSAGES.enterTitle;
}

// ---- Request bodies (loose: the service checks them with the functions above, in order) ----

export const ThesisStageParamsSchema = z.object({ stage: z.enum(THESIS_STAGES) });

export const ThesisTitleSchema = z.object({ title: z.string().max(THESIS_TITLE_MAX).optional() });
export const ThesisGuideSchema = z.object({ guideId: z.string().max(100).optional() });
export const ThesisCoGuidesSchema = z.object({
  coGuides: z
    .array(
      z.object({
        name: z.string().max(CO_GUIDE_NAME_MAX).optional(),
        department: z.string().max(200).optional(),
      }),
    )
    .max(MAX_CO_GUIDES, { error: `At most ${MAX_CO_GUIDES} co-guides` })
    .optional(),
});
export const ThesisCertificateSchema = z.object({ fileId: z.string().max(100).optional() });
export const ThesisAcceptanceDateSchema = z.object({ date: z.string().max(20).optional() });

export function isAcceptanceDate(value: string | undefined): value is string {
  return typeof value === 'string' && isCalendarDate(value);
}

// ---- Answers ----

export const ThesisSchema = z.object({
  id: z.string(),
  stage: z.enum(THESIS_STAGES),
  student: PersonRefSchema,
  title: z.string().nullable(),
  guide: PersonRefSchema.nullable(),
  coGuides: z.array(z.object({ name: z.string(), department: z.string() })),
  certificate: FileRefSchema.nullable(),
  /** YYYY-MM-DD; the thesis only. */
  acceptanceDate: z.string().nullable(),
  /** The next step the student may write, or null when every step is written. */
  nextStep: z.enum(THESIS_STEPS).nullable(),
  updatedAt: z.string(),
});
export type Thesis = z.infer<typeof ThesisSchema>;

/** GET /theses/{stage}: the student's record of the stage (null before the title is written). */
export const ThesisResponseSchema = z.object({
  student: PersonRefSchema,
  thesis: ThesisSchema.nullable(),
});
export type ThesisResponse = z.infer<typeof ThesisResponseSchema>;

export const ThesisSavedSchema = z.object({ message: z.string(), thesis: ThesisSchema });
export type ThesisSaved = z.infer<typeof ThesisSavedSchema>;
