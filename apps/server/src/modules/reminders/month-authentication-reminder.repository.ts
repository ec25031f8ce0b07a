import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { mayWrite } from './weekly-update.repository';

/** A college's department: where a guide's residents are read together. */
export type DepartmentKey = { collegeId: string; departmentId: string };

/**
 * Up to `limit` departments (college and department) holding residents who may write the
 * logbook, after `after` in (college, department) order. Keyset pages.
 */
export async function listResidentDepartments(
  db: Executor,
  options: { after: DepartmentKey | null; limit: number },
): Promise<DepartmentKey[]> {
  const { after } = options;
  const rows = await db
    .selectDistinct({ collegeId: users.collegeId, departmentId: users.departmentId })
    .from(users)
    .where(
      and(
        mayWrite,
        after
          ? sql`(${users.collegeId}, ${users.departmentId}) > (${after.collegeId}::uuid, ${after.departmentId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(users.collegeId), asc(users.departmentId))
    .limit(options.limit);
  return rows.filter((row): row is DepartmentKey => row.collegeId !== null && row.departmentId !== null);
}

/** Where to reach these guides: only those who may still sign in (confirmed, not blocked, live). */
export async function listGuideContacts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, collegeId: users.collegeId })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        eq(users.confirmation, 'confirmed'),
        eq(users.blocked, false),
        isNull(users.deletedAt),
      ),
    );
}
