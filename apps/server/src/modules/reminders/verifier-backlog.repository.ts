import { isVerifiedByDepartment } from '@pgel/shared/auth/policies';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drpPostings, records, users } from '../../db/schema/index';
import { pendingSinceColumn } from '../records/record-wait';
import type { SummaryDepartment } from './hod-summary-section';

/** The kinds only a DRP coordinator verifies: their verifier is the posting's coordinator. */
const COORDINATOR_KINDS = RECORD_KINDS.filter((kind) => !isVerifiedByDepartment(kind)).map((kind) => kind.id);

/** One verifier's pending entries of a department: null verifier for entries naming no teacher. */
export type VerifierBacklog = {
  verifierId: string | null;
  pending: number;
  /** Of those, how many have waited since before the cutoff. */
  waitingLong: number;
  oldest: Date;
};

/**
 * The department's pending entries counted per verifier (the named teacher; for the kinds a DRP
 * coordinator verifies, the posting's coordinator; else nobody in particular): only verifiers
 * with an entry waiting since before `cutoff`, or with more than `over` pending. Counts and
 * dates, never an entry. Read from the department's status index.
 */
export async function listVerifierBacklog(
  db: Executor,
  department: SummaryDepartment,
  options: { cutoff: Date; over: number },
): Promise<VerifierBacklog[]> {
  const cutoff = sql`${options.cutoff.toISOString()}::timestamptz`;
  const verifierId = sql<string | null>`coalesce(${records.teacherId}, case when ${inArray(
    records.kind,
    COORDINATOR_KINDS,
  )} then ${drpPostings.coordinatorId} end)`;
  return (
    db
      .select({
        verifierId,
        pending: sql<number>`count(*)::int`,
        waitingLong: sql<number>`(count(*) filter (where ${pendingSinceColumn} < ${cutoff}))::int`,
        oldest: sql<Date>`min(${pendingSinceColumn})`.mapWith(records.createdAt),
      })
      .from(records)
      .leftJoin(drpPostings, eq(drpPostings.id, records.drpPostingId))
      .where(
        and(
          eq(records.collegeId, department.collegeId),
          eq(records.departmentId, department.departmentId),
          eq(records.status, 'pending'),
          isNull(records.deletedAt),
        ),
      )
      // By position: the verifier's expression holds parameters, which GROUP BY would not match.
      .groupBy(sql`1`)
      .having(sql`count(*) > ${options.over} or min(${pendingSinceColumn}) < ${cutoff}`)
  );
}

/** Names, roles and whether they may still verify, of some staff. */
export async function listStaffNames(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      active: sql<boolean>`(not ${users.blocked} and ${users.deletedAt} is null)`.mapWith(Boolean),
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}
