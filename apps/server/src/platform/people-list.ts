import { count, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { colleges, departments, files, users } from '../db/schema/index';

/**
 * The queries of a people list (/allStudent, /allStaff, /allHod) for `listPage`. The page is
 * `page` (the list's columns from `users` and its own joins) joined with the user's college,
 * department and ID proof, which the columns may name. Scope and search look only at the user's
 * own columns, so the count needs no joins.
 */
export function peopleListQueries<Q extends PgSelect>(db: Executor, page: Q) {
  return {
    rows: page
      .leftJoin(colleges, eq(colleges.id, users.collegeId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(files, eq(files.id, users.idProofFileId)),
    count: db.select({ total: count() }).from(users).$dynamic(),
  };
}

/** What a people list's search box looks in, and its tie-breaker. */
export const peopleListColumns = {
  search: [users.name, users.email, users.phone],
  tieBreaker: users.id,
};
