import { z } from 'zod';
import { isTeachingRole } from '../roles';
import { isoDate, pastIsoDate } from './dates';
import { SessionUserSchema } from './session-user';

export const BLOOD_GROUPS = ['A+', 'B+', 'AB+', 'O+', 'A-', 'B-', 'AB-', 'O-'] as const;
export const VACCINATION_STATUSES = ['Yes', 'No'] as const;

/** State medical councils a doctor can be registered with (plus the national register). */
export const MEDICAL_COUNCILS = [
  'Andhra Pradesh Medical Council',
  'Arunachal Pradesh Medical Council',
  'Assam Medical Council',
  'Bihar Medical Council',
  'Chhattisgarh Medical Council',
  'Delhi Medical Council',
  'Goa Medical Council',
  'Gujarat Medical Council',
  'Haryana Medical Council',
  'Himachal Pradesh Medical Council',
  'Jammu & Kashmir Medical Council',
  'Jharkhand Medical Council',
  'Karnataka Medical Council',
  'Travancore Cochin Medical Council (Kerala)',
  'Madhya Pradesh Medical Council',
  'Maharashtra Medical Council',
  'Manipur Medical Council',
  'Meghalaya Medical Council',
  'Mizoram Medical Council',
  'Nagaland Medical Council',
  'Odisha Council of Medical Registration',
  'Punjab Medical Council',
  'Rajasthan Medical Council',
  'Sikkim Medical Council',
  'Tamil Nadu Medical Council',
  'Telangana State Medical Council',
  'Tripura State Medical Council',
  'Uttar Pradesh Medical Council',
  'Uttarakhand Medical Council',
  'West Bengal Medical Council',
  'National Medical Commission (Indian Medical Register)',
] as const;

/** Universities that award MD/MS degrees, for the profile's university choice. */
export const UNIVERSITIES = [
  'All India Institute of Medical Sciences',
  'Atal Bihari Vajpayee Medical University, Lucknow',
  'Baba Farid University of Health Sciences, Faridkot',
  'Dr. NTR University of Health Sciences, Vijayawada',
  'Guru Gobind Singh Indraprastha University, Delhi',
  'Gujarat University, Ahmedabad',
  'Kaloji Narayana Rao University of Health Sciences, Warangal',
  'Kerala University of Health Sciences, Thrissur',
  "King George's Medical University, Lucknow",
  'Madhya Pradesh Medical Science University, Jabalpur',
  'Maharashtra University of Health Sciences, Nashik',
  'Odisha University of Health Sciences, Bhubaneswar',
  'Pt. B.D. Sharma University of Health Sciences, Rohtak',
  'Rajasthan University of Health Sciences, Jaipur',
  'Rajiv Gandhi University of Health Sciences, Bengaluru',
  'Srimanta Sankaradeva University of Health Sciences, Guwahati',
  'The Tamil Nadu Dr. M.G.R. Medical University, Chennai',
  'University of Delhi',
  'West Bengal University of Health Sciences, Kolkata',
  'Other',
] as const;

export const PROFILE_MESSAGES = {
  verificationAlert:
    'Your account is awaiting approval by your teachers or head of department, who check your college ID proof: upload it below and add your teachers under My Teachers.',
  updateAlert: 'Please update your profile: your joining date is not set yet.',
  success: 'Profile updated successfully',
  successTitle: 'Profile Updated',
  failed: 'Something went wrong. Please try again later.',
  invalidDate: 'Please enter a valid date',
  futureDate: 'This date cannot be in the future',
  unitHead: 'Please choose a teacher of your department as unit head',
  name: 'Please enter your name',
  verificationMailSaved: 'Verification e-mail choice saved',
  verificationMailFacultyOnly: 'Only faculty who verify entries choose how verification e-mails arrive',
} as const;

/**
 * How a faculty member hears by e-mail of entries waiting for them (users.verification_mail):
 * one mail a day listing them (the default) or one mail per entry. In-app notifications are per
 * entry either way (docs/decisions/009).
 */
export const VERIFICATION_MAIL_MODES = ['digest', 'each'] as const;
export type VerificationMailMode = (typeof VERIFICATION_MAIL_MODES)[number];
export const VERIFICATION_MAIL_LABELS: Record<VerificationMailMode, string> = {
  digest: 'Daily digest',
  each: 'One per entry',
};

/** Whether a user chooses how verification e-mails arrive: staff who verify entries (not Master or Admin). */
export function choosesVerificationMail(user: { role: string | null }): boolean {
  return isTeachingRole(user.role);
}

/** `PATCH /profile`: the profile's preferences, saved as soon as they are chosen. */
export const UpdatePreferencesSchema = z.object({ verificationMail: z.enum(VERIFICATION_MAIL_MODES) });
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesSchema>;
export const UpdatePreferencesResponseSchema = z.object({
  message: z.string(),
  verificationMail: z.enum(VERIFICATION_MAIL_MODES),
});
export type UpdatePreferencesResponse = z.infer<typeof UpdatePreferencesResponseSchema>;

const date = isoDate(PROFILE_MESSAGES.invalidDate);
const pastDate = pastIsoDate(PROFILE_MESSAGES.invalidDate, PROFILE_MESSAGES.futureDate);
const text = (max: number) => z.string().trim().max(max);

/**
 * Edit Profile (spec 01 sections 2.10 and 3). Every field may be left empty (null); phone and
 * email are read only and not part of it. Files are uploaded first and referenced by id.
 */
export const UpdateProfileSchema = z.object({
  name: z.string().trim().min(1, { error: PROFILE_MESSAGES.name }).max(120),
  dob: pastDate.nullable(),
  bloodGroup: z.enum(BLOOD_GROUPS).nullable(),
  vaccinationStatus: z.enum(VACCINATION_STATUSES).nullable(),
  registrationNumber: text(50).nullable(),
  medicalCouncil: z.enum(MEDICAL_COUNCILS).nullable(),
  validUpto: date.nullable(),
  address: text(500).nullable(),
  joiningDate: pastDate.nullable(),
  regDate: pastDate.nullable(),
  university: z.enum(UNIVERSITIES).nullable(),
  universityRollNo: text(50).nullable(),
  collegeRollNo: text(50).nullable(),
  fatherName: text(120).nullable(),
  motherName: text(120).nullable(),
  unitHeadId: z.uuid({ error: PROFILE_MESSAGES.unitHead }).nullable(),
  profilePicFileId: z.uuid().nullable(),
  idProofFileId: z.uuid().nullable(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>;

const FileRefSchema = z.object({
  id: z.uuid(),
  originalName: z.string(),
  contentType: z.string(),
  url: z.string(),
});

/** The profile page's data: the form's fields plus what it shows read-only. */
export const ProfileSchema = UpdateProfileSchema.omit({ profilePicFileId: true, idProofFileId: true }).extend(
  {
    email: z.string(),
    phone: z.string().nullable(),
    role: SessionUserSchema.shape.role,
    /** The user's own referral id, shown read-only on the profile (issue 10). */
    referralId: z.string(),
    verifyByHod: z.boolean(),
    collegeName: z.string().nullable(),
    departmentName: z.string().nullable(),
    courseTitle: z.string().nullable(),
    profilePic: FileRefSchema.nullable(),
    idProof: FileRefSchema.nullable(),
    /** Null for whoever does not choose it (students, Master, Admin). */
    verificationMail: z.enum(VERIFICATION_MAIL_MODES).nullable(),
  },
);
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = z.object({ profile: ProfileSchema });

/** `PUT /profile` answers with the message and the refreshed session user (for the shell). */
export const UpdateProfileResponseSchema = z.object({ message: z.string(), user: SessionUserSchema });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponseSchema>;

/** A teacher a student can choose as unit head: staff of their college and department, not Master. */
export const TeacherSchema = z.object({ id: z.uuid(), name: z.string(), role: SessionUserSchema.shape.role });
export const TeacherListSchema = z.object({ items: z.array(TeacherSchema) });
export type Teacher = z.infer<typeof TeacherSchema>;

/** A student missing either of these goes to /profile after sign-in (spec 01 section 2.4). */
export function needsProfileAttention(user: {
  role: string | null;
  verifyByHod: boolean;
  joiningDate: string | null;
}) {
  return user.role === null && (!user.verifyByHod || user.joiningDate === null);
}
