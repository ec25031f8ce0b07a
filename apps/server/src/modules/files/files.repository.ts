import { isVerifiedByDrpCoordinator } from '@pgel/shared/auth/policies';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { and, eq, exists, inArray, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { colleges, drpPostings, files, records } from '../../db/schema/index';

/**
 * The record kinds a DRP coordinator verifies, whose files they therefore read; never a
 * department-kept (forensic) kind, as in the records module's coordinator scope.
 */
const DRP_RECORD_KINDS = RECORD_KINDS.filter(
  (kind) => isVerifiedByDrpCoordinator(kind) && kind.department === undefined,
).map((kind) => kind.id);

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

/**
 * Files a DRP posting lets someone read who is outside the file's college and department
 * (docs/decisions/012): the posting's notice for its student and, from the posting's first day,
 * its coordinator; and the files of a posted resident's DRP records for the coordinator (who has
 * no college or department of their own).
 */
export async function isReadableThroughDrpPosting(
  db: Executor,
  actor: { id: string; role: string | null },
  fileId: string,
  today: string,
): Promise<boolean> {
  if (actor.role !== null && actor.role !== 'drp_coordinator') return false;
  const coordinator = actor.role === 'drp_coordinator';
  const postedToActor = and(eq(drpPostings.coordinatorId, actor.id), lte(drpPostings.scheduleFrom, today));
  const [notice] = await db
    .select({ id: drpPostings.id })
    .from(drpPostings)
    .where(
      and(
        eq(drpPostings.noticeFileId, fileId),
        coordinator ? postedToActor : eq(drpPostings.studentId, actor.id),
      ),
    )
    .limit(1);
  if (notice) return true;
  if (!coordinator) return false;
  const [record] = await db
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        eq(records.certificateFileId, fileId),
        isNull(records.deletedAt),
        inArray(records.kind, DRP_RECORD_KINDS),
        // The records of the coordinator's own postings only (docs/decisions/012).
        exists(
          db
            .select({ id: drpPostings.id })
            .from(drpPostings)
            .where(and(eq(drpPostings.id, records.drpPostingId), postedToActor)),
        ),
      ),
    )
    .limit(1);
  return record !== undefined;
}

/**
 * A college's logo is printed on the cover of every logbook of the college (issue 14), so any
 * signed-in user may read it, unlike the other files Master uploads.
 */
export async function isCollegeLogo(db: Executor, fileId: string): Promise<boolean> {
  const [college] = await db
    .select({ id: colleges.id })
    .from(colleges)
    .where(eq(colleges.logoFileId, fileId))
    .limit(1);
  return college !== undefined;
}
