import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlacement, createRecordRows, createUser, openTestDatabase } from '../test/helpers';
import type { DatabaseHandle } from './client';

// Issue 16: records, their scores, the audit log and notifications take UUID version 7 ids
// (migration 0020), so a new row's id starts with the time and inserts append to their indexes.
describe('time-ordered ids', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('uuid_v7() gives version 7 ids that start with the current time in milliseconds and sort in creation order', async () => {
    const before = Date.now();
    const result = await database.db.execute(sql`select uuid_v7()::text as id from generate_series(1, 50)`);
    const after = Date.now();
    const ids = (result.rows as Array<{ id: string }>).map((row) => row.id);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const millis = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
      expect(millis).toBeGreaterThanOrEqual(before - 1);
      expect(millis).toBeLessThanOrEqual(after + 1);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a new record gets a time-ordered id by default', async () => {
    const placement = await createPlacement(database.db);
    const student = await createUser(database.db, { placement, verifyByHod: true });
    const [first] = await createRecordRows(database.db, [
      { kind: 'teaching', studentId: student.id, placement },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [second] = await createRecordRows(database.db, [
      { kind: 'teaching', studentId: student.id, placement },
    ]);
    expect(first?.[14]).toBe('7');
    expect((second ?? '') > (first ?? '')).toBe(true);
  });
});
