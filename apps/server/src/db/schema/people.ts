import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './reference';
import { users } from './users';

/** In-app notifications of the top bar (spec 01 sections 2.11 and 3). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toId: uuid('to_id')
      .notNull()
      .references(() => users.id),
    /** Null for the system's own notifications (the page shows 'New Notification'). */
    fromId: uuid('from_id').references(() => users.id),
    description: text('description').notNull(),
    url: text('url'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The recipient's college (null for Master), so the table can be split by college later. */
    collegeId: uuid('college_id').references(() => colleges.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_to_created_idx').on(t.toId, t.createdAt)],
);
