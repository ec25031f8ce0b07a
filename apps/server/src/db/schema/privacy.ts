import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { records } from './records';
import { users } from './users';

/**
 * Every full view of a patient's identifiers (issue 15, DPDP Rules 2025 rule 6): who saw them,
 * whose record (the student), which record, when and from where. Kept one year (housekeeping)
 * and readable by Master (`GET /api/v1/patient-access-log`).
 */
export const patientAccessLog = pgTable(
  'patient_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id),
    ip: text('ip'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_access_log_viewed_idx').on(t.viewedAt),
    index('patient_access_log_student_idx').on(t.studentId, t.viewedAt),
    index('patient_access_log_viewer_idx').on(t.viewerId, t.viewedAt),
  ],
);
