import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { colleges, courses, departments } from './reference';

/**
 * Students and staff in one table: `role` is null for a student (DESIGN.md section 4).
 * `email` is stored lower-cased; a deleted account keeps its row (records stay for audit).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role'),
    referralId: text('referral_id').notNull(),
    sponsorId: uuid('sponsor_id'),
    collegeId: uuid('college_id').references(() => colleges.id),
    departmentId: uuid('department_id').references(() => departments.id),
    courseId: uuid('course_id').references(() => courses.id),
    unitHeadId: uuid('unit_head_id'),
    /** Who created a staff account (the spec's `hod`): an HOD, Master or a student adding a teacher. */
    addedById: uuid('added_by_id').references((): AnyPgColumn => users.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    verifyByHod: boolean('verify_by_hod').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
    certified: boolean('certified').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    joiningDate: date('joining_date', { mode: 'string' }),
    dob: date('dob', { mode: 'string' }),
    bloodGroup: text('blood_group'),
    vaccinationStatus: text('vaccination_status'),
    registrationNumber: text('registration_number'),
    medicalCouncil: text('medical_council'),
    validUpto: date('valid_upto', { mode: 'string' }),
    address: text('address'),
    regDate: date('reg_date', { mode: 'string' }),
    university: text('university'),
    universityRollNo: text('university_roll_no'),
    collegeRollNo: text('college_roll_no'),
    fatherName: text('father_name'),
    motherName: text('mother_name'),
    /** Uploaded through `POST /files` (purpose profile_photo); served by `GET /files/:id`. */
    profilePicFileId: uuid('profile_pic_file_id').references((): AnyPgColumn => files.id),
    /** College ID proof (purpose id_proof: an image or a PDF). */
    idProofFileId: uuid('id_proof_file_id').references((): AnyPgColumn => files.id),
    /**
     * Staff only: how entries waiting for them are mailed, 'digest' (one mail a day listing them,
     * the default) or 'each' (one mail per entry). VERIFICATION_MAIL_MODES.
     */
    verificationMail: text('verification_mail').notNull().default('digest'),
    /** When the last daily digest of pending entries was mailed to this staff member. */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    /**
     * Staff only (issue 27): 'confirmed', 'awaiting' or 'declined' (STAFF_CONFIRMATIONS). A teacher a
     * student proposed, or a DRP coordinator a student named, waits for the HOD (coordinators: also
     * the department's faculty) or Master before it may see or verify anything.
     */
    confirmation: text('confirmation').notNull().default('confirmed'),
    /** Who confirmed or declined an account that was awaiting confirmation, and when. */
    confirmedById: uuid('confirmed_by_id').references((): AnyPgColumn => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Set while the password is one someone else chose (an e-mailed temporary password, a reset by
     * Master): the account must choose its own before anything else (issue 27).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_referral_id_idx').on(t.referralId),
    // Staff and student lists are always scoped to one college and department.
    index('users_scope_idx').on(t.collegeId, t.departmentId, t.role),
    index('users_role_idx').on(t.role).where(sql`${t.role} is not null`),
    // /allStudent: live students of one college and department, newest first (and Master's all).
    index('users_students_scope_idx')
      .on(t.collegeId, t.departmentId, t.createdAt)
      .where(sql`${t.role} is null and ${t.deletedAt} is null`),
    index('users_students_created_idx')
      .on(t.createdAt)
      .where(sql`${t.role} is null and ${t.deletedAt} is null`),
    // The few deleted accounts, read whole by /reports to leave out their rows (an anti-join)
    // instead of looking up each row's student.
    index('users_deleted_idx').on(t.id).where(sql`${t.deletedAt} is not null`),
    // The To confirm lists: the few accounts awaiting confirmation.
    index('users_awaiting_idx')
      .on(t.collegeId, t.departmentId)
      .where(sql`${t.confirmation} = 'awaiting' and ${t.deletedAt} is null`),
  ],
);
