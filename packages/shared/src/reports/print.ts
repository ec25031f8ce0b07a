import { z } from 'zod';
import { AuthenticatedMonthSchema } from '../supervision/month-authentication';

/**
 * The printable logbook (spec 03 sections 2, 3 and 9): 22 sections in this order. The server
 * assembles them (`GET /api/v1/print-logbook/:studentId`) already formatted (long month names,
 * 'N/A', skill titles cut to 20 characters), so the print page and the PDF show the same text.
 */
export const PRINT_SECTIONS = [
  { key: 'cover', title: 'Cover' },
  { key: 'guidelines', title: 'Guidelines' },
  { key: 'bonafide', title: 'Bonafide Certificate' },
  { key: 'proforma', title: 'Student Proforma' },
  { key: 'checklist', title: 'Mandatory Checklist' },
  { key: 'academic-activity', title: 'Academic Activity' },
  { key: 'diagnostic-skills', title: 'Diagnostic Skills' },
  { key: 'procedures', title: 'Procedures' },
  { key: 'clinical-cases', title: 'Clinical Cases' },
  { key: 'skill-labs', title: 'Skill Labs' },
  { key: 'teaching', title: 'Teaching Experience' },
  { key: 'participations', title: 'Academic Participations' },
  { key: 'extracurricular', title: 'Extracurricular Activities' },
  { key: 'speciality-posting', title: 'Speciality Clinic Posting' },
  { key: 'paper-poster', title: 'Paper/Poster Presentation' },
  { key: 'publication', title: 'Paper Publication' },
  { key: 'leave', title: 'Leave Record' },
  { key: 'synopsis', title: 'Thesis Synopsis' },
  { key: 'thesis-review', title: 'Thesis Review' },
  { key: 'aetcom', title: 'AETCOM Skills' },
  { key: 'appraisal', title: 'Appraisal Form (Annexure I)' },
  { key: 'memos', title: 'Memos Issued' },
] as const;
export type PrintSectionKey = (typeof PRINT_SECTIONS)[number]['key'];

/**
 * Record kinds printed in each record section (the rest of the 22 are built from the profile,
 * the thesis, AETCOM, appraisal and memo tables). DRP and forensic records follow as an annexure.
 */
export const PRINT_SECTION_KINDS: Partial<Record<PrintSectionKey, readonly string[]>> = {
  checklist: ['checklist'],
  'academic-activity': ['clinical-training', 'introduction-schedule', 'opd'],
  'diagnostic-skills': ['diagnostic-skill'],
  procedures: ['procedure', 'surgical-skill'],
  'clinical-cases': ['clinical-case'],
  'skill-labs': ['skills-lab'],
  teaching: ['teaching'],
  participations: ['conference'],
  extracurricular: ['extra-curricular'],
  'speciality-posting': ['speciality-posting'],
  'paper-poster': ['paper-poster'],
  publication: ['publication'],
  leave: ['leave'],
  synopsis: ['synopsis-upload'],
  'thesis-review': ['thesis-review', 'thesis-upload'],
};
/** The annexure after the 22 sections, present only when the student has such records. */
export const PRINT_ANNEXURE = { key: 'drp', title: 'Annexure II: District Residency Programme' } as const;
export const PRINT_ANNEXURE_KINDS = [
  'drp-activity',
  'drp-upload',
  'autopsy',
  'medico-legal',
  'expert-opinion',
  'crime-scene',
] as const;

/** Print constants (spec 03 section 9). */
export const PRINT_NOT_AVAILABLE = 'N/A';
export const PRINT_SKILL_TITLE_MAX = 20;
export const BONAFIDE_YEARS = 3;
/** Appraisal scores 1-9; under 4 the form asks for remediation (Annexure I). */
export const APPRAISAL_REMEDIATION_BELOW = 4;
export { APPRAISAL_REMEDIATION_NOTE } from '../academic/appraisal';

export const PRINT_MESSAGES = {
  selectStudent: 'Please select student',
  studentNotFound: 'Student not found',
  notAllowed: 'You can only print the logbooks of your own department.',
  unverifiedCaption: 'Pending and rejected entries (not verified, not evidence)',
  noEntries: 'No entries.',
  printFailed: 'The print window could not be opened. Please allow pop-ups for this site and try again.',
} as const;

export const RecordStatusSchema = z.enum(['pending', 'approved', 'rejected']);

export const PrintRowSchema = z.object({
  /** The record's id (never shown in print; the fingerprint and the web's links use it). */
  id: z.string(),
  status: RecordStatusSchema,
  /** One text per column, already formatted; missing values are 'N/A'. */
  cells: z.array(z.string()),
  /**
   * A verified entry reset since with a reason (issue 27): the day of the last reset, DD-MM-YYYY.
   * The print and the PDF mark the row "Amended" with it. Not part of the fingerprint: the reset
   * already changed the row's status (and a new verification its verified cell).
   */
  amendedOn: z.string().optional(),
});
export type PrintRow = z.infer<typeof PrintRowSchema>;

/** The column a verified table gets when any of its rows was amended (issue 27). */
export const PRINT_AMENDED_COLUMN = 'Amended';

/** Whether any row was amended: a verified table then ends with the Amended column. */
export function hasAmendedRows(rows: readonly PrintRow[]): boolean {
  return rows.some((row) => row.amendedOn !== undefined);
}

/** A verified row's Amended cell: 'Amended 05-03-2025', or empty for a row never amended. */
export function amendedMark(row: PrintRow): string {
  return row.amendedOn ? `Amended ${row.amendedOn}` : '';
}

export const PRINT_STATUS_LABELS: Record<PrintRow['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * The Status cell of a pending or rejected row, with the day it was amended when it was reset
 * after a verification ('Pending (amended 05-03-2025)'). The unverified table already has a
 * Status column, so the mark goes there rather than into a column of its own: its tables are
 * the widest of the logbook (a procedure's has 13 columns on an A4 page).
 */
export function unverifiedStatus(row: PrintRow): string {
  const label = PRINT_STATUS_LABELS[row.status];
  return row.amendedOn ? `${label} (amended ${row.amendedOn})` : label;
}

export const PrintBlockSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('paragraphs'),
    heading: z.string().optional(),
    paragraphs: z.array(z.string()),
  }),
  z.object({
    type: z.literal('fields'),
    heading: z.string().optional(),
    fields: z.array(
      z.object({
        label: z.string(),
        value: z.string(),
        /**
         * What the fingerprint hashes instead of `value` when the printed text can change while
         * the logbook does not: the guide's user id for the guide's current name. Never printed.
         */
        evidence: z.string().optional(),
      }),
    ),
  }),
  z.object({
    type: z.literal('table'),
    /** A caption of its own, e.g. the record kind's title when a section prints several kinds. */
    heading: z.string().optional(),
    columns: z.array(z.string()),
    /** Verified rows: the evidence. */
    verified: z.array(PrintRowSchema),
    /** Pending and rejected rows, printed apart and marked with their status. */
    unverified: z.array(PrintRowSchema),
  }),
]);
export type PrintBlock = z.infer<typeof PrintBlockSchema>;

export const PrintSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  blocks: z.array(PrintBlockSchema),
});
export type PrintSection = z.infer<typeof PrintSectionSchema>;

export const PrintLogbookSchema = z.object({
  student: z.object({
    id: z.string(),
    name: z.string(),
    fatherName: z.string(),
    motherName: z.string(),
    departmentName: z.string(),
    courseTitle: z.string(),
    hodName: z.string(),
    /** Long-month dates ('1 August 2024') or 'N/A'. */
    joiningDate: z.string(),
    periodTo: z.string(),
    certified: z.boolean(),
  }),
  college: z.object({
    name: z.string(),
    address: z.string(),
    state: z.string(),
    /** `/api/v1/files/...` of the college logo, or null. */
    logoUrl: z.string().nullable(),
  }),
  /** When the data was read (ISO timestamp). */
  generatedAt: z.string(),
  /** The 22 PRINT_SECTIONS in order, then the annexure when there is one. */
  sections: z.array(PrintSectionSchema),
  /**
   * The months the guide authenticated (issue 30), oldest first, each marked when an entry
   * changed since. Printed after the sections; never part of the fingerprint (`sections` is).
   */
  authenticatedMonths: z.array(AuthenticatedMonthSchema),
});
export type PrintLogbook = z.infer<typeof PrintLogbookSchema>;

export const PrintStudentParamsSchema = z.object({ studentId: z.uuid() });

/** The staff picker lists at most this many students (Master and Admin search the whole roll). */
export const PRINT_PICKER_LIMIT = 50;

/** `GET /api/v1/print-logbook/students?search=`: students the caller may print. */
export const PrintStudentsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, { error: 'The search is too long (100 characters at most).' })
    .optional(),
});
export type PrintStudentsQuery = z.infer<typeof PrintStudentsQuerySchema>;

export const PrintStudentOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  departmentName: z.string(),
  collegeName: z.string(),
});
export type PrintStudentOption = z.infer<typeof PrintStudentOptionSchema>;
export const PrintStudentsResponseSchema = z.object({ items: z.array(PrintStudentOptionSchema) });
export type PrintStudentsResponse = z.infer<typeof PrintStudentsResponseSchema>;

/** The guidelines section: how a postgraduate resident keeps the logbook (NMC PGMER 2023). */
export const PRINT_GUIDELINES = [
  'This logbook is a record of the training of a postgraduate resident under the National Medical Commission (NMC) Postgraduate Medical Education Regulations. Keep it up to date from the day of joining until the end of the course.',
  'Enter every activity (academic sessions, clinical work, procedures, skills, cases, teaching, presentations, publications and leave) within the week it happens, truthfully and in your own words.',
  'Each entry must be verified by the faculty member who supervised it. Only verified entries count as evidence of training; pending and rejected entries are printed separately.',
  "Never record a patient's name, contact details or address beyond what the entry asks for. Patient-identifying details are not printed in this logbook.",
  'The Head of the Department and the guide review the logbook regularly, with the quarterly appraisal (Annexure I), and it is assessed for eligibility to appear in the university examination.',
  'The logbook, the thesis and the appraisal forms together form part of the formative assessment. Keep certificates of courses, conferences and publications with the logbook.',
] as const;
