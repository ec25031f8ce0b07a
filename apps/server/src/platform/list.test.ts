import { ListQuerySchema } from '@pgel/shared/schemas/list';
import { and, count, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema/index';
import { createPlacement, createUser, openTestDatabase, type Placement } from '../test/helpers';
import { containsPattern, type ListSpec, listPage } from './list';

/** Names with LIKE's special characters, to prove they are matched literally. */
const SPECIAL_NAMES = ['Dr. 100% Sure', 'Dr. Under_Score', 'Dr. Back\\Slash', 'Dr. Plain Percent'];

describe('listPage', () => {
  let database: DatabaseHandle;
  let placement: Placement;
  let otherPlacement: Placement;

  beforeAll(async () => {
    database = await openTestDatabase();
    placement = await createPlacement(database.db);
    otherPlacement = await createPlacement(database.db);
    // 23 students in the list's scope, 3 outside it.
    for (let i = 1; i <= 19; i += 1) {
      await createUser(database.db, {
        placement,
        name: `Student ${String(i).padStart(2, '0')}`,
        email: `student${i}@list.test`,
        phone: i % 2 === 0 ? '9000000000' : '8000000000',
      });
    }
    for (const [i, name] of SPECIAL_NAMES.entries()) {
      await createUser(database.db, { placement, name, email: `special${i}@list.test` });
    }
    for (let i = 1; i <= 3; i += 1) {
      await createUser(database.db, { placement: otherPlacement, name: `Student ${i} Elsewhere` });
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  type Sort = 'name' | 'email' | 'created';
  function spec(overrides: Partial<ListSpec<Sort>> = {}): ListSpec<Sort> {
    return {
      where: and(eq(users.collegeId, placement.college.id), isNull(users.role)),
      searchIn: [users.name, users.email],
      sortable: { name: users.name, email: users.email, created: users.createdAt },
      defaultSort: 'name',
      tieBreaker: users.id,
      ...overrides,
    };
  }

  function run(query: Record<string, unknown>, s: ListSpec<Sort> = spec()) {
    const { db } = database;
    return listPage(
      ListQuerySchema.parse(query),
      {
        rows: db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).$dynamic(),
        count: db.select({ total: count() }).from(users).$dynamic(),
      },
      s,
    );
  }

  it('pages within the scope and gives the total of the whole list', async () => {
    const first = await run({});
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const third = await run({ page: '3' });
    expect(third.items.map((i) => i.name)).toEqual(
      ['Student 17', 'Student 18', 'Student 19'].map((n) => `${n}`),
    );
    const beyond = await run({ page: '4' });
    expect(beyond).toMatchObject({ items: [], total: 23, page: 4 });
    expect((await run({ pageSize: '20' })).items).toHaveLength(20);
  });

  it('builds a shaped list once and answers each caller with their own values', async () => {
    // One shape, two colleges: the cached statement must take the college from `values`.
    const shaped = (collegeId: string) =>
      spec({
        where: and(eq(users.collegeId, sql.placeholder('collegeId')), isNull(users.role)),
        values: { collegeId },
        shape: { db: database.db, key: 'list-test:college' },
      });
    const mine = await run({ pageSize: '5' }, shaped(placement.college.id));
    const theirs = await run({ pageSize: '5' }, shaped(otherPlacement.college.id));
    expect(mine.total).toBe(23);
    expect(mine.items.map((i) => i.name)).toEqual([
      'Dr. 100% Sure',
      'Dr. Back\\Slash',
      'Dr. Plain Percent',
      'Dr. Under_Score',
      'Student 01',
    ]);
    expect(theirs.total).toBe(3);
    expect(theirs.items.map((i) => i.name)).toEqual([
      'Student 1 Elsewhere',
      'Student 2 Elsewhere',
      'Student 3 Elsewhere',
    ]);
    // Page 2 of the same shape: the page and its size are values too.
    expect((await run({ pageSize: '5', page: '2' }, shaped(placement.college.id))).items[0]?.name).toBe(
      'Student 02',
    );
    // A search is not part of a shape: the list with one is built for the call.
    expect((await run({ search: 'elsewhere' }, shaped(otherPlacement.college.id))).total).toBe(3);
    expect((await run({ search: 'elsewhere' }, shaped(placement.college.id))).total).toBe(0);
  });

  it('covers every row exactly once across the pages', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      seen.push(
        ...(await run({ page: String(page), pageSize: '5', sort: 'created' })).items.map((i) => i.id),
      );
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });

  it('keeps pages stable when many rows share the sort key (tie-breaker)', async () => {
    const phoneSort = spec({ sortable: { name: users.phone, email: users.email, created: users.createdAt } });
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      seen.push(...(await run({ page: String(page), pageSize: '5' }, phoneSort)).items.map((i) => i.id));
    }
    expect(new Set(seen).size).toBe(23);
  });

  it('sorts by an allowed key in either order, and ignores keys it does not know', async () => {
    const names = (await run({ sort: 'name', order: 'desc', pageSize: '5' })).items.map((i) => i.name);
    expect(names).toEqual(['Student 19', 'Student 18', 'Student 17', 'Student 16', 'Student 15']);
    const byDefault = (await run({ pageSize: '5' })).items.map((i) => i.name);
    for (const sort of ['password_hash', 'name; drop table users', '__proto__', 'toString']) {
      const result = await run({ sort, order: 'desc', pageSize: '5' });
      expect(result.items.map((i) => i.name)).toEqual(byDefault);
    }
    expect(byDefault[0]).toBe('Dr. 100% Sure');
  });

  it('uses the default order of the spec when the client names no sort key', async () => {
    const newestFirst = await run({ pageSize: '5' }, spec({ defaultSort: 'name', defaultOrder: 'desc' }));
    expect(newestFirst.items[0]?.name).toBe('Student 19');
  });

  it('searches case-insensitively in any of the columns, every word must match', async () => {
    const byName = await run({ search: 'student 1' });
    // "student" and "1" both appear in the name or the address: Students 01 and 10-19.
    expect(byName.total).toBe(11);
    const byEmail = await run({ search: 'STUDENT7@LIST' });
    expect(byEmail.items.map((i) => i.name)).toEqual(['Student 07']);
    const twoWords = await run({ search: '  plain   percent ' });
    expect(twoWords.items.map((i) => i.name)).toEqual(['Dr. Plain Percent']);
    expect((await run({ search: 'nobody-has-this' })).total).toBe(0);
    // The scope still applies to a search.
    expect((await run({ search: 'Elsewhere' })).total).toBe(0);
  });

  it('matches %, _ and \\ literally', async () => {
    expect((await run({ search: '%' })).items.map((i) => i.name)).toEqual(['Dr. 100% Sure']);
    expect((await run({ search: '_' })).items.map((i) => i.name)).toEqual(['Dr. Under_Score']);
    expect((await run({ search: '\\' })).items.map((i) => i.name)).toEqual(['Dr. Back\\Slash']);
    expect((await run({ search: "' or 1=1 --" })).total).toBe(0);
  });

  it('searches a non-text column through a cast', async () => {
    const result = await run(
      { search: '9000000000' },
      spec({ searchIn: [users.name, sql`coalesce(${users.phone}, '')`] }),
    );
    expect(result.total).toBe(9);
  });

  it('escapes a LIKE pattern', () => {
    expect(containsPattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
    expect(containsPattern('plain')).toBe('%plain%');
  });

  it('also works without a scope', async () => {
    const everyone = await run({ search: 'Elsewhere' }, spec({ where: undefined }));
    expect(everyone.total).toBe(3);
    const [row] = await database.db.select({ n: count() }).from(users).where(like(users.name, 'Student%'));
    expect(row?.n).toBe(22);
  });
});
