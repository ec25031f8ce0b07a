import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { logbookDocuments } from '../../db/schema/index';

export type DocumentRow = typeof logbookDocuments.$inferSelect;
export type NewDocumentRow = typeof logbookDocuments.$inferInsert;

export async function insertDocument(db: Executor, values: NewDocumentRow): Promise<DocumentRow> {
  const [row] = await db.insert(logbookDocuments).values(values).returning();
  if (!row) throw new Error('insert into logbook_documents returned no row');
  return row;
}

export async function findDocumentByCode(db: Executor, code: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(logbookDocuments).where(eq(logbookDocuments.code, code));
  return row;
}
