import { z } from 'zod';
import { requiredText } from '../schemas/common';
import { ListQuerySchema, listResponseSchema } from '../schemas/list';
import { RecordFlagSchema } from './flags';
import { SKILL_ROLES } from './kinds/options';
import { ROLE_MESSAGES } from './roles';
import { RECORD_STATUSES, VERDICTS } from './types';

/** Messages of spec 02 sections 5 and 8 shared by every kind, word for word. */
export const RECORD_MESSAGES = {
  fillAll: 'Please fill in all the required fields',
  fillCorrectly: 'Please fill all fields correctly.',
  emptyField: (label: string) => `Field "${label}" is empty. Please fill all fields.`,
  requiredLabel: (label: string) => `${label} is required.`,
  futureDate: 'Date cannot be later than today',
  contactNumber: 'Contact Number must be a 10-digit number.',
  validationErrorTitle: 'Validation Error',
  unknownKind: 'Unknown activity type',
  notFound: 'Record not found',
  teacherNotInDepartment: 'Please choose a faculty member of your department',
  optionNotFound: (label: string) => `Please choose a valid ${label}`,
  verifyAllFields: 'All fields are required!',
  verified: 'Record verified successfully',
  reset: 'Record reset to Pending',
  /** Not in the spec (issue 10): Reset asks first; it clears the feedback and score. */
  resetConfirmTitle: 'Reset to Pending?',
  resetConfirm:
    'The feedback, score and confirmed role of this entry will be cleared for a new review. The history keeps the earlier verification with your reason, and the resident is told.',
  /** Not in the spec (issue 27): a verified entry is amended, never silently reset. */
  resetReasonLabel: 'Reason for the reset',
  resetReasonRequired: 'Please give the reason for the reset.',
  resetReasonTooLong: 'The reason can be at most 500 characters.',
  /** Not in the spec: the API refuses a verification that sets Pending (only Reset does). */
  verdictRequired: 'Status must be Approved or Rejected. Use Reset to return an entry to Pending.',
  /** Not in the spec (issue 10): under 'All fields are required!' when rubric rows are unscored. */
  unscoredRows: 'Not scored yet:',
  bulkVerified: (n: number) => `${n} records updated`,
  selectRecords: 'Please select at least one record',
  alreadyVerified: 'A verified record cannot be changed or deleted',
  /** Not in the spec: a record reset to Pending after a verification stays (docs/decisions/004). */
  verifiedKept: 'A verified entry cannot be deleted. Ask your faculty to review it again instead.',
  ownRecord: 'You cannot verify your own record',
  /** Not in the spec: a kind whose entries are only approved (thesis review uploads). */
  verdictNotOffered: (label: string) => `This entry can only be marked ${label}.`,
  deleted: 'Record deleted successfully',
  deleteFailed: 'Something went wrong while deleting.',
  deleteConfirmTitle: 'Are you sure?',
  deleteWarning: "You won't be able to revert this!",
  noActivity: 'No activity found',
  verificationPending: 'Verification Pending',
  notAvailable: 'N/A',
  noFile: 'No File Available',
  /** Not in the spec (issue 10): a student's logbook waits for the account's approval. */
  awaitingApprovalTitle: 'Awaiting approval',
  awaitingApproval:
    'Your account is awaiting approval by your teachers or head of department. You can add logbook entries once it is approved.',
  /** Not in the spec (issue 10): one checklist entry per particular; a rejected one may be replaced. */
  particularTaken: (particular: string) =>
    `${particular} is already in your Mandatory Checklist. Only a rejected entry can be replaced.`,
  submitFailed: 'Failed to submit data. Please try again.',
  fallback: 'Something went wrong',
} as const;

/**
 * POST /records: one body for every kind. `details` is checked against the kind's fields on the
 * server (the same function the form uses); common fields sit beside it.
 */
export const CreateRecordSchema = z.object({
  kind: z.string().min(1).max(60),
  date: z.string().nullable().optional(),
  teacherId: z.string().nullable().optional(),
  studentRemark: z.string().max(2000).nullable().optional(),
  certificateFileId: z.string().nullable().optional(),
  details: z.record(z.string(), z.unknown()).default({}),
});
export type CreateRecordInput = z.infer<typeof CreateRecordSchema>;

/** One score as stored: the scale step (or the rubric's overall) and, for a rubric, each row. */
export const ScoreSchema = z.object({
  value: z.number(),
  label: z.string(),
  rows: z.array(z.object({ title: z.string(), value: z.number().int().min(0).max(4) })).optional(),
});
export type Score = z.infer<typeof ScoreSchema>;

/** The Action modal: Approved or Rejected, a score (rubric rows when the type has one) and feedback. */
export const VerifyRecordSchema = z.object({
  // Pending is a status, not a verdict: a caller sending it is told that Reset does that.
  status: z.enum(VERDICTS, {
    error: (issue) =>
      issue.input === 'pending' ? RECORD_MESSAGES.verdictRequired : RECORD_MESSAGES.verifyAllFields,
  }),
  remark: z
    .string({ error: RECORD_MESSAGES.verifyAllFields })
    .trim()
    .min(1, { error: RECORD_MESSAGES.verifyAllFields })
    .max(2000),
  /** A scale value, or omitted when the kind is scored by rubric rows or not scored. */
  score: z.number().int().min(0).max(4).optional(),
  rubric: z.array(z.number().int().min(0).max(4)).optional(),
  /**
   * Kinds that log the resident's role (procedures, surgical and diagnostic skills): the role the
   * verifier confirms, kept beside the logged one; omitted means confirmed as logged (issue 27).
   * Refused for other kinds.
   */
  confirmedRole: z.enum(SKILL_ROLES, { error: ROLE_MESSAGES.invalid }).optional(),
});
export type VerifyRecordInput = z.infer<typeof VerifyRecordSchema>;

/** The most a reset's reason holds. */
export const RESET_REASON_MAX = 500;

/**
 * POST /records/:id/reset (issue 27): the reason is required. It is kept in the entry's history
 * (the reset row's remark) beside the verification it undoes; the resident reads it there.
 */
export const ResetRecordSchema = z.object(
  {
    reason: z
      .string({ error: RECORD_MESSAGES.resetReasonRequired })
      .trim()
      .min(1, { error: RECORD_MESSAGES.resetReasonRequired })
      .max(RESET_REASON_MAX, { error: RECORD_MESSAGES.resetReasonTooLong }),
  },
  { error: RECORD_MESSAGES.resetReasonRequired },
);
export type ResetRecordInput = z.infer<typeof ResetRecordSchema>;

/** The most entries one Verify selected sends (one transaction). */
export const BULK_VERIFY_MAX = 500;

export const BulkVerifySchema = VerifyRecordSchema.extend({
  recordIds: z
    .array(z.uuid({ error: RECORD_MESSAGES.selectRecords }))
    .min(1, { error: RECORD_MESSAGES.selectRecords })
    .max(BULK_VERIFY_MAX),
});
export type BulkVerifyRecordsInput = z.infer<typeof BulkVerifySchema>;

export const ListRecordsQuerySchema = ListQuerySchema.extend({
  kind: z.string().min(1).max(60),
  status: z.enum(RECORD_STATUSES).optional(),
  /** Staff only: one student of their department. Ignored for students (always themselves). */
  studentId: z.uuid().optional(),
});
export type ListRecordsQuery = z.infer<typeof ListRecordsQuerySchema>;

const FileRefSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  originalName: z.string(),
  contentType: z.string(),
});

/**
 * A row of the report table. `details` holds the kind's non-sensitive fields, remote selects
 * resolved to `{ id, title }`.
 */
export const RecordListItemSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  studentId: z.uuid(),
  studentName: z.string(),
  date: z.string().nullable(),
  teacherId: z.uuid().nullable(),
  teacherName: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  studentRemark: z.string().nullable(),
  verifierRemark: z.string().nullable(),
  score: ScoreSchema.nullable(),
  verifiedByName: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** Verified at least once, even if reset to Pending since: it can never be deleted. */
  everVerified: z.boolean(),
  /**
   * Kinds that log the resident's role: the role the last verification confirmed (the logged one
   * is `details.role`); null while pending and for other kinds (issue 27).
   */
  confirmedRole: z.string().nullable(),
  /**
   * When a verified entry was last reset to Pending with a reason (issue 27): the printable
   * logbook and the PDF mark it amended on that day; null for an entry never reset.
   */
  amendedAt: z.string().nullable(),
  certificate: FileRefSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** Why the entry looks doubtful, if it does (issue 27): flagged, never refused. */
  flags: z.array(RecordFlagSchema),
});
export type RecordListItem = z.infer<typeof RecordListItemSchema>;

/**
 * One verification or reset of a record (record_scores): who, when, the verdict, score, feedback
 * and confirmed role; a reset (`event: 'reset'`, status Pending) has its reason as its remark.
 */
export const ScoreHistoryItemSchema = z.object({
  event: z.enum(['verification', 'reset']),
  status: z.enum(RECORD_STATUSES),
  score: ScoreSchema.nullable(),
  /** The verifier's feedback; on a reset, its reason (null for resets made before issue 27). */
  remark: z.string().nullable(),
  /** The role this verification confirmed (kinds that log one), else null. */
  confirmedRole: z.string().nullable(),
  byName: z.string(),
  at: z.string(),
  /**
   * How a verification was made, when it is worth saying: "signed on the resident's device" for
   * a sign-off on the spot (issue 30). Absent otherwise.
   */
  note: z.string().optional(),
});
export type ScoreHistoryItem = z.infer<typeof ScoreHistoryItemSchema>;
/** Every verification and reset of a record, newest first. */
export const ScoreHistorySchema = z.object({ items: z.array(ScoreHistoryItemSchema) });

/** GET /records/:id: the list item plus sensitive fields for those allowed to see them. */
export const RecordDetailSchema = RecordListItemSchema.extend({
  /** Whether the caller may verify (faculty of the department, not their own) or delete (owner, never verified). */
  canVerify: z.boolean(),
  canDelete: z.boolean(),
  /**
   * The entry's history, newest first (the same items as GET /records/:id/scores): every earlier
   * verification stays readable after a reset (issue 27).
   */
  history: z.array(ScoreHistoryItemSchema),
});
export type RecordDetail = z.infer<typeof RecordDetailSchema>;

export const CreateRecordResponseSchema = z.object({ message: z.string(), record: RecordDetailSchema });
export const VerifyRecordResponseSchema = CreateRecordResponseSchema;
export const BulkVerifyRecordsResponseSchema = z.object({
  message: z.string(),
  updatedCount: z.number().int(),
});

/** GET /records/options/:source: the form's remote choices, for the caller's department. */
export const OPTION_SOURCES = ['teachers', 'competencies', 'skills', 'specialities'] as const;
export const OptionsParamsSchema = z.object({
  source: z.enum(OPTION_SOURCES, { error: 'Unknown option list' }),
});
export const OptionsQuerySchema = z.object({
  /** Competencies: diagnostic or procedural; both when omitted. */
  for: z.enum(['diag', 'proc']).optional(),
  /** Skills: of this competency (required for skills). */
  competencyId: z.uuid({ error: 'Please choose a competency' }).optional(),
});
export const OptionsResponseSchema = z.object({
  /**
   * In the list's order. A student's competencies and skills (issue 29) come with what they pinned
   * first (`pinned`), then the ones they used last (`recent`, newest first), then the rest.
   */
  items: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      pinned: z.boolean().optional(),
      recent: z.boolean().optional(),
    }),
  ),
});

/**
 * GET /records/counts: the student's dashboard, one row per kind in menu order. Kinds that log
 * the resident's role also count their approved entries per confirmed role, in SKILL_ROLES order
 * (issue 27): what the faculty confirmed, not what was logged.
 */
export const RecordCountsSchema = z.object({
  items: z.array(
    z.object({
      kind: z.string(),
      total: z.number().int(),
      approved: z.number().int(),
      pending: z.number().int(),
      rejected: z.number().int(),
      roles: z.array(z.object({ role: z.string(), approved: z.number().int() })).optional(),
    }),
  ),
});
export type RecordCounts = z.infer<typeof RecordCountsSchema>;

/**
 * GET /records/pending: the faculty's Pending Verifications (10 a page), the longest waiting first:
 * the overdue entries lead (issue 30).
 */
export const PendingRecordsQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true, search: true });
export const PendingRecordSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  studentId: z.uuid(),
  studentName: z.string(),
  summary: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  date: z.string().nullable(),
  /** Why the entry looks doubtful, if it does (issue 27): the verifier sees it before opening it. */
  flags: z.array(RecordFlagSchema),
  /** When it began to wait (ISO): submitted, or last reset to Pending; `isOverdue` after 7 days (issue 30). */
  pendingSince: z.string(),
});
export type PendingRecord = z.infer<typeof PendingRecordSchema>;

/**
 * A resident of a page of Pending Verifications (issue 30): everything of theirs waiting for the
 * caller, not only the page's rows, by kind, each kind's oldest first. The page groups its rows
 * under their resident and offers to verify a kind's entries together.
 */
export const PendingResidentSchema = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  /** Their entries pending for the caller, every kind. */
  pending: z.number().int(),
  /** When their longest-waiting entry began to wait (ISO). */
  oldestPendingSince: z.string(),
  kinds: z.array(z.object({ kind: z.string(), pending: z.number().int(), oldestPendingSince: z.string() })),
});
export type PendingResident = z.infer<typeof PendingResidentSchema>;

/**
 * GET /records/pending's answer: the page, oldest wait first (overdue first), and the residents of
 * its rows in the order their first row comes.
 */
export const PendingListSchema = listResponseSchema(PendingRecordSchema).extend({
  residents: z.array(PendingResidentSchema),
});
export type PendingList = z.infer<typeof PendingListSchema>;

/** GET /records/form-context: which restricted option sets the caller's department sees. */
export const FormContextSchema = z.object({ restrictedAllowed: z.array(z.string()) });

/**
 * GET /records/:kind/defaults (a student): what a new entry of the kind starts with, from the
 * student's latest entry of it (the teacher while still offered, the competency while still
 * listed), else the student's unit head as the teacher. With `subject` (the skill chosen on a
 * kind that logs the resident's role), the role the student last logged for that same skill
 * (issue 27). Absent keys mean no default.
 */
export const RecordDefaultsParamsSchema = z.object({ kind: z.string().min(1).max(60) });
export const RecordDefaultsQuerySchema = z.object({ subject: z.uuid().optional() });
export const RecordDefaultsSchema = z.object({
  teacherId: z.uuid().optional(),
  fields: z.object({
    competency: z.object({ id: z.uuid(), title: z.string() }).optional(),
    role: z.enum(SKILL_ROLES).optional(),
  }),
  /**
   * Repeat last (issue 29): the student's last entry of the kind, as the new form starts from it:
   * its activity date (shown in the note) and the values of `repeatedFields(kind)` the form still
   * offers (a remote choice by id), never a patient detail or a remark.
   */
  last: z
    .object({
      date: z.iso.date(),
      values: z.record(z.string(), z.string()),
    })
    .optional(),
});
export type RecordDefaults = z.infer<typeof RecordDefaultsSchema>;

/**
 * The report screen's Add Skills, Add Speciality and Add New Procedure modals (spec 02 sections 2
 * and 5): a missing choice is added for the caller's own college and department, then offered.
 */
export const OPTION_MESSAGES = {
  fillAll: RECORD_MESSAGES.fillAll,
  skillAdded: 'Skill added successfully!',
  specialityAdded: 'Speciality added successfully!',
  procedureAdded: 'Procedure added successfully!',
  competencyNotFound: 'Please choose a competency',
} as const;

const optionTitle = requiredText(RECORD_MESSAGES.fillAll).max(200, { error: RECORD_MESSAGES.fillCorrectly });
export const AddSkillOptionSchema = z.object({
  competencyId: z.uuid({ error: OPTION_MESSAGES.competencyNotFound }),
  title: optionTitle,
});
export type AddSkillOptionInput = z.infer<typeof AddSkillOptionSchema>;
export const AddTitledOptionSchema = z.object({ title: optionTitle });
export type AddTitledOptionInput = z.infer<typeof AddTitledOptionSchema>;
export const AddedOptionResponseSchema = z.object({
  message: z.string(),
  item: z.object({ id: z.uuid(), title: z.string() }),
});
