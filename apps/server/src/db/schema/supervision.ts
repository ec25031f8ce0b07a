import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timeOrderedUuid } from './ids';
import { colleges, departments } from './reference';
import { users } from './users';

/**
 * Monthly authentication (issue 30): a resident's calendar month signed by their guide (or unit
 * head, or the HOD acting for either) once none of its entries was pending. The signature keeps
 * who, when and the fingerprint of the month's verified entries (the verifiable PDF's scheme,
 * with the counts per section it was made of). A change to an entry of the month afterwards sets
 * `changed_at` (once); the guide may then sign again, which supersedes this row: one live
 * signature per resident and month, the older ones kept as history.
 */
export const monthAuthentications = pgTable(
  'month_authentications',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    /** The resident's college and department when signed (tenant scope, DESIGN.md section 7). */
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    /** 'YYYY-MM', India's calendar month of the entries' dates. */
    month: text('month').notNull(),
    authenticatedById: uuid('authenticated_by_id')
      .notNull()
      .references(() => users.id),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull(),
    /** `v2:<sha-256 hex>` over the month's verified entries, as fingerprintLogbook makes it. */
    fingerprint: text('fingerprint').notNull(),
    /** [{ key, title, verified }] per printed section, of the month's verified entries. */
    sectionCounts: jsonb('section_counts').notNull(),
    verifiedEntries: integer('verified_entries').notNull(),
    /** When an entry of the month first changed after the signature; null while unchanged. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /** When a newer signature of the same month replaced this one; null for the live one. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live signature per resident and month: two parallel signatures cannot both commit.
    uniqueIndex('month_authentications_live_idx')
      .on(t.studentId, t.month)
      .where(sql`${t.supersededAt} is null`),
    index('month_authentications_scope_idx').on(t.collegeId, t.departmentId, t.month),
    check('month_authentications_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
