import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/helpers';
import type { DatabaseHandle } from './client';
import { settings } from './schema/index';

/**
 * Issue 27, on a real PostgreSQL server (PGlite has one connection and cannot deadlock): two
 * transactions that lock two rows in opposite orders deadlock, and the retrying transaction
 * (retrying-transactions.ts) ends with both committed.
 */
describe('db.transaction through a real deadlock (PostgreSQL)', () => {
  let database: DatabaseHandle;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Runs `body` with console.warn (where retries are reported by default) caught. */
  async function quietly<T>(body: () => Promise<T>): Promise<T> {
    const spy = vi
      .spyOn(console, 'warn')
      .mockImplementation((line: unknown) => void warnings.push(String(line)));
    try {
      return await body();
    } finally {
      spy.mockRestore();
    }
  }

  it('survives a real deadlock: both transactions commit, one of them on its second try', async () => {
    const { db } = database;
    const [a, b] = [`lock-a-${Date.now()}`, `lock-b-${Date.now()}`];
    await db.insert(settings).values([
      { key: a, value: 0 },
      { key: b, value: 0 },
    ]);
    // Each transaction locks its first row, waits until the other has locked its own, then asks
    // for the other's row: PostgreSQL ends one of them (40P01) after deadlock_timeout (1 s).
    let locked = 0;
    let release: () => void = () => undefined;
    const bothLocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const crossing = (first: string, second: string) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${settings} where ${settings.key} = ${first} for update`);
        locked += 1;
        if (locked === 2) release();
        await bothLocked;
        await tx.execute(sql`select 1 from ${settings} where ${settings.key} = ${second} for update`);
        await tx
          .update(settings)
          .set({ value: sql`to_jsonb((${settings.value} #>> '{}')::int + 1)` })
          .where(inArray(settings.key, [first, second]));
      });
    warnings.length = 0;
    await quietly(() => Promise.all([crossing(a, b), crossing(b, a)]));
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, [a, b]));
    expect(rows.map((row) => row.value)).toEqual([2, 2]);
    expect(warnings).toEqual([expect.stringMatching(/^transaction retried after 40P01 \(attempt 1 of 3/)]);
  });
});
