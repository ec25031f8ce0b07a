import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges, departments } from './reference';
import { users } from './users';

/**
 * Uploaded files. The bytes live in the file store (local folder or object store) under
 * `storage_key`, a name the server made; `college_id` and `department_id` are the owner's at
 * upload time and decide which staff may read the file.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    collegeId: uuid('college_id').references(() => colleges.id),
    departmentId: uuid('department_id').references(() => departments.id),
    purpose: text('purpose').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId, t.createdAt),
    index('files_scope_idx').on(t.collegeId, t.departmentId),
  ],
);
