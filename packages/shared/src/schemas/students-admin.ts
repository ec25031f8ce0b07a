import { z } from 'zod';
import { ListQuerySchema } from './list';

/** Messages of spec 03 sections 5 and 8 for the student list, word for word. */
export const STUDENT_ADMIN_MESSAGES = {
  activeBan: 'Student Active/Ban successfully!',
  confirmTitle: 'Are you sure?',
  confirmActivate: 'You want to Active this student?',
  confirmBan: 'You want to Ban this student?',
  bulkVerified: (n: number) => `${n} students verified`,
  selectStudent: 'Please select student',
  paymentUpdated: 'Payment status updated successfully!',
  deleted: 'Student deleted successfully!',
  deleteWarning: "You won't be able to revert this!",
  passwordReset: 'Password updated successfully',
  notFound: 'Student not found',
  noRecord: 'No record selected for update',
  /** What the student is told when approved (spec 01 section 1, step 6). */
  approvedTitle: 'Your account has been verified',
  approved: (by: string) =>
    `${by} has verified your account. You can now start entering data in your PG e-Logbook.`,
} as const;

export const PAYMENT_STATUS_LABELS = { paid: 'Paid', pending: 'Pending' } as const;

/** A row of /allStudent (spec 03 section 2): Sr., Name, Phone, Department, College Name, Payment Status, Joined Date. */
export const StudentListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  departmentName: z.string().nullable(),
  collegeName: z.string().nullable(),
  courseTitle: z.string().nullable(),
  paid: z.boolean(),
  verifyByHod: z.boolean(),
  /** Marked by the HOD or Master: the student may download the Bonafide Certificate. */
  certified: z.boolean(),
  /**
   * What the Bonafide Certificate prints that the profile lacks (issue 28): the Certified switch
   * is disabled and names them while any is missing.
   */
  bonafideMissing: z.array(z.string()),
  joiningDate: z.string().nullable(),
  createdAt: z.string(),
  /** The college ID proof the approver checks first (authorised file route), if uploaded. */
  idProofUrl: z.string().nullable(),
  idProofContentType: z.string().nullable(),
});
export type StudentListItem = z.infer<typeof StudentListItemSchema>;

export const ListStudentsQuerySchema = ListQuerySchema.extend({
  verified: z.enum(['true', 'false']).optional(),
  paid: z.enum(['true', 'false']).optional(),
});
export type ListStudentsQuery = z.infer<typeof ListStudentsQuerySchema>;

export const SetVerificationSchema = z.object({
  verifyByHod: z.boolean({ error: STUDENT_ADMIN_MESSAGES.noRecord }),
});
export const SetPaymentSchema = z.object({ paid: z.boolean({ error: STUDENT_ADMIN_MESSAGES.noRecord }) });

export const BulkVerifySchema = z.object({
  studentIds: z
    .array(z.uuid({ error: STUDENT_ADMIN_MESSAGES.selectStudent }), {
      error: STUDENT_ADMIN_MESSAGES.selectStudent,
    })
    .min(1, { error: STUDENT_ADMIN_MESSAGES.selectStudent })
    .max(500),
});
export type BulkVerifyInput = z.infer<typeof BulkVerifySchema>;
export const BulkVerifyResponseSchema = z.object({ message: z.string(), updatedCount: z.number().int() });
