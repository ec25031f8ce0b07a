import { findKind } from '@pgel/shared/records/kinds';
import { recordSearchText } from '@pgel/shared/records/search-text';
import { and, asc, eq, gt, ilike, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { runNamed } from '../../db/prepared';
import { drpPostings, records, users } from '../../db/schema/index';
import { containsPattern, type SearchTarget, searchWords } from '../../platform/list';
import { asDetails } from './record-rows';
import type { RecordScope } from './records.repository';

/**
 * `records.search_text`: what the report search looks in (issue 10). It is written with the row
 * (a new record, a verification, a reset) from the same columns the report table shows, and
 * filled at start-up for rows written before it existed.
 */

const teacher = alias(users, 'search_teacher');
const verifier = alias(users, 'search_verifier');

/** The columns a verification or a reset changes; each changes what the row shows. */
export type ShownChanges = Partial<
  Pick<
    typeof records.$inferInsert,
    'status' | 'verifierRemark' | 'score' | 'verifiedById' | 'verifiedAt' | 'confirmedRole'
  >
>;

const SHOWN_KEYS = [
  'status',
  'verifierRemark',
  'score',
  'verifiedById',
  'verifiedAt',
  'confirmedRole',
] as const;

/** Whether an update changes a column the search text is built from. */
export function changesShownColumns(values: Record<string, unknown>): boolean {
  return SHOWN_KEYS.some((key) => key in values);
}

/**
 * Each record's search text as it will be once `changes` are applied: the row's columns with
 * the teacher's and verifier's names (a changed verifier is looked up). Call it on locked rows.
 */
export async function searchTextsAfter(
  db: Executor,
  ids: string[],
  changes: ShownChanges = {},
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (ids.length === 0) return texts;
  const rows = await db
    .select({
      id: records.id,
      kind: records.kind,
      date: records.date,
      details: records.details,
      teacherName: teacher.name,
      studentRemark: records.studentRemark,
      status: records.status,
      verifierRemark: records.verifierRemark,
      verifiedByName: verifier.name,
      verifiedAt: records.verifiedAt,
      score: records.score,
      confirmedRole: records.confirmedRole,
    })
    .from(records)
    .leftJoin(teacher, eq(teacher.id, records.teacherId))
    .leftJoin(verifier, eq(verifier.id, records.verifiedById))
    .where(inArray(records.id, ids));
  let verifiedByName: string | null | undefined;
  if (changes.verifiedById !== undefined) {
    verifiedByName = null;
    if (changes.verifiedById !== null) {
      const [named] = await db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, changes.verifiedById))
        .limit(1);
      verifiedByName = named?.name ?? null;
    }
  }
  for (const row of rows) {
    const kind = findKind(row.kind);
    const after = { ...row, ...changes, verifiedByName: verifiedByName ?? row.verifiedByName };
    texts.set(
      row.id,
      kind
        ? recordSearchText(kind, {
            ...after,
            details: asDetails(row.details),
            verifierRemark: after.verifierRemark ?? null,
            verifiedAt: after.verifiedAt ?? null,
            status: after.status ?? row.status,
          })
        : '',
    );
  }
  return texts;
}

/**
 * The texts as a table `v(id, search_text)` to update from: one JSON parameter, however many
 * rows (a bulk verification writes 500 in one statement).
 */
export function searchTextSource(texts: Map<string, string>): SQL {
  const rows = [...texts].map(([id, text]) => ({ id, search_text: text }));
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, search_text text)`;
}

/** Writes each record's search text (the rows should be locked or just inserted). */
async function writeSearchTexts(db: Executor, texts: Map<string, string>): Promise<void> {
  if (texts.size === 0) return;
  await db
    .update(records)
    .set({ searchText: sql`v.search_text` })
    .from(searchTextSource(texts))
    .where(eq(records.id, sql`v.id`));
}

/** Rewrites the search text of `ids` from what is stored now (rows written straight, as fixtures are). */
export async function refreshSearchText(db: Executor, ids: string[]): Promise<void> {
  await writeSearchTexts(db, await searchTextsAfter(db, ids));
}

/** Past this many students named like a word, the ids stay in a subquery (Master's wide searches). */
const MAX_LISTED_STUDENTS = 500;

/** Students (the column `student`) with a posting under the coordinator that has started by `today`. */
export function postedToCoordinator(student: AnyPgColumn, coordinatorId: string, today: string): SQL {
  return sql`exists (select 1 from ${drpPostings} where ${drpPostings.studentId} = ${student} and ${drpPostings.coordinatorId} = ${coordinatorId} and ${drpPostings.scheduleFrom} <= ${today})`;
}

/**
 * Where the report and Pending Verifications searches look for each word of `search`: the
 * record's search text (every column its kind shows, trigram-indexed) or its student's name.
 * The students named like each word are looked up first (a department has a few hundred) and
 * their ids written into the query, so the planner knows how many rows each side brings: a
 * competency word or an IPD fragment that names no student is just the trigram index, and a
 * name is the student index, never every record of the department joined to its student. A word
 * of one or two letters is looked for in names only: it is in nearly every record's dates.
 */
export async function recordSearchTargets(
  db: Executor,
  scope: RecordScope,
  search: string | undefined,
): Promise<SearchTarget[]> {
  const inScope =
    scope.kind === 'department'
      ? and(eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId))
      : scope.kind === 'student'
        ? eq(users.id, scope.studentId)
        : scope.kind === 'drp-coordinator'
          ? postedToCoordinator(users.id, scope.coordinatorId, scope.today)
          : undefined;
  const byPattern = new Map<string, { inText: boolean; students: SQL }>();
  for (const word of searchWords(search)) {
    const pattern = containsPattern(word);
    // Built twice: Drizzle's `limit` changes the query it is called on, and the subquery of a
    // wide search must not stop at the first MAX_LISTED_STUDENTS + 1 students.
    const named = () =>
      db
        .select({ id: users.id })
        .from(users)
        .where(and(isNull(users.role), inScope, ilike(users.name, pattern)))
        .$dynamic();
    const listed = await runNamed(named().limit(sql.placeholder('limit')), {
      limit: MAX_LISTED_STUDENTS + 1,
    });
    const ids = listed.map((row) => row.id);
    // One array parameter, not `in ($6, $7, …)`: the query's text is then the same whoever the
    // word names, so the list runs as a named statement, planned once per connection (planning
    // was two thirds of PostgreSQL's work for a department's Pending Verifications search).
    const students =
      ids.length === 0
        ? sql`false`
        : ids.length <= MAX_LISTED_STUDENTS
          ? sql`${records.studentId} = any(${sql.param(ids)}::uuid[])`
          : sql`${records.studentId} = any(array(${named()}))`;
    byPattern.set(pattern, { inText: word.length >= 3, students });
  }
  return [
    (pattern) => (byPattern.get(pattern)?.inText ? ilike(records.searchText, pattern) : sql`false`),
    (pattern) => byPattern.get(pattern)?.students ?? sql`false`,
  ];
}

/** Rows one backfill transaction looks at. */
const BACKFILL_BATCH = 500;

/**
 * Fills `search_text` of the rows that have none (written before issue 10), one transaction per
 * range of `batchSize` rows in primary-key order: the range is read from the key's index, so a
 * batch costs the same however few rows still need filling (a plain `where search_text is null
 * order by id limit n` is planned as a scan of the whole table each time). Rows another server
 * (or a verification) holds are skipped: that one writes their text. Safe to run on every
 * server at once and again later; returns how many rows it filled.
 */
export async function backfillSearchText(
  db: Database,
  options: { batchSize?: number; shouldStop?: () => boolean } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? BACKFILL_BATCH;
  const [anyEmpty] = await db
    .select({ id: records.id })
    .from(records)
    .where(isNull(records.searchText))
    .limit(1);
  if (!anyEmpty) return 0;
  let filled = 0;
  let after: string | null = null;
  for (;;) {
    const from: string | null = after;
    const batch: { last: string | null; filled: number } = await db.transaction(async (tx) => {
      const range = await tx
        .select({ id: records.id })
        .from(records)
        .where(from === null ? undefined : gt(records.id, from))
        .orderBy(asc(records.id))
        .limit(batchSize);
      const last = range[range.length - 1]?.id ?? null;
      if (last === null) return { last, filled: 0 };
      const empty = await tx
        .select({ id: records.id })
        .from(records)
        .where(
          and(
            isNull(records.searchText),
            from === null ? undefined : gt(records.id, from),
            lte(records.id, last),
          ),
        )
        .for('update', { skipLocked: true });
      const ids = empty.map((row) => row.id);
      await writeSearchTexts(tx, await searchTextsAfter(tx, ids));
      return { last: range.length < batchSize ? null : last, filled: ids.length };
    });
    filled += batch.filled;
    after = batch.last;
    if (after === null || options.shouldStop?.()) return filled;
  }
}

/**
 * The start-up pass of `backfillSearchText`, in the background: the server answers meanwhile
 * (an unfilled row is found by its student's name only until its batch is done). Stopping
 * waits for the batch in hand.
 */
export class SearchTextBackfill {
  private running: Promise<void> | null = null;
  private stopRequested = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopRequested = false;
    this.running ??= backfillSearchText(this.db, { shouldStop: () => this.stopRequested })
      .then((filled) => {
        if (filled > 0) this.log.info({ filled }, 'search text filled for records written before it existed');
      })
      .catch((err) => this.log.error({ err }, 'search text backfill failed; the next start tries again'))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    this.stopRequested = true;
    await this.running;
  }
}
