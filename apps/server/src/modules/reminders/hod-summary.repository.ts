import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { notSentYet } from './sent-reminders.repository';

export type Hod = { id: string; name: string; email: string; collegeId: string; departmentId: string };

/**
 * Up to `limit` HODs, after `after` in id order, who may act (confirmed, not blocked, placed) and
 * have not had this period's summary of their department. Keyset pages: an HOD whose summary had
 * nothing to say is not read again in the same pass.
 */
export async function listHodsToSummarise(
  db: Executor,
  options: { kind: string; period: string; after: string | null; limit: number },
): Promise<Hod[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'hod'),
        eq(users.confirmation, 'confirmed'),
        eq(users.blocked, false),
        isNull(users.deletedAt),
        isNotNull(users.collegeId),
        isNotNull(users.departmentId),
        options.after ? gt(users.id, options.after) : undefined,
        notSentYet(users.id, { kind: options.kind, subjectId: users.departmentId, period: options.period }),
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
  return rows.filter((row): row is Hod => row.collegeId !== null && row.departmentId !== null);
}
