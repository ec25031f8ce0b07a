import type { AcademicReportMenu } from '@pgel/shared/reports/activity';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern, searchWords } from '../../platform/list';

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
  date: string;
};

/** Column tests shared by every branch (`t` is the branch's table alias). */
function branchWhere(t: string, filter: ActivityFilter, status: SQL): SQL {
  const parts: SQL[] = [];
  const col = (name: string) => sql.raw(`${t}.${name}`);
  if (filter.collegeId) parts.push(sql`${col('college_id')} = ${filter.collegeId}`);
  if (filter.departmentId) parts.push(sql`${col('department_id')} = ${filter.departmentId}`);
  if (filter.studentId) parts.push(sql`${col('student_id')} = ${filter.studentId}`);
  if (filter.status) parts.push(sql`${status} = ${filter.status}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
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
const THESIS_STATUS = sql.raw(
  `(case when (t.stage = 'synopsis' and t.certificate_file_id is not null) or (t.stage = 'thesis' and t.acceptance_date is not null) then 'approved' else 'pending' end)`,
);
const MEMO_STATUS = sql.raw(`(case when m.status = 'closed' then 'approved' else 'pending' end)`);
const SCORED_STATUS = sql.raw(`'approved'`);

/** The UNION ALL of the sources the menu filter leaves, each filtered on its own indexes. */
function activitySources(filter: ActivityFilter): SQL {
  const wants = (kind: 'record' | 'academic', id?: string) =>
    filter.menu === undefined || (filter.menu.kind === kind && (id === undefined || filter.menu.id === id));
  const branches: SQL[] = [];
  if (wants('record')) {
    const kind = filter.menu?.kind === 'record' ? sql` and r.kind = ${filter.menu.id}` : sql``;
    // records_scope_status_idx / records_scope_kind_date_idx serve the department (and status, kind).
    branches.push(sql`select r.id, r.kind as menu, 'record' as source, r.college_id, r.department_id,
      r.student_id, r.status, coalesce(r.date, r.created_at::date) as day, r.created_at
      from records r where r.deleted_at is null${kind} and ${branchWhere('r', filter, sql.raw('r.status'))}`);
  }
  for (const stage of ['synopsis', 'thesis'] as const) {
    if (!wants('academic', stage)) continue;
    branches.push(sql`select t.id, t.stage as menu, 'academic' as source, t.college_id, t.department_id,
      t.student_id, ${THESIS_STATUS} as status, t.updated_at::date as day, t.created_at
      from theses t where t.stage = ${stage} and ${branchWhere('t', filter, THESIS_STATUS)}`);
  }
  if (wants('academic', 'memo')) {
    branches.push(sql`select m.id, 'memo' as menu, 'academic' as source, m.college_id, m.department_id,
      m.student_id, ${MEMO_STATUS} as status, m.date as day, m.created_at
      from memos m where ${branchWhere('m', filter, MEMO_STATUS)}`);
  }
  if (wants('academic', 'appraisal')) {
    branches.push(sql`select a.id, 'appraisal' as menu, 'academic' as source, a.college_id, a.department_id,
      a.student_id, ${SCORED_STATUS} as status, a.created_at::date as day, a.created_at
      from appraisals a where ${branchWhere('a', filter, SCORED_STATUS)}`);
  }
  if (wants('academic', 'aetcom')) {
    branches.push(sql`select e.id, 'aetcom' as menu, 'academic' as source, e.college_id, e.department_id,
      e.student_id, ${SCORED_STATUS} as status, e.created_at::date as day, e.created_at
      from aetcom_records e where ${branchWhere('e', filter, SCORED_STATUS)}`);
  }
  // The `where false` row shape keeps the statement valid when the menu leaves no source.
  if (branches.length === 0) {
    branches.push(sql`select null::uuid as id, null::text as menu, null::text as source, null::uuid as college_id,
      null::uuid as department_id, null::uuid as student_id, null::text as status, null::date as day,
      null::timestamptz as created_at where false`);
  }
  return sql.join(branches, sql` union all `);
}

/** Every word of the search must appear in the student's name (as list searches do). */
function studentNameSearch(search: string | undefined): SQL {
  const words = searchWords(search);
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((word) => sql`s.name ilike ${containsPattern(word)}`),
    sql` and `,
  );
}

/** The matching rows with their names, as a CTE body (`matched`). */
function matchedRows(filter: ActivityFilter): SQL {
  return sql`with matched as (
    select a.id::text as id, a.menu, a.source, c.name as college_name, d.name as department_name,
      a.student_id::text as student_id, s.name as student_name, a.status,
      to_char(a.day, 'YYYY-MM-DD') as date, a.day, a.created_at
    from (${activitySources(filter)}) a
    join users s on s.id = a.student_id and s.deleted_at is null
    join colleges c on c.id = a.college_id
    join departments d on d.id = a.department_id
    where ${studentNameSearch(filter.search)}
  )`;
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
  date: string | null;
  total?: number | string | null;
};

const NEWEST_FIRST = sql.raw('order by day desc nulls last, created_at desc, id desc');

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
    date: raw.date ?? '',
  };
}

/** Both drivers answer `execute` with `{ rows }`. */
async function run(db: Executor, query: SQL): Promise<RawRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

/**
 * One page and the total in one statement: the count row is always there (left join lateral),
 * so a page past the end still answers the total.
 */
export async function activityPage(
  db: Executor,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const raw = await run(
    db,
    sql`${matchedRows(filter)}
    select p.*, n.total from (select count(*)::int as total from matched) n
    left join lateral (select * from matched ${NEWEST_FIRST} limit ${page.limit} offset ${page.offset}) p on true`,
  );
  const total = Number(raw[0]?.total ?? 0);
  return { rows: raw.filter((r) => r.id !== null).map(toRow), total };
}

/** Every matching row, newest first, at most `limit` (the export's cap). */
export async function activityRows(
  db: Executor,
  filter: ActivityFilter,
  limit: number,
): Promise<ActivityRow[]> {
  const raw = await run(db, sql`${matchedRows(filter)} select * from matched ${NEWEST_FIRST} limit ${limit}`);
  return raw.map(toRow);
}

/** A live student (optionally of one college and department), else undefined. */
export async function findStudent(
  db: Executor,
  studentId: string,
  scope: { collegeId?: string; departmentId?: string },
): Promise<{ id: string } | undefined> {
  const parts: SQL[] = [sql`id = ${studentId}`, sql`role is null`, sql`deleted_at is null`];
  if (scope.collegeId) parts.push(sql`college_id = ${scope.collegeId}`);
  if (scope.departmentId) parts.push(sql`department_id = ${scope.departmentId}`);
  const raw = (await db.execute(
    sql`select id::text as id from users where ${sql.join(parts, sql` and `)} limit 1`,
  )) as unknown as {
    rows: Array<{ id: string }>;
  };
  return raw.rows[0];
}
