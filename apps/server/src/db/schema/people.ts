import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timeOrderedUuid } from './ids';
import { colleges } from './reference';
import { users } from './users';

/** In-app notifications of the top bar (spec 01 sections 2.11 and 3). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    toId: uuid('to_id')
      .notNull()
      .references(() => users.id),
    /** Null for the system's own notifications (the page shows 'New Notification'). */
    fromId: uuid('from_id').references(() => users.id),
    description: text('description').notNull(),
    url: text('url'),
    /**
     * The item the notice is about (a record, a thesis, a student awaiting approval; issue 28):
     * handling it elsewhere (verified, deleted, approved) marks the notice read.
     */
    subjectId: uuid('subject_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The recipient's college (null for Master), so the table can be split by college later. */
    collegeId: uuid('college_id').references(() => colleges.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_to_created_idx').on(t.toId, t.createdAt),
    index('notifications_unread_subject_idx').on(t.subjectId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Which students a staff member teaches: a student adding a teacher links the two, and the HOD's
 * Assign Students sets a staff member's whole list (spec 03 sections 2 and 7).
 */
export const staffStudents = pgTable(
  'staff_students',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    /** The HOD who assigned, or the student who added the teacher. */
    assignedById: uuid('assigned_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.studentId] }),
    index('staff_students_student_idx').on(t.studentId),
  ],
);
