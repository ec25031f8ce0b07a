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
