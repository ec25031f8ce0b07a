// Bulk verification of 500 records at national scale (issue 16): 500 pending copies of the
// department's own entries are added, verified in one request and removed again, a few times over.
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import pg from 'pg';
import { percentile } from '../support';
import type { World } from './world';

const BULK_SIZE = 500;
const RUNS = 5;
// Kinds the department's faculty verify on a plain scale, so one score fits every record.
const KINDS = RECORD_KINDS.filter(
  (k) =>
    k.scoring.type === 'scale' && k.id !== 'checklist' && !k.department && !k.drpPosting && !k.thesisStage,
).map((k) => k.id);

/** Adds 500 pending copies of the department's entries of scale-scored kinds; returns their ids. */
async function addPending(client: pg.Client, world: World): Promise<string[]> {
  const columns = (
    await client.query(
      `select column_name from information_schema.columns where table_name = 'records' order by ordinal_position`,
    )
  ).rows.map((r: { column_name: string }) => r.column_name);
  const fresh: Record<string, string> = {
    id: 'uuid_v7()',
    status: `'pending'`,
    verifier_remark: 'null',
    score: 'null',
    verified_by_id: 'null',
    verified_at: 'null',
    ever_verified: 'false',
    created_at: 'now()',
    updated_at: 'now()',
  };
  const select = columns.map((c) => fresh[c] ?? `s.${c}`).join(', ');
  const inserted = await client.query(
    `insert into records (${columns.join(', ')})
     select ${select} from (
       select r.* from records r, generate_series(1, 20)
       where r.college_id = $1 and r.department_id = $2 and r.kind = any($3) and r.deleted_at is null
       limit ${BULK_SIZE}) s
     returning id`,
    [world.collegeId, world.departmentId, KINDS],
  );
  return inserted.rows.map((r: { id: string }) => r.id);
}

/**
 * Removes the copies (their scores and audit rows first) so that every run of the bench measures
 * the same database: left in place, each run added 2,500 records to the department whose reports
 * the next run measures (30,000 after a day of runs, sixteen times its own).
 */
async function removeCopies(client: pg.Client, recordIds: string[]) {
  await client.query('begin');
  try {
    await client.query('delete from record_scores where record_id = any($1::uuid[])', [recordIds]);
    await client.query(`delete from audit_log where entity = 'record' and entity_id = any($1::text[])`, [
      recordIds,
    ]);
    await client.query('delete from records where id = any($1::uuid[])', [recordIds]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

export async function timeBulkVerification(
  url: string,
  origin: string,
  cookie: string,
  world: World,
  runs = RUNS,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const recordIds = await addPending(client, world);
      try {
        if (recordIds.length !== BULK_SIZE) throw new Error(`only ${recordIds.length} records to verify`);
        const started = performance.now();
        const response = await fetch(`${origin}/api/v1/records/bulk-verification`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin },
          body: JSON.stringify({ recordIds, status: 'approved', score: 3, remark: 'Good work' }),
        });
        const body = (await response.json()) as { updatedCount?: number };
        times.push(performance.now() - started);
        if (response.status !== 200 || body.updatedCount !== BULK_SIZE)
          throw new Error(`bulk verification: ${response.status} ${JSON.stringify(body)}`);
      } finally {
        await removeCopies(client, recordIds);
      }
    }
  } finally {
    await client.end();
  }
  const inOrder = [...times];
  times.sort((a, b) => a - b);
  return { runs, median: percentile(times, 50), worst: times[times.length - 1] ?? 0, inOrder };
}
