import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { colleges, departments } from './reference';
import { institutions } from './reference-data';
import { users } from './users';

/**
 * District Residency Programme (issue 12). DRP activities and offline logbook uploads are
 * record-engine kinds; the posting and its attendance have shapes of their own.
 */

/**
 * A resident's DRP posting at an institution, with the coordinator who supervises it there.
 * The coordinator's name, e-mail and phone are kept as given on the day (the account may be
 * renamed later); `coordinator_id` is the `drp_coordinator` account that verifies and marks
 * attendance. `schedule_to` is always `schedule_from` + 90 days.
 */
export const drpPostings = pgTable(
  'drp_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    coordinatorId: uuid('coordinator_id')
      .notNull()
      .references(() => users.id),
    coordinatorName: text('coordinator_name').notNull(),
    coordinatorEmail: text('coordinator_email').notNull(),
    coordinatorPhone: text('coordinator_phone').notNull(),
    scheduleFrom: date('schedule_from', { mode: 'string' }).notNull(),
    scheduleTo: date('schedule_to', { mode: 'string' }).notNull(),
    noticeFileId: uuid('notice_file_id').references(() => files.id),
    addedById: uuid('added_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drp_postings_student_idx').on(t.studentId, t.scheduleFrom),
    index('drp_postings_scope_idx').on(t.collegeId, t.departmentId, t.scheduleFrom),
    index('drp_postings_coordinator_idx').on(t.coordinatorId, t.scheduleFrom),
    index('drp_postings_institution_idx').on(t.institutionId, t.createdAt),
  ],
);

/** One day of a posting, marked present or absent by its coordinator; marked again, it changes. */
export const drpAttendance = pgTable(
  'drp_attendance',
  {
    postingId: uuid('posting_id')
      .notNull()
      .references(() => drpPostings.id),
    day: date('day', { mode: 'string' }).notNull(),
    present: boolean('present').notNull(),
    /** The posting's college, so the table can be split by college later (DESIGN.md section 7). */
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    markedById: uuid('marked_by_id')
      .notNull()
      .references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.postingId, t.day] })],
);
