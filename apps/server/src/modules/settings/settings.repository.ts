import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inquiries, settings } from '../../db/schema/index';

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Every stored setting, as key -> JSON value. */
export async function readSettings(db: Executor): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

/**
 * Sets a key to `true` unless it already is; returns whether this call changed it. One statement,
 * so two launches at once record one change.
 */
export async function setFlag(db: Executor, key: string): Promise<boolean> {
  const rows = await db
    .insert(settings)
    .values({ key, value: true })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: true, updatedAt: sql`now()` },
      setWhere: sql`${settings.value} <> 'true'::jsonb`,
    })
    .returning({ key: settings.key });
  return rows.length > 0;
}

/** Stores one setting (insert or replace); `null` deletes the row, so the default applies again. */
export async function writeSetting(db: Executor, key: string, value: unknown): Promise<void> {
  if (value === null) {
    await db.delete(settings).where(eq(settings.key, key));
    return;
  }
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export type NewInquiry = typeof inquiries.$inferInsert;

export async function insertInquiry(db: Executor, values: NewInquiry) {
  const [row] = await db.insert(inquiries).values(values).returning();
  if (!row) throw new Error('insert inquiries returned no row');
  return row;
}
