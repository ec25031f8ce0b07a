import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { colleges, departments } from './reference';
import { users } from './users';

/** Stands for "every college" (`college_id` null) in unique indexes, where nulls would never clash. */
const NO_COLLEGE = sql.raw("'00000000-0000-0000-0000-000000000000'");

/**
 * Competencies of a department (spec 03 section 3). `college_id` null: the competency applies in
 * every college that runs the department. A title is unique per department, college (null being
 * its own value) and type, ignoring case, so adding the same list twice creates nothing new, and
 * one college's own titles never block or reveal another's.
 */
export const competencies = pgTable(
  'competencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** 'diag' or 'proc' (COMPETENCY_TYPES). */
    type: text('type').notNull(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    collegeId: uuid('college_id').references(() => colleges.id),
    addedBy: uuid('added_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competencies_department_college_type_title_idx').on(
      t.departmentId,
      sql`coalesce(${t.collegeId}, ${NO_COLLEGE}::uuid)`,
      t.type,
      sql`lower(${t.title})`,
    ),
    // Everyone but Master lists by department, then college null or their own.
    index('competencies_scope_idx').on(t.departmentId, t.collegeId, t.title),
    index('competencies_title_idx').on(t.title),
  ],
);

/** Skills under a competency; unique per competency, ignoring case. */
export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    competencyId: uuid('competency_id')
      .notNull()
      .references(() => competencies.id),
    addedBy: uuid('added_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('skills_competency_title_idx').on(t.competencyId, sql`lower(${t.title})`),
    index('skills_title_idx').on(t.title),
  ],
);

/** Specialities (speciality postings) of a department; unique per department and college, ignoring case. */
export const specialities = pgTable(
  'specialities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    collegeId: uuid('college_id').references(() => colleges.id),
    addedBy: uuid('added_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('specialities_department_college_title_idx').on(
      t.departmentId,
      sql`coalesce(${t.collegeId}, ${NO_COLLEGE}::uuid)`,
      sql`lower(${t.title})`,
    ),
    index('specialities_scope_idx').on(t.departmentId, t.collegeId, t.title),
    index('specialities_title_idx').on(t.title),
  ],
);

/**
 * Institutions for DRP postings, shared by every college. `college_id` is the college of the
 * staff member who added it (null when Master did): its staff may delete it.
 */
export const institutions = pgTable(
  'institutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    collegeId: uuid('college_id').references(() => colleges.id),
    addedBy: uuid('added_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institutions_state_name_idx').on(t.state, sql`lower(${t.name})`),
    index('institutions_name_idx').on(t.name),
  ],
);
