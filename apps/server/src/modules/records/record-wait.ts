import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { records } from '../../db/schema/index';

/**
 * When a record began to wait for its verifier (issue 30): its last reset to Pending, else its
 * submission; what `pendingSince` in packages/shared/src/records/overdue.ts says of a list row.
 * Meaningful for pending records only.
 */
export const pendingSinceColumn = sql<Date>`coalesce(${records.amendedAt}, ${records.createdAt})`.mapWith(
  records.createdAt,
);

/**
 * When each of these records, if still pending, began to wait, by id: read apart from a report's
 * own statement, for one page's rows, so the report's index-only scan stays as it is (issue 16).
 * Records not pending are absent.
 */
export async function pendingSinceOf(db: Executor, ids: readonly string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: records.id, since: pendingSinceColumn })
    .from(records)
    .where(and(inArray(records.id, [...ids]), eq(records.status, 'pending')));
  return new Map(rows.map((row) => [row.id, row.since]));
}
