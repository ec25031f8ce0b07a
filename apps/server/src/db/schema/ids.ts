import { sql } from 'drizzle-orm';

/**
 * A UUID version 7 made by the database (uuid_v7(), migration 0020): the first 48 bits are the
 * time in milliseconds, the rest random. The busiest tables (records, their scores, the audit log,
 * notifications) take their ids from it, so new rows land at the right-hand end of their primary
 * key and of every index that leads with a record id, instead of on a random page of an index of
 * twenty million entries (issue 16: at national scale a bulk verification of 500 spent most of
 * its time reading random index pages from disk). Ids are no secret: every route checks scope.
 */
export const timeOrderedUuid = sql`uuid_v7()`;
