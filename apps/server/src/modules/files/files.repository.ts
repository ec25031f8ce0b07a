import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema/index';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Executor, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('insert files returned no row');
  return row;
}

export async function findFile(db: Executor, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}
