import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Verifiable logbook PDFs (issue 14): one row per issued PDF. The code is printed with a QR code
 * on every page; `/check/{code}` compares `fingerprint` (SHA-256 over the verified entries when
 * issued) with the logbook now. The names are copied at issue so the check page never needs more
 * of the student than it shows; no patient data is kept here.
 */
export const logbookDocuments = pgTable(
  'logbook_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    issuedById: uuid('issued_by_id')
      .notNull()
      .references(() => users.id),
    fingerprint: text('fingerprint').notNull(),
    /** [{ key, title, verified }] per section, in PRINT_SECTIONS order. */
    sectionCounts: jsonb('section_counts').notNull(),
    studentName: text('student_name').notNull(),
    collegeName: text('college_name').notNull(),
    departmentName: text('department_name').notNull(),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('logbook_documents_code_idx').on(t.code),
    index('logbook_documents_student_idx').on(t.studentId, t.createdAt),
  ],
);

/**
 * Bonafide certificates (issue 28): one row per issue, made when the HOD marks the student
 * Certified. The reference number and the check code are printed on the certificate;
 * `/check/{code}` says genuine while `revoked_at` is null (unmarking Certified revokes it).
 * The printed values are copied at issue.
 */
export const bonafideCertificates = pgTable(
  'bonafide_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. 'BON/2026-27/000001', one series per financial year as invoices. */
    reference: text('reference').notNull(),
    code: text('code').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    issuedById: uuid('issued_by_id')
      .notNull()
      .references(() => users.id),
    /** The printed values: student, parent, college, department, period, HOD name and designation. */
    content: jsonb('content').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bonafide_certificates_reference_idx').on(t.reference),
    uniqueIndex('bonafide_certificates_code_idx').on(t.code),
    index('bonafide_certificates_student_idx').on(t.studentId, t.issuedAt),
  ],
);
