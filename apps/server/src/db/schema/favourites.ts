import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A student's pinned choices (issue 29): procedures and competencies (rows of `competencies`,
 * 'procedure' for type 'proc', 'competency' for 'diag') and skills. One row per user, type and
 * option; gone with the user. A pin whose option was since removed is left out when read.
 */
export const userFavourites = pgTable(
  'user_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionType: text('option_type').notNull(),
    optionId: uuid('option_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.optionType, t.optionId] }),
    check('user_favourites_type_check', sql`${t.optionType} in ('procedure', 'competency', 'skill')`),
    index('user_favourites_option_idx').on(t.optionId),
  ],
);
