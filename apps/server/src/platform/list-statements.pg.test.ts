import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Tx } from '../db/client';
import { users } from '../db/schema/index';
import { createPlacement, createUser, openTestDatabase, type Placement } from '../test/helpers';
import { listPage } from './list';

// Issue 16: a list's page and count run as statements named by their text, so PostgreSQL plans
// each shape once per connection; a query with a list of values (a new text for every length)
// is not named, so the statements a connection keeps stay a bounded set.

const QUERY = { page: 1, pageSize: 10, order: 'asc' as const };

describe('list statements on PostgreSQL', () => {
  let database: DatabaseHandle;
  let placement: Placement;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    placement = await createPlacement(database.db);
    for (let i = 1; i <= 3; i += 1)
      ids.push((await createUser(database.db, { placement, name: `Named ${i}` })).id);
  });
  afterAll(async () => {
    await database?.close();
  });

  function studentsPage(tx: Tx, only?: string[]) {
    return listPage(
      QUERY,
      {
        rows: tx.select({ id: users.id, name: users.name }).from(users).$dynamic(),
        count: tx.select({ total: count() }).from(users).$dynamic(),
      },
      {
        where: and(
          eq(users.collegeId, placement.college.id),
          isNull(users.deletedAt),
          only ? inArray(users.id, only) : undefined,
        ),
        searchIn: [users.name],
        sortable: { name: users.name },
        defaultSort: 'name',
        tieBreaker: users.id,
      },
    );
  }

  async function namedStatements(tx: Tx) {
    const result = await tx.execute(
      sql`select name, statement from pg_prepared_statements where name like 'pgel_text_%' order by name`,
    );
    return result.rows as Array<{ name: string; statement: string }>;
  }

  it('names the page and the count by their text, reuses them, and leaves a list of values unnamed', async () => {
    // One transaction: every query runs on its one connection, whose statements are listed.
    await database.db.transaction(async (tx) => {
      const page = await studentsPage(tx);
      expect(page.total).toBe(3);
      expect(page.items.map((u) => u.name)).toEqual(['Named 1', 'Named 2', 'Named 3']);

      const named = await namedStatements(tx);
      expect(named).toHaveLength(2);
      expect(named.filter((s) => s.statement.includes('count('))).toHaveLength(1);
      expect(named.every((s) => s.statement.includes('"users"'))).toBe(true);

      // The same shape again: the same two statements, and the same answer.
      expect((await studentsPage(tx)).total).toBe(3);
      expect(await namedStatements(tx)).toEqual(named);

      // `in ($1, $2)`: answered right, planned as an unnamed statement.
      const two = await studentsPage(tx, ids.slice(0, 2));
      expect(two.items.map((u) => u.name)).toEqual(['Named 1', 'Named 2']);
      expect(await namedStatements(tx)).toEqual(named);
    });
  });
});
