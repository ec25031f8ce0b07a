import {
  type AnyPgColumn,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';

export const colleges = pgTable('colleges', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  state: text('state').notNull(),
  logo: text('logo'),
  /** Uploaded through `POST /files` (an image); served by `GET /files/:id`. */
  logoFileId: uuid('logo_file_id').references((): AnyPgColumn => files.id),
  gstin: text('gstin'),
  website: text('website'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const departments = pgTable('departments', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    title: text('title').notNull(),
  },
  (t) => [index('courses_department_idx').on(t.departmentId)],
);

/** Which departments a college runs, with the regulator's guideline document for each. */
export const collegeDepartments = pgTable(
  'college_departments',
  {
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    guidelineUrl: text('guideline_url'),
    refNo: text('ref_no'),
    refDate: date('ref_date', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.departmentId] })],
);
