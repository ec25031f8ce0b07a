import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../roles';
import { EMAIL_PATTERN, requiredText } from './common';
import { ListQuerySchema } from './list';
import { STAFF_CONFIRMATIONS, type StaffConfirmation } from './staff-confirmation';

/**
 * Staff administration (spec 03 sections 2, 5, 6, 8): /allStaff (HOD), /allHod titled All
 * Staffs (Master), the footer Add HOD modal, and students adding their teachers (spec 01
 * section 1, steps 3-5). Messages are the spec's, word for word, where it has one.
 */
export const STAFF_MESSAGES = {
  fillAll: 'Fill All details',
  added: 'Staff added successfully',
  updated: 'Staff updated successfully',
  statusUpdated: 'Status updated successfully',
  failedStatus: 'Failed to update status',
  serverErrorStatus: 'Server error while updating status',
  failedUpdate: 'Failed to update staff',
  serverErrorUpdate: 'Server error while updating staff',
  failedAssign: 'Failed to assign students',
  serverErrorAssign: 'Server error while assigning students',
  selectStudents: 'Please select at least one student',
  noStaffSelected: 'No staff selected for assignment',
  assigned: 'Students assigned successfully',
  phoneCountryCode: 'Please enter the phone number with its country code',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  selectCollege: 'Please select a college and department',
  departmentNotInCollege: 'This department is not part of the selected college',
  studentsOutsideDepartment: 'Students can only be assigned to staff of their own department',
  notFound: 'Staff member not found',
  ownStatus: 'You cannot block your own account',
  passwordReset: 'Password updated successfully',
  /** Titles of the page's dialogs. */
  addTitle: 'Add Staff',
  editTitle: 'Edit Staff',
  assignTitle: 'Assign Students',
  confirmTitle: 'Are you sure?',
  confirmBlock: 'You want to block this staff member? They will not be able to sign in.',
  confirmUnblock: 'You want to unblock this staff member?',
  confirmVerify: 'You want to verify this staff member? They will be able to sign in.',
} as const;

/** Footer Add HOD modal (spec 03 section 5): each message has its own dialog title. */
export const ADD_HOD_MESSAGES = {
  missingTitle: 'Missing Details',
  missing: 'Please fill in all the required fields',
  invalidEmailTitle: 'Invalid Email',
  invalidEmail: 'Please enter a valid email address',
  invalidPhoneTitle: 'Invalid Phone Number',
  invalidPhone: 'Please enter a valid 10 digit phone number',
  added: 'HOD added successfully',
} as const;

/** A student adding one of their teachers (spec 01 section 1, step 3). */
export const TEACHER_MESSAGES = {
  fillAll: 'Please fill all the fields!',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid 10 digit phone number',
  added: 'Teacher added successfully',
  /** The address belongs to a student, to staff of another department, or to Master. */
  emailTaken: "This email belongs to another account. Please use your teacher's own email address.",
  noPlacement: 'Please choose your college and department before adding teachers',
} as const;

/** Credentials e-mail and messaging-app text for a new staff account. */
export const STAFF_ACCOUNT_TEXT = {
  subject: 'Your PG e-Logbook faculty account',
  message: (addedBy: string) =>
    `PG e-Logbook: ${addedBy} has created a faculty account for you. Check your e-mail for your sign-in details.`,
} as const;

/** Roles offered by Add Staff (spec 03 section 9); HOD is the default. */
export const ADDABLE_STAFF_ROLES = [
  'hod',
  'professor',
  'associate_professor',
  'assistant_professor',
  'senior_resident',
  'clerk',
] as const satisfies readonly StaffRole[];
export type AddableStaffRole = (typeof ADDABLE_STAFF_ROLES)[number];
export const DEFAULT_STAFF_ROLE: AddableStaffRole = 'hod';
/** The role a teacher added by a student gets: the student names a teacher, not a designation. */
export const TEACHER_ROLE: AddableStaffRole = 'professor';

/**
 * A staff phone carries its country code (spec 03 section 5): '+' and 11 to 15 digits, e.g.
 * +919876543210. Spaces and dashes typed in between are dropped first.
 */
export const STAFF_PHONE_PATTERN = /^\+\d{11,15}$/;
export function normaliseStaffPhone(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  // A bare 10-digit number (older accounts, Add HOD, Add Teacher) is an Indian mobile number.
  return TEN_DIGIT_PHONE.test(compact) ? withIndianCountryCode(compact) : compact;
}
/** Staff phones are stored with their country code; the 10-digit forms are Indian numbers. */
export function withIndianCountryCode(tenDigits: string): string {
  return `+${DEFAULT_COUNTRY_CODE}${tenDigits}`;
}
/** Country codes the Add Staff phone field offers; India first (the default). */
export const PHONE_COUNTRY_CODES = ['91', '977', '880', '94', '971', '1', '44'] as const;
export const DEFAULT_COUNTRY_CODE = '91';
/** Ten digits, as the Add HOD and Add Teacher forms ask (an Indian mobile number). */
export const TEN_DIGIT_PHONE = /^\d{10}$/;

const staffPhone = requiredText(STAFF_MESSAGES.fillAll)
  .transform(normaliseStaffPhone)
  .refine((v) => STAFF_PHONE_PATTERN.test(v), { error: STAFF_MESSAGES.phoneCountryCode });

/**
 * Add Staff: email, phone, name and role required ('Fill All details'). Master also names the
 * college and department; for anyone else the server takes both from the session and ignores
 * these two fields.
 */
export const AddStaffSchema = z.object({
  name: requiredText(STAFF_MESSAGES.fillAll).max(120),
  email: requiredText(STAFF_MESSAGES.fillAll)
    .max(254)
    .toLowerCase()
    .refine((v) => EMAIL_PATTERN.test(v), { error: STAFF_MESSAGES.invalidEmail }),
  phone: staffPhone,
  role: z.enum(ADDABLE_STAFF_ROLES, { error: STAFF_MESSAGES.fillAll }),
  collegeId: z.uuid({ error: STAFF_MESSAGES.selectCollege }).optional(),
  departmentId: z.uuid({ error: STAFF_MESSAGES.selectCollege }).optional(),
});
export type AddStaffInput = z.infer<typeof AddStaffSchema>;

/** Footer Add HOD: name, email, 10-digit phone, in the caller's own college and department. */
export const AddHodSchema = z.object({
  name: requiredText(ADD_HOD_MESSAGES.missing).max(120),
  email: requiredText(ADD_HOD_MESSAGES.missing)
    .max(254)
    .toLowerCase()
    .refine((v) => EMAIL_PATTERN.test(v), { error: ADD_HOD_MESSAGES.invalidEmail }),
  phone: requiredText(ADD_HOD_MESSAGES.missing).refine((v) => TEN_DIGIT_PHONE.test(v), {
    error: ADD_HOD_MESSAGES.invalidPhone,
  }),
});
export type AddHodInput = z.infer<typeof AddHodSchema>;

/** Edit Staff: name, phone and status (true: may sign in; false: blocked). */
export const EditStaffSchema = z.object({
  name: requiredText(STAFF_MESSAGES.fillAll).max(120),
  phone: staffPhone,
  active: z.boolean({ error: STAFF_MESSAGES.fillAll }),
});
export type EditStaffInput = z.infer<typeof EditStaffSchema>;

/**
 * Block / unblock (HOD on /allStaff) and the verify toggle (Master on /allHod). `active: true`
 * unblocks; from Master it also marks an unverified account verified. `active: false` blocks
 * and ends the member's sessions.
 */
export const SetStaffStatusSchema = z.object({ active: z.boolean({ error: STAFF_MESSAGES.failedStatus }) });
export type SetStaffStatusInput = z.infer<typeof SetStaffStatusSchema>;

/** Assign Students (HOD): the full set of students assigned to one staff member after saving. */
export const AssignStudentsSchema = z.object({
  studentIds: z
    .array(z.uuid({ error: STAFF_MESSAGES.selectStudents }), { error: STAFF_MESSAGES.selectStudents })
    .min(1, { error: STAFF_MESSAGES.selectStudents })
    .max(1000),
});
export type AssignStudentsInput = z.infer<typeof AssignStudentsSchema>;
export const AssignStudentsResponseSchema = z.object({
  message: z.string(),
  assignedCount: z.number().int(),
});

/** The Assign Students modal's choices: every live student of the staff member's department. */
export const AssignableStudentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  assigned: z.boolean(),
});
export type AssignableStudent = z.infer<typeof AssignableStudentSchema>;
export const AssignableStudentListSchema = z.object({ items: z.array(AssignableStudentSchema) });

/**
 * Where a staff member stands: `active` may sign in; `unverified` has not opened the
 * /verifyStaff link yet; `blocked` was blocked (whether verified or not); `awaiting` was proposed
 * by a student and waits for the HOD (issue 27); `declined` was turned down and cannot sign in.
 */
export const STAFF_STATUSES = ['active', 'unverified', 'blocked', 'awaiting', 'declined'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  active: 'Active',
  unverified: 'Unverified',
  blocked: 'Blocked',
  awaiting: 'Awaiting confirmation',
  declined: 'Declined',
};
export function staffStatusOf(staff: {
  verified: boolean;
  blocked: boolean;
  confirmation?: StaffConfirmation;
}): StaffStatus {
  if (staff.blocked) return 'blocked';
  if (staff.confirmation === 'declined') return 'declined';
  if (staff.confirmation === 'awaiting') return 'awaiting';
  return staff.verified ? 'active' : 'unverified';
}

/**
 * A row of /allStaff and /allHod: Name (with email and, for Master, identity), Phone, Role,
 * Department, College; for Master also Registration Date and Verify. Master-only fields are
 * null in the answer to anyone else.
 */
export const StaffListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  collegeId: z.uuid().nullable(),
  collegeName: z.string().nullable(),
  departmentId: z.uuid().nullable(),
  departmentName: z.string().nullable(),
  verified: z.boolean(),
  blocked: z.boolean(),
  /** Whether a student-made account is confirmed yet (issue 27). */
  confirmation: z.enum(STAFF_CONFIRMATIONS),
  /** Who created the account (the spec's `hod`): an HOD, Master or the student who added a teacher. */
  addedByName: z.string().nullable(),
  assignedStudentCount: z.number().int(),
  /** Master only: the uploaded identity document (authorised file route) and the registration date. */
  identityUrl: z.string().nullable(),
  identityContentType: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type StaffListItem = z.infer<typeof StaffListItemSchema>;

export const ListStaffQuerySchema = ListQuerySchema.extend({
  role: z.enum(STAFF_ROLES).optional(),
  /** Master only (ignored for HOD, whose scope is their own college and department). */
  collegeId: z.uuid().optional(),
});
export type ListStaffQuery = z.infer<typeof ListStaffQuerySchema>;

export const AddStaffResponseSchema = z.object({ message: z.string(), id: z.uuid() });

/** A student adds a teacher: name, email, 10-digit phone (spec 01 section 1, step 3). */
export const AddTeacherSchema = z.object({
  name: requiredText(TEACHER_MESSAGES.fillAll).max(120),
  email: requiredText(TEACHER_MESSAGES.fillAll)
    .max(254)
    .toLowerCase()
    .refine((v) => EMAIL_PATTERN.test(v), { error: TEACHER_MESSAGES.invalidEmail }),
  phone: requiredText(TEACHER_MESSAGES.fillAll).refine((v) => TEN_DIGIT_PHONE.test(v), {
    error: TEACHER_MESSAGES.invalidPhone,
  }),
});
export type AddTeacherInput = z.infer<typeof AddTeacherSchema>;

/** One of the student's own teachers (added by them or assigned by the HOD). */
export const MyTeacherSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
});
export type MyTeacher = z.infer<typeof MyTeacherSchema>;
export const MyTeacherListSchema = z.object({ items: z.array(MyTeacherSchema) });
export const AddTeacherResponseSchema = z.object({ message: z.string(), teacher: MyTeacherSchema });
