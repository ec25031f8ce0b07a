import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { colleges, departments } from './reference';
import { users } from './users';

/**
 * Academic records whose shapes differ from the record engine's (DESIGN.md section 3, issue 11).
 * Each row keeps the student's college and department as they were when it was written: who may
 * see and score it. Review uploads and publications are record-engine kinds instead.
 */

/**
 * A student's thesis synopsis or thesis (`stage`): one row per student and stage, each step a
 * write-once column with the time it was written. The row is made by the title step.
 */
export const theses = pgTable(
  'theses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'synopsis' | 'thesis' (THESIS_STAGES). */
    stage: text('stage').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    title: text('title').notNull(),
    titleAt: timestamp('title_at', { withTimezone: true }).notNull().defaultNow(),
    guideId: uuid('guide_id').references(() => users.id),
    guideAt: timestamp('guide_at', { withTimezone: true }),
    /** [{ name, department }] in the student's order. */
    coGuides: jsonb('co_guides'),
    coGuidesAt: timestamp('co_guides_at', { withTimezone: true }),
    certificateFileId: uuid('certificate_file_id').references(() => files.id),
    certificateAt: timestamp('certificate_at', { withTimezone: true }),
    /** The thesis only: when the synopsis was accepted. */
    acceptanceDate: date('acceptance_date', { mode: 'string' }),
    acceptanceDateAt: timestamp('acceptance_date_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('theses_student_stage_idx').on(t.studentId, t.stage),
    // /reports (dated by the last change): a department's, and everyone's newest of a stage.
    index('theses_department_updated_idx').on(t.collegeId, t.departmentId, t.updatedAt),
    index('theses_stage_updated_idx').on(t.stage, t.updatedAt),
  ],
);

/**
 * A memo the HOD issued to a student. `memoNumber` is generated from the department's own
 * sequence (`sequence`), unique per college and department.
 */
export const memos = pgTable(
  'memos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    issuedById: uuid('issued_by_id')
      .notNull()
      .references(() => users.id),
    sequence: integer('sequence').notNull(),
    memoNumber: text('memo_number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    /** 'issued' | 'explained' | 'closed' (MEMO_STATUSES). */
    status: text('status').notNull().default('issued'),
    explanation: text('explanation'),
    explainedAt: timestamp('explained_at', { withTimezone: true }),
    remark: text('remark'),
    closedById: uuid('closed_by_id').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memos_department_number_idx').on(t.collegeId, t.departmentId, t.memoNumber),
    uniqueIndex('memos_department_sequence_idx').on(t.collegeId, t.departmentId, t.sequence),
    index('memos_department_created_idx').on(t.collegeId, t.departmentId, t.createdAt),
    index('memos_student_idx').on(t.studentId, t.createdAt),
    // Everyone's newest memos on /reports.
    index('memos_date_idx').on(t.date, t.createdAt, t.id),
  ],
);

/** A quarterly appraisal: 8 scored rows (APPRAISAL_PARTICULARS) for From..To (90 days). */
export const appraisals = pgTable(
  'appraisals',
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
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** [{ particular, score, evaluation, remark }] in the form's order. */
    rows: jsonb('rows').notNull(),
    appraisedById: uuid('appraised_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appraisals_student_from_idx').on(t.studentId, t.fromDate),
    // /reports (dated by the day written): a department's newest, and everyone's.
    index('appraisals_department_created_idx').on(t.collegeId, t.departmentId, t.createdAt, t.id),
    index('appraisals_created_idx').on(t.createdAt, t.id),
  ],
);

/** A year of AETCOM scores: skill key -> 1..10 (AETCOM_SKILLS), year = the student's n-th. */
export const aetcomRecords = pgTable(
  'aetcom_records',
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
    year: integer('year').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    scores: jsonb('scores').notNull(),
    scoredById: uuid('scored_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aetcom_student_year_idx').on(t.studentId, t.year),
    // /reports (dated by the day written): a department's newest, and everyone's.
    index('aetcom_department_created_idx').on(t.collegeId, t.departmentId, t.createdAt, t.id),
    index('aetcom_created_idx').on(t.createdAt, t.id),
  ],
);
