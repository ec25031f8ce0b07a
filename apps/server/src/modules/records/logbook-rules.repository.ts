import type { RecordStatus } from '@pgel/shared/records/types';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { records, theses, users } from '../../db/schema/index';

/**
 * The student's own user row, locked until the transaction ends: a student's logbook writes run
 * one after another, so two requests at once cannot both pass a rule that counts their entries.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: the lock only orders the student's writers and never goes
 * with a change of the row's keys. A row inserted earlier in the same transaction that references
 * the student (the Idempotency-Key's row) holds a KEY SHARE lock on this row; FOR UPDATE waits for
 * every other holder of one, so two such transactions waited for each other (a deadlock, 40P01,
 * issue 27), while FOR NO KEY UPDATE lets key-share holders be.
 */
export async function lockStudent(tx: Tx, studentId: string) {
  const [row] = await tx
    .select({ id: users.id, verifyByHod: users.verifyByHod, paid: users.paid })
    .from(users)
    .where(and(eq(users.id, studentId), isNull(users.deletedAt)))
    .for('no key update');
  return row;
}

const particular = sql<unknown>`${records.details}->>'particular'`;

/** A live checklist entry of this particular that is not rejected (one that blocks another). */
export async function findStandingChecklistEntry(db: Executor, studentId: string, value: string) {
  const [row] = await db
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        eq(records.studentId, studentId),
        eq(records.kind, 'checklist'),
        isNull(records.deletedAt),
        ne(records.status, 'rejected'),
        sql`${particular} = ${value}`,
      ),
    )
    .limit(1);
  return row;
}

/** The particular and status of each of the student's live checklist entries (the dashboard card). */
const checklistOfStudent = preparedOnce((db) =>
  db
    .select({ particular, status: records.status })
    .from(records)
    .where(
      and(
        eq(records.studentId, sql.placeholder('studentId')),
        eq(records.kind, 'checklist'),
        isNull(records.deletedAt),
      ),
    )
    .prepare('pgel_checklist_entries'),
);

export async function listChecklistEntries(db: Database, studentId: string) {
  const rows = await checklistOfStudent(db).execute({ studentId });
  return rows as Array<{ particular: unknown; status: RecordStatus }>;
}

/** Whether the student has written the title of their synopsis or thesis (the row exists then). */
export async function hasThesis(db: Executor, studentId: string, stage: 'synopsis' | 'thesis') {
  const [row] = await db
    .select({ id: theses.id })
    .from(theses)
    .where(and(eq(theses.studentId, studentId), eq(theses.stage, stage)))
    .limit(1);
  return row !== undefined;
}
