import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ReleasingPool } from './releasing-pool';

/**
 * A transaction whose connection dies between the checkout and BEGIN must not keep its pool
 * slot: with one slot, the next transaction still runs, and the pool can be closed.
 */
describe('ReleasingPool (PostgreSQL)', () => {
  let pool: ReleasingPool | undefined;
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });

  function onePool() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('*.pg.test.ts needs DATABASE_URL');
    pool = new ReleasingPool({ connectionString: url, max: 1, connectionTimeoutMillis: 3_000 });
    // A broken connection is reported on the client and re-emitted by the pool: expected here.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return pool;
  }

  it('gets back the slot of a client whose connection ends before BEGIN', async () => {
    const pool = onePool();
    const db = drizzle(pool);
    let cut = true;
    pool.on('acquire', (client: pg.PoolClient) => {
      if (!cut) return;
      cut = false;
      // The connection breaks right after the checkout, before drizzle sends BEGIN.
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();

    const answer = await db.transaction(async (tx) => tx.execute(sql`select 2 as two`));
    expect(answer.rows[0]).toEqual({ two: 2 });
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });

  it('releases once: the user releasing a client the pool already took back changes nothing', async () => {
    const pool = onePool();
    const client = await pool.connect();
    client.release();
    expect(() => client.release()).not.toThrow();
    expect(pool.idleCount).toBe(1);
    const again = await pool.connect();
    expect((await again.query('select 3 as three')).rows[0]).toEqual({ three: 3 });
    again.release();
  });
});
