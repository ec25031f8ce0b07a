import { z } from 'zod';
import { addDays, FileRefSchema, PersonRefSchema } from '../academic/common';
import { ListQuerySchema } from '../schemas/list';

/**
 * DRP postings (`/drp/home`, spec 03 sections 2, 3, 5, 9; issue 12): a resident's three-month
 * District Residency Programme posting at an institution, supervised there by a DRP coordinator.
 * The resident records their own posting; faculty of the department may record it for them
 * (docs/decisions/012-drp-and-forensic.md). A coordinator is a real account (`drp_coordinator`),
 * created with the posting when the address is new.
 */

/** Spec 03 section 9: the schedule's end is the start plus 90 days, set automatically. */
export const DRP_POSTING_DAYS = 90;

export function drpScheduleTo(scheduleFrom: string): string {
  return addDays(scheduleFrom, DRP_POSTING_DAYS);
}

export const DRP_NAME_MAX = 200;
export const DRP_PHONE_MAX = 20;
export const DRP_EMAIL_MAX = 254;

/** Spec 03 sections 5 and 8 where they have the message; the rest are ours. */
export const DRP_MESSAGES = {
  fillAll: 'Please fill all the fields!',
  selectInstitution: 'Please select an institution',
  added: 'DRPC added successfully!',
  saveFailed: 'Failed to save data. Please try again!',
  invalidEmail: 'Invalid Email: Please enter a valid email address',
  invalidPhone: 'Invalid Phone Number: Please enter a valid 10 digit phone number',
  institutionNotFound: 'Institution not found',
  stateMismatch: 'The institution is not in the chosen state.',
  studentRequired: 'Please select a student first.',
  studentNotFound: 'Student not found',
  overlapping: 'This student already has a DRP posting in these dates.',
  emailTaken: 'This e-mail belongs to another account. The DRP coordinator needs an address of their own.',
  postingNotFound: 'DRP posting not found',
  deleted: 'DRP posting deleted successfully',
  attendanceMarked: 'This posting has attendance marked; it can no longer be deleted.',
  noPosting: 'Please add your DRP posting first (DRP Co-ordinator).',
  outsidePosting: 'The date must fall within one of your DRP postings.',
  postingNotStarted: 'Your DRP posting has not started yet.',
  hasRecords: 'This posting has DRP activities or logbook uploads; it can no longer be deleted.',
  invalidScheduleFrom: 'Please choose a valid Schedule From date.',
  addTitle: 'Add DRPC',
  deleteTitle: 'Are you sure?',
  deleteWarning: "You won't be able to revert this!",
} as const;

/** Texts the new coordinator receives (mail, messaging app, in-app). */
export const DRP_COORDINATOR_TEXT = {
  subject: 'Your PG e-Logbook DRP coordinator account',
  message: (student: string, institution: string) =>
    `${student} has been posted to ${institution} for the District Residency Programme and named you as DRP coordinator. Check your e-mail to verify your PG e-Logbook account.`,
  postedSubject: (student: string) => `${student} is posted to you for DRP`,
  posted: (student: string, institution: string, from: string, to: string) =>
    `${student} is posted to ${institution} for the District Residency Programme from ${from} to ${to}.`,
} as const;

/**
 * Add DRPC. Everything optional at the schema level so the service answers the spec's own
 * message for a missing field ('Please fill all the fields!', 'Please select an institution').
 * `studentId` only from staff recording a posting for a student of their department; a student's
 * own posting takes the student from the session.
 */
export const CreatePostingSchema = z.object({
  studentId: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  institutionId: z.string().max(100).optional(),
  coordinatorName: z.string().max(DRP_NAME_MAX).optional(),
  coordinatorEmail: z.string().max(DRP_EMAIL_MAX).optional(),
  coordinatorPhone: z.string().max(DRP_PHONE_MAX).optional(),
  scheduleFrom: z.string().max(20).optional(),
  /** Ignored when sent: the server sets it to scheduleFrom + 90 days. */
  scheduleTo: z.string().max(20).optional(),
  noticeFileId: z.string().max(100).optional(),
});
export type CreatePostingInput = z.infer<typeof CreatePostingSchema>;

/** The coordinator an institution already has (the one of its latest posting), to prefill the form. */
export const InstitutionCoordinatorSchema = z.object({
  coordinator: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});
export type InstitutionCoordinator = z.infer<typeof InstitutionCoordinatorSchema>;

export const ListPostingsQuerySchema = ListQuerySchema.extend({
  studentId: z.string().max(100).optional(),
});
export type ListPostingsQuery = z.infer<typeof ListPostingsQuerySchema>;

/** One row of the DRP Records table (spec 03 section 2) plus what the page needs. */
export const PostingSchema = z.object({
  id: z.string(),
  student: PersonRefSchema,
  /** The student's own college ('student institution'). */
  studentCollege: z.string(),
  institution: z.object({ id: z.string(), name: z.string() }),
  state: z.string(),
  coordinator: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
  scheduleFrom: z.string(),
  scheduleTo: z.string(),
  notice: FileRefSchema.nullable(),
  /** Whether the caller may delete it (the same rule the server applies). */
  canDelete: z.boolean(),
  createdAt: z.string(),
});
export type Posting = z.infer<typeof PostingSchema>;

export const PostingListSchema = z.object({
  items: z.array(PostingSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PostingList = z.infer<typeof PostingListSchema>;

/** `GET /drp/institutions?state=`: the institutions of one state, for the Add DRPC form. */
export const DrpInstitutionsQuerySchema = z.object({ state: z.string().max(100).optional() });
export const DrpInstitutionListSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DrpInstitutionList = z.infer<typeof DrpInstitutionListSchema>;

/** `POST /drp/postings` answers the spec's message and the posting as the list shows it. */
export const PostingSavedSchema = z.object({ message: z.string(), posting: PostingSchema });
export type PostingSaved = z.infer<typeof PostingSavedSchema>;
