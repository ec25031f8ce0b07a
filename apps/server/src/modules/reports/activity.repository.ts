import type { AcademicReportMenu } from '@pgel/shared/reports/activity';
import { LIST_COUNT_CAP } from '@pgel/shared/schemas/list';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { containsPattern, searchWords } from '../../platform/list';
import type { SaturatedCounts } from '../../platform/saturated-counts';

/** Which rows the report reads: every filter is already checked against the actor's scope. */
export type ActivityFilter = {
  collegeId?: string;
  departmentId?: string;
  /** Only these sources; undefined = all. A record kind or an academic menu. */
  menu?: { kind: 'record'; id: string } | { kind: 'academic'; id: AcademicReportMenu };
  studentId?: string;
  status?: 'pending' | 'approved' | 'rejected';
  search?: string;
};

/** One row as read; the service adds the menu's title and the page it opens. */
export type ActivityRow = {
  id: string;
  menu: string;
  source: 'record' | 'academic';
  collegeName: string;
  departmentName: string;
  studentId: string;
  studentName: string;
  status: 'pending' | 'approved' | 'rejected';
  /** A memo's own status (issued | explained | closed); null for every other row. */
  memoStatus: string | null;
  date: string;
};

/**
 * The most the report's total counts (issue 16): past it the total reads 10,000 (the list shows
 * "10,000+") and the pages go as far. Master's report over every department (20 million records
 * at national scale) is then counted in the time 10,000 rows take, not the whole table's.
 */
export const REPORT_COUNT_CAP = LIST_COUNT_CAP;

/**
 * Every value of the report's SQL is a placeholder (db/prepared.ts `executeNamed`): the SQL is
 * built once per shape, the choices that change its text, and run with these values.
 */
function shapeOf(filter: ActivityFilter): string {
  const menu = filter.menu === undefined ? 'all' : filter.menu.kind === 'record' ? 'record' : filter.menu.id;
  const set = (value: unknown, name: string) => (value === undefined ? '' : name);
  return [
    set(filter.collegeId, 'college'),
    set(filter.departmentId, 'department'),
    set(filter.studentId, 'student'),
    set(filter.status, 'status'),
    menu,
    searchWords(filter.search).length,
  ].join(':');
}

function valuesOf(filter: ActivityFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {
    collegeId: filter.collegeId,
    departmentId: filter.departmentId,
    studentId: filter.studentId,
    status: filter.status,
    recordKind: filter.menu?.kind === 'record' ? filter.menu.id : undefined,
  };
  searchWords(filter.search).forEach((word, i) => {
    values[`word${i}`] = containsPattern(word);
  });
  return values;
}

/**
 * What the count depends on, whole: its SQL's shape and every value it runs with (the scope
 * included), the same pair `executeNamed` runs. A remembered total is keyed by it.
 */
function countKey(filter: ActivityFilter): string {
  return `activity:${shapeOf(filter)}:${JSON.stringify(valuesOf(filter))}`;
}

/** Column tests shared by every branch (`t` is the branch's table alias). */
function branchWhere(t: string, filter: ActivityFilter, status: SQL): SQL {
  const parts: SQL[] = [];
  const col = (name: string) => sql.raw(`${t}.${name}`);
  if (filter.collegeId) parts.push(sql`${col('college_id')} = ${sql.placeholder('collegeId')}`);
  if (filter.departmentId) parts.push(sql`${col('department_id')} = ${sql.placeholder('departmentId')}`);
  if (filter.studentId) parts.push(sql`${col('student_id')} = ${sql.placeholder('studentId')}`);
  if (filter.status) parts.push(sql`${status} = ${sql.placeholder('status')}`);
  parts.push(liveStudent(t, filter.search));
  return sql.join(parts, sql` and `);
}

/**
 * The row's student is live and (with a search) every word of the search is in their name, as
 * list searches do. Tested in each branch, so a branch's own limit counts only rows that show.
 * Without a search, the few deleted accounts are read once (users_deleted_idx) and each row is
 * tested against them (a hashed anti-join): looking up every row's student cost a department's
 * report one index probe per row, and Master's up to 10,000 (issue 16).
 */
function liveStudent(t: string, search: string | undefined): SQL {
  const studentId = sql.raw(`${t}.student_id`);
  const words = searchWords(search).map((_, i) => sql` and s.name ilike ${sql.placeholder(`word${i}`)}`);
  if (words.length === 0)
    return sql`${studentId} not in (select d.id from users d where d.deleted_at is not null)`;
  return sql`exists (select 1 from users s where s.id = ${studentId} and s.deleted_at is null${sql.join(words)})`;
}

/**
 * The academic tables' states on the report's three (they have no "rejected"):
 * - theses (synopsis / thesis): approved once the stage's last step is written (the synopsis'
 *   IEC certificate, the thesis' acceptance date), pending before; dated by its last change;
 * - memos: closed = approved (the HOD accepted the explanation), issued and explained = pending;
 *   dated by the memo date;
 * - appraisals and AETCOM years are written by the faculty with their scores, so approved;
 *   dated by the day they were written (their from..to is a period, not an activity day).
 */
const thesisStatus = (t: string) =>
  sql.raw(
    `(case when (${t}.stage = 'synopsis' and ${t}.certificate_file_id is not null) or (${t}.stage = 'thesis' and ${t}.acceptance_date is not null) then 'approved' else 'pending' end)`,
  );
const MEMO_STATUS = sql.raw(`(case when m.status = 'closed' then 'approved' else 'pending' end)`);
const SCORED_STATUS = sql.raw(`'approved'`);

/**
 * One source of the report: its columns (id, menu, source, college_id, department_id,
 * student_id, status, memo_status, day, created_at), its table and filter, and the order that is the report's
 * (day desc, created_at desc, id desc) restricted to it, which an index reads.
 */
type Branch = {
  columns: SQL;
  from: SQL;
  where: SQL;
  order: SQL;
  /** The count's filter when it differs (records are counted in one branch); false: not counted. */
  count?: SQL | false;
  /** What else the page's branch keeps when it reads its newest rows (theses only). */
  newest?: SQL;
};

/** The sources the menu filter leaves, each filtered on its own indexes. */
function activityBranches(filter: ActivityFilter): Branch[] {
  const wants = (kind: 'record' | 'academic', id?: string) =>
    filter.menu === undefined || (filter.menu.kind === kind && (id === undefined || filter.menu.id === id));
  const branches: Branch[] = [];
  if (wants('record')) {
    const kind = filter.menu?.kind === 'record' ? sql` and r.kind = ${sql.placeholder('recordKind')}` : sql``;
    const where = sql`r.deleted_at is null${kind} and ${branchWhere('r', filter, sql.raw('r.status'))}`;
    const columns = (day: string) =>
      sql.raw(`r.id, r.kind as menu, 'record' as source, r.college_id, r.department_id, r.student_id,
        r.status, null::text as memo_status, ${day} as day, r.created_at`);
    // A record's day is its date, else the day it was made: the two are read apart, each in the
    // report's order from an index (records_day_idx / records_undated_created_idx for everyone's,
    // the scope indexes for a department's), as `created_at::date` cannot be indexed.
    branches.push({
      columns: columns('r.date'),
      from: sql`records r`,
      where: sql`${where} and r.date is not null`,
      order: sql`r.date desc, r.created_at desc, r.id desc`,
      count: where,
    });
    branches.push({
      columns: columns('r.created_at::date'),
      from: sql`records r`,
      where: sql`${where} and r.date is null`,
      order: sql`r.created_at desc, r.id desc`,
      count: false,
    });
  }
  for (const stage of ['synopsis', 'thesis'] as const) {
    if (!wants('academic', stage)) continue;
    branches.push({
      columns: sql`t.id, t.stage as menu, 'academic' as source, t.college_id, t.department_id,
        t.student_id, ${thesisStatus('t')} as status, null::text as memo_status, t.updated_at::date as day,
        t.created_at`,
      from: sql`theses t`,
      where: sql`t.stage = ${stage} and ${branchWhere('t', filter, thesisStatus('t'))}`,
      order: sql`t.updated_at::date desc, t.created_at desc, t.id desc`,
      newest: thesisCutoff(filter, stage),
    });
  }
  if (wants('academic', 'memo')) {
    branches.push({
      columns: sql`m.id, 'memo' as menu, 'academic' as source, m.college_id, m.department_id,
        m.student_id, ${MEMO_STATUS} as status, m.status as memo_status, m.date as day, m.created_at`,
      from: sql`memos m`,
      where: branchWhere('m', filter, MEMO_STATUS),
      order: sql`m.date desc, m.created_at desc, m.id desc`,
    });
  }
  if (wants('academic', 'appraisal')) {
    branches.push({
      columns: sql`a.id, 'appraisal' as menu, 'academic' as source, a.college_id, a.department_id,
        a.student_id, ${SCORED_STATUS} as status, null::text as memo_status, a.created_at::date as day,
        a.created_at`,
      from: sql`appraisals a`,
      where: branchWhere('a', filter, SCORED_STATUS),
      // Dated by the creation day: created_at's order is the report's.
      order: sql`a.created_at desc, a.id desc`,
    });
  }
  if (wants('academic', 'aetcom')) {
    branches.push({
      columns: sql`e.id, 'aetcom' as menu, 'academic' as source, e.college_id, e.department_id,
        e.student_id, ${SCORED_STATUS} as status, null::text as memo_status, e.created_at::date as day,
        e.created_at`,
      from: sql`aetcom_records e`,
      where: branchWhere('e', filter, SCORED_STATUS),
      order: sql`e.created_at desc, e.id desc`,
    });
  }
  return branches;
}

/**
 * A thesis is dated by the day of its last change, which no index holds in the report's order
 * (day, then created_at): the branch keeps the rows on or after the day of its `rows`-th newest
 * change (read backwards on theses_*_updated_idx; `lastRow` is rows - 1), which hold its newest
 * `rows` in the report's order, and sorts only those. `date_trunc('day', …)` and `::date` both
 * use the session's zone.
 */
function thesisCutoff(filter: ActivityFilter, stage: string): SQL {
  // `< 'infinity'` holds for every row; it is there for the planner. The cutoff is known only
  // when the statement runs, so `updated_at >= cutoff` alone is priced as a third of the table
  // (27,000 theses at national scale, where about 200 are read), and Master's report of every
  // department sorted them with parallel workers: 6 ms, most of it starting the workers. As a
  // range (both bounds) it is priced as a small slice: 1.4 ms, no workers (issue 16).
  return sql` and t.updated_at < 'infinity'
    and t.updated_at >= coalesce((select date_trunc('day', t2.updated_at) from theses t2
    where t2.stage = ${stage} and ${branchWhere('t2', filter, thesisStatus('t2'))}
    order by t2.updated_at desc offset ${sql.placeholder('lastRow')} limit 1), '-infinity')`;
}

/** The statement's shape when the menu leaves no source. */
const NO_ROWS = sql`select null::uuid as id, null::text as menu, null::text as source, null::uuid as college_id,
  null::uuid as department_id, null::uuid as student_id, null::text as status, null::text as memo_status,
  null::date as day,
  null::timestamptz as created_at where false`;

/**
 * Every source's newest `rows` in the report's order (the only ones that can be on a page ending
 * at row `rows`), as a UNION ALL: each branch stops after its `rows` on its index.
 */
function newestOfEachSource(filter: ActivityFilter): SQL {
  const branches = activityBranches(filter).map(
    (b) =>
      sql`(select ${b.columns} from ${b.from} where ${b.where}${b.newest ?? sql``} order by ${b.order} limit ${sql.placeholder('rows')})`,
  );
  return branches.length === 0 ? NO_ROWS : sql.join(branches, sql` union all `);
}
type RawRow = {
  id: string | null;
  menu: string | null;
  source: 'record' | 'academic' | null;
  college_name: string | null;
  department_name: string | null;
  student_id: string | null;
  student_name: string | null;
  status: ActivityRow['status'] | null;
  memo_status: string | null;
  date: string | null;
};

function toRow(raw: RawRow): ActivityRow {
  return {
    id: raw.id ?? '',
    menu: raw.menu ?? '',
    source: raw.source ?? 'record',
    collegeName: raw.college_name ?? '',
    departmentName: raw.department_name ?? '',
    studentId: raw.student_id ?? '',
    studentName: raw.student_name ?? '',
    status: raw.status ?? 'pending',
    memoStatus: raw.memo_status,
    date: raw.date ?? '',
  };
}

/**
 * The rows of a page ending at row `offset + limit`, with their names, newest first (day desc,
 * created_at desc, id desc): each source gives its newest `offset + limit`, the rest cannot be on it.
 */
function pageQuery(filter: ActivityFilter): SQL {
  return sql`select a.id::text as id, a.menu, a.source, c.name as college_name, d.name as department_name,
      a.student_id::text as student_id, s.name as student_name, a.status, a.memo_status,
      to_char(a.day, 'YYYY-MM-DD') as date
    from (${newestOfEachSource(filter)}) a
    join users s on s.id = a.student_id
    join colleges c on c.id = a.college_id
    join departments d on d.id = a.department_id
    order by a.day desc nulls last, a.created_at desc, a.id desc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
}

/** The page's rows: a named statement built once per shape (planning the union cost more than running it). */
async function pageRows(db: Executor, filter: ActivityFilter, limit: number, offset: number) {
  const values = { ...valuesOf(filter), limit, offset, rows: offset + limit, lastRow: offset + limit - 1 };
  const raw = await executeNamed<RawRow>(
    db,
    `activity-page:${shapeOf(filter)}`,
    () => pageQuery(filter),
    values,
  );
  return raw.map(toRow);
}

/**
 * How many rows match, at most `cap`: the sources are read one after the other and the count
 * stops at the cap, so a national report is not counted row by row.
 */
export async function countActivity(
  db: Executor,
  filter: ActivityFilter,
  cap: number = REPORT_COUNT_CAP,
): Promise<number> {
  const branches = activityBranches(filter).flatMap((b) =>
    b.count === false ? [] : [sql`select 1 from ${b.from} where ${b.count ?? b.where}`],
  );
  if (branches.length === 0) return 0;
  const rows = await executeNamed<{ total: number | string }>(
    db,
    `activity-count:${shapeOf(filter)}`,
    () =>
      sql`select count(*)::int as total from (${sql.join(branches, sql` union all `)} limit ${sql.placeholder('cap')}) n`,
    { ...valuesOf(filter), cap },
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * One page and the total (at most `countCap`: REPORT_COUNT_CAP unless a test says). With
 * `counts`, a total that reached the cap lately is not counted again (platform/saturated-counts).
 */
export async function activityPage(
  db: Executor,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
  options: { countCap?: number; counts?: SaturatedCounts } = {},
): Promise<{ rows: ActivityRow[]; total: number }> {
  const cap = options.countCap ?? REPORT_COUNT_CAP;
  const count = () => countActivity(db, filter, cap);
  const [rows, total] = await Promise.all([
    pageRows(db, filter, page.limit, page.offset),
    options.counts ? options.counts.upTo(countKey(filter), cap, count) : count(),
  ]);
  return { rows, total };
}

/** Every matching row, newest first, at most `limit` (the export's cap). */
export function activityRows(db: Executor, filter: ActivityFilter, limit: number): Promise<ActivityRow[]> {
  return pageRows(db, filter, limit, 0);
}

/** A live student (optionally of one college and department), else undefined. */
export async function findStudent(
  db: Executor,
  studentId: string,
  scope: { collegeId?: string; departmentId?: string },
): Promise<{ id: string } | undefined> {
  const rows = await executeNamed<{ id: string }>(
    db,
    `activity-student:${scope.collegeId ? 'college' : ''}:${scope.departmentId ? 'department' : ''}`,
    () => {
      const parts: SQL[] = [
        sql`id = ${sql.placeholder('studentId')}`,
        sql`role is null`,
        sql`deleted_at is null`,
      ];
      if (scope.collegeId) parts.push(sql`college_id = ${sql.placeholder('collegeId')}`);
      if (scope.departmentId) parts.push(sql`department_id = ${sql.placeholder('departmentId')}`);
      return sql`select id::text as id from users where ${sql.join(parts, sql` and `)} limit 1`;
    },
    { studentId, ...scope },
  );
  return rows[0];
}

/** A record's role as stored: the verifier's and the record's details (where the logged one is). */
export type RecordRoleRow = { id: string; kind: string; confirmedRole: string | null; details: unknown };

/** The most ids one roles statement takes (the export's 50,000 rows go in several). */
const ROLE_IDS_PER_STATEMENT = 5000;

/**
 * The roles of some records (a page's, or the export's, rows of the kinds that log one), read
 * apart from the report's own statement (issue 27): that one is answered from the scope index
 * alone, and `details` would make it fetch every row it reads. One statement per 5,000 ids, by
 * primary key; the ids travel as one array, so the statement is named once.
 */
export async function recordRoles(db: Executor, ids: readonly string[]): Promise<RecordRoleRow[]> {
  const rows: RecordRoleRow[] = [];
  for (let i = 0; i < ids.length; i += ROLE_IDS_PER_STATEMENT) {
    const chunk = await executeNamed<{
      id: string;
      kind: string;
      confirmed_role: string | null;
      details: unknown;
    }>(
      db,
      'activity-roles',
      () =>
        sql`select r.id::text as id, r.kind, r.confirmed_role, r.details from records r
          where r.id = any(${sql.placeholder('ids')}::uuid[])`,
      { ids: ids.slice(i, i + ROLE_IDS_PER_STATEMENT) },
    );
    for (const row of chunk) {
      rows.push({ id: row.id, kind: row.kind, confirmedRole: row.confirmed_role, details: row.details });
    }
  }
  return rows;
}

/** What an export row is named by, as stored (issue 28); the service words it. */
export type EntryTitleRow =
  | { source: 'record' | 'synopsis' | 'thesis' | 'memo'; id: string; title: string | null }
  | { source: 'appraisal'; id: string; fromDate: string; toDate: string }
  | { source: 'aetcom'; id: string; year: number; fromDate: string; toDate: string };

/** The most ids one titles statement takes (the export's 50,000 rows go in several). */
const TITLE_IDS_PER_STATEMENT = 5000;

/** Each source's table and the columns that name its entry. */
const TITLE_SOURCES = {
  record: 'select id::text as id, summary as title from records',
  synopsis: 'select id::text as id, title from theses',
  thesis: 'select id::text as id, title from theses',
  memo: 'select id::text as id, memo_number as title from memos',
  appraisal:
    "select id::text as id, to_char(from_date, 'YYYY-MM-DD') as from_date, to_char(to_date, 'YYYY-MM-DD') as to_date from appraisals",
  aetcom:
    "select id::text as id, year, to_char(from_date, 'YYYY-MM-DD') as from_date, to_char(to_date, 'YYYY-MM-DD') as to_date from aetcom_records",
} as const;
export type TitleSource = keyof typeof TITLE_SOURCES;

/**
 * The title or topic of export rows, read apart from the report's own statement (which its
 * indexes answer alone, issue 16): a record's summary (its task or topic, never a patient's
 * identifier: `summaryOf` leaves sensitive fields out), a thesis stage's title, a memo's number
 * (never its reason), an appraisal's period and an AETCOM year. By primary key, 5,000 ids a
 * statement, one statement shape per source.
 */
export async function entryTitles(
  db: Executor,
  ids: ReadonlyMap<TitleSource, readonly string[]>,
): Promise<EntryTitleRow[]> {
  const rows: EntryTitleRow[] = [];
  for (const [source, all] of ids) {
    for (let i = 0; i < all.length; i += TITLE_IDS_PER_STATEMENT) {
      const chunk = await executeNamed<{
        id: string;
        title?: string | null;
        year?: number;
        from_date?: string;
        to_date?: string;
      }>(
        db,
        `activity-titles:${source}`,
        () => sql`${sql.raw(TITLE_SOURCES[source])} where id = any(${sql.placeholder('ids')}::uuid[])`,
        { ids: all.slice(i, i + TITLE_IDS_PER_STATEMENT) },
      );
      for (const row of chunk) {
        if (source === 'appraisal') {
          rows.push({ source, id: row.id, fromDate: row.from_date ?? '', toDate: row.to_date ?? '' });
        } else if (source === 'aetcom') {
          rows.push({
            source,
            id: row.id,
            year: Number(row.year ?? 0),
            fromDate: row.from_date ?? '',
            toDate: row.to_date ?? '',
          });
        } else {
          rows.push({ source, id: row.id, title: row.title ?? null });
        }
      }
    }
  }
  return rows;
}
