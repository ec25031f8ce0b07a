import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { theses } from '../../db/schema/index';
import { createRecordRows, createUser, get, type TestApp } from '../../test/helpers';
import { type Caller, type RecordsWorld, withRecordsWorld } from '../../test/records-world';
import { captureSql, dataReads, type Statement } from '../../test/sql-capture';
import { backfillSearchText } from './record-search';

// Issue 16: the scoped lists must be answered from an index on `records` at any size. The test
// captures the SQL each route really sends and explains it with sequential scans priced out
// (enable_seqscan = off): the planner still picks a sequential scan when no index can answer
// the query, so a lost or unusable index fails here, long before it shows at 20 million rows.

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Alias?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
};

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The statements that flag a page's doubtful records (issue 27): the page's facts by primary key,
 * and a department's percentile of a kind, read only when a day could be busy and remembered for
 * minutes. Both go through the loop below (indexes, no sequential scan); the tests of a list's own
 * statements leave them out.
 */
const isFlagRead = (s: Statement) =>
  /= any\(\$\d+::uuid\[\]\)\s*$/.test(s.text) || /percentile_cont/.test(s.text);

async function explain(t: TestApp, statement: Statement): Promise<PlanNode[]> {
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const result = await client.query({
      text: `explain (format json) ${statement.text}`,
      values: statement.values,
    });
    await client.query('rollback');
    const plan = (result.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    return nodesOf(plan);
  } finally {
    client.release();
  }
}

describe('hot queries on records use their indexes (PostgreSQL)', () => {
  let t: TestApp;
  let w: RecordsWorld;
  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  beforeAll(async () => {
    const kinds = RECORD_KINDS.filter((k) => !k.department && !k.drpPosting && !k.thesisStage).slice(0, 6);
    const statuses = ['pending', 'approved', 'rejected'] as const;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      kind: (kinds[i % kinds.length] ?? kinds[0])?.id as string,
      studentId: i % 2 === 0 ? w.actors.student.id : w.actors.otherStudent.id,
      placement: w.medicine,
      status: statuses[i % 3],
      date: `2026-0${(i % 9) + 1}-1${i % 10}`,
      summary: `Entry ${i} ${w.tag}`,
    }));
    await createRecordRows(t.db, rows);
    await (t.db as unknown as { $client: pg.Pool }).$client.query('analyze records');
  });

  const routes: Array<{ name: string; caller: Caller; url: (w: RecordsWorld) => string }> = [
    {
      name: "a student's report page",
      caller: 'student',
      url: () => '/api/v1/records?kind=procedure&page=1&pageSize=10',
    },
    { name: "a student's dashboard counts", caller: 'student', url: () => '/api/v1/records/counts' },
    {
      name: "faculty's Pending Verifications",
      caller: 'faculty',
      url: () => '/api/v1/records/pending?page=2&pageSize=10',
    },
    {
      name: "faculty's Pending Verifications searched by a student's name",
      caller: 'faculty',
      url: (world) =>
        `/api/v1/records/pending?page=1&pageSize=10&search=${encodeURIComponent(world.actors.student.name)}`,
    },
    {
      name: "faculty's report page of one kind",
      caller: 'faculty',
      url: () => '/api/v1/records?kind=procedure&page=1&pageSize=10&status=pending',
    },
    {
      name: "faculty's report page of one student",
      caller: 'faculty',
      url: (world) =>
        `/api/v1/records?kind=procedure&page=1&pageSize=10&studentId=${world.actors.student.id}`,
    },
    { name: "HOD's /reports", caller: 'hod', url: () => '/api/v1/reports?page=1&pageSize=10' },
    {
      name: "HOD's /reports by status",
      caller: 'hod',
      url: () => '/api/v1/reports?page=1&pageSize=10&status=pending',
    },
    {
      name: "HOD's /reports of one student",
      caller: 'hod',
      url: (world) => `/api/v1/reports?page=1&pageSize=10&studentId=${world.actors.student.id}`,
    },
    {
      name: "HOD's /reports of one menu",
      caller: 'hod',
      url: () => '/api/v1/reports?page=1&pageSize=10&menu=procedure',
    },
    // Master's report over every department: each source read newest first on its own index
    // (records_day_idx, records_undated_created_idx), the count stopped at its cap.
    {
      name: "Master's /reports of every department",
      caller: 'master',
      url: () => '/api/v1/reports?page=1&pageSize=10',
    },
    {
      name: "Master's /reports of every department by status",
      caller: 'master',
      url: () => '/api/v1/reports?page=3&pageSize=10&status=accepted',
    },
  ];

  for (const route of routes)
    it(`${route.name}: no sequential scan on records`, async () => {
      const { result, statements } = await captureSql(() =>
        get(t.app, route.url(w), { cookie: w.cookieOf(route.caller) }),
      );
      expect(result.statusCode).toBe(200);
      const onRecords = dataReads(statements).filter((s) => /\brecords\b/.test(s.text));
      expect(onRecords.length).toBeGreaterThan(0);
      for (const statement of onRecords) {
        const nodes = await explain(t, statement);
        const scans = nodes.filter((n) => n['Relation Name'] === 'records').map((n) => n['Node Type']);
        expect(scans, statement.text).not.toContain('Seq Scan');
        expect(
          nodes.some((n) => n['Index Name']?.startsWith('records_')),
          statement.text,
        ).toBe(true);
      }
    });

  it("Master's /students (every student in the country): an index, and a count stopped at its cap", async () => {
    const { result, statements } = await captureSql(() =>
      get(t.app, '/api/v1/students?page=1&pageSize=10', { cookie: w.cookieOf('master') }),
    );
    expect(result.statusCode).toBe(200);
    const reads = dataReads(statements).filter((s) => /from "users"/.test(s.text));
    expect(reads.some((s) => /count\(\*\)/.test(s.text) && /limit \$\d+\) "capped"/.test(s.text))).toBe(true);
    for (const statement of reads) {
      const nodes = await explain(t, statement);
      const scans = nodes.filter((n) => n['Relation Name'] === 'users').map((n) => n['Node Type']);
      expect(scans, statement.text).not.toContain('Seq Scan');
    }
  });

  it("HOD's /reports leaves out deleted students' rows with one read of users_deleted_idx, not a lookup per row", async () => {
    const { result, statements } = await captureSql(() =>
      get(t.app, '/api/v1/reports?page=1&pageSize=10', { cookie: w.cookieOf('hod') }),
    );
    expect(result.statusCode).toBe(200);
    const reads = dataReads(statements).filter((s) => /\brecords\b/.test(s.text) && !isFlagRead(s));
    expect(reads.length).toBe(2);
    for (const statement of reads) {
      const nodes = await explain(t, statement);
      expect(
        nodes.map((n) => n['Index Name']),
        statement.text,
      ).toContain('users_deleted_idx');
      const probes = nodes.filter((n) => n['Relation Name'] === 'users' && n['Index Name'] === 'users_pkey');
      // The page still joins the names of its own 10 rows; the count reads no student row.
      if (/count\(\*\)/.test(statement.text)) expect(probes, statement.text).toEqual([]);
    }
  });

  it('a name search sends the same named statements whichever students the word names', async () => {
    // The students a word names travel as one array, so the list is planned once per connection.
    const texts = async (search: string) => {
      const { result, statements } = await captureSql(() =>
        get(t.app, `/api/v1/records/pending?page=1&pageSize=10&search=${encodeURIComponent(search)}`, {
          cookie: w.cookieOf('faculty'),
        }),
      );
      expect(result.statusCode).toBe(200);
      const reads = dataReads(statements).filter((s) => /\brecords\b/.test(s.text));
      for (const statement of reads) expect(statement.name, statement.text).toMatch(/^pgel_text_/);
      // The page, its count, the page's flags (issue 27) and its residents' waits (issue 30); a
      // percentile read now and then aside.
      const own = reads.filter((s) => !/percentile_cont/.test(s.text));
      expect(own.length).toBe(4);
      return own.map((s) => s.text);
    };
    // The tag names both of the department's students, "Other" one of them.
    expect(await texts('Other')).toEqual(await texts(w.tag));
  });

  it('/reports sends named statements, the same text on every page and for every student', async () => {
    // The union of six sources is built once per shape and planned once per connection.
    const texts = async (query: string) => {
      const { result, statements } = await captureSql(() =>
        get(t.app, `/api/v1/reports?pageSize=10&${query}`, { cookie: w.cookieOf('hod') }),
      );
      expect(result.statusCode).toBe(200);
      const reads = dataReads(statements).filter((s) => /\b(records|theses|users)\b/.test(s.text));
      for (const statement of reads) expect(statement.name, statement.text).toMatch(/^pgel_text_/);
      return reads.filter((s) => !/percentile_cont/.test(s.text)).map((s) => s.text);
    };
    expect(await texts('page=1')).toEqual(await texts('page=3'));
    const student = await texts(`page=1&studentId=${w.actors.student.id}`);
    // The student's check, the page, its count and the page's flags (issue 27).
    expect(student.length).toBe(4);
    expect(student).toEqual(await texts(`page=2&studentId=${w.actors.otherStudent.id}`));
  });

  it('Pending Verifications reads the longest waiting first from the partial index of pending records, not a sort of them all', async () => {
    // Issue 30: the queue's order (when each entry began to wait) is an index's, so the page is
    // its first rows; the residents' waits come from an index too.
    const { result, statements } = await captureSql(() =>
      get(t.app, '/api/v1/records/pending?page=2&pageSize=10', { cookie: w.cookieOf('faculty') }),
    );
    expect(result.statusCode).toBe(200);
    const reads = dataReads(statements).filter((s) => /\brecords\b/.test(s.text) && !isFlagRead(s));
    const page = reads.find((s) => /order by coalesce/.test(s.text));
    if (!page) throw new Error('no page statement');
    const nodes = await explain(t, page);
    // On this small world the planner may take either index of pending records in waiting
    // order (one department holds nearly all of them); either way nothing is sorted.
    expect(nodes.some((n) => n['Index Name']?.startsWith('records_pending_wait'))).toBe(true);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    const residents = reads.find((s) => /group by/.test(s.text) && /any\(/.test(s.text));
    if (!residents) throw new Error('no residents statement');
    // The students' index or a pending one, as the planner prices them: never the table.
    const residentNodes = await explain(t, residents);
    expect(residentNodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(residentNodes.some((n) => n['Index Name']?.startsWith('records_'))).toBe(true);
  });

  it("Master's Pending Verifications of every department: the same order from the index of every pending record", async () => {
    const { result, statements } = await captureSql(() =>
      get(t.app, '/api/v1/records/pending?page=1&pageSize=10', { cookie: w.cookieOf('master') }),
    );
    expect(result.statusCode).toBe(200);
    const page = dataReads(statements).find((s) => /order by coalesce/.test(s.text));
    if (!page) throw new Error('no page statement');
    const nodes = await explain(t, page);
    expect(nodes.map((n) => n['Index Name'])).toContain('records_pending_wait_all_idx');
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
  });

  it("the search-text backfill's start-up check reads its partial index, not the table", async () => {
    const { result, statements } = await captureSql(() => backfillSearchText(t.db));
    expect(result).toBe(0);
    const check = statements[0];
    if (!check) throw new Error('the backfill sent nothing');
    expect(check.text).toMatch(/"search_text" is null/);
    const nodes = await explain(t, check);
    expect(nodes.map((n) => n['Index Name'])).toContain('records_search_text_missing_idx');
  });
  it("Master's /reports prices a stage's theses since the cutoff day as a small slice, not a third of them", async () => {
    // The cutoff is known only when the statement runs: `updated_at >= cutoff` alone is priced as
    // a third of the table, and at national scale (27,000 theses where ~200 are read) that made
    // the planner sort them with parallel workers. Written as a range it is priced as a slice.
    const students = await Promise.all(
      Array.from({ length: 90 }, () => createUser(t.db, { placement: w.medicine })),
    );
    const day = 86_400_000;
    await t.db.insert(theses).values(
      students.map((student, i) => ({
        stage: 'synopsis',
        studentId: student.id,
        collegeId: w.medicine.college.id,
        departmentId: w.medicine.department.id,
        title: `A study ${i}`,
        updatedAt: new Date(Date.now() - i * day),
      })),
    );
    await (t.db as unknown as { $client: pg.Pool }).$client.query('analyze theses');
    const { result, statements } = await captureSql(() =>
      get(t.app, '/api/v1/reports?page=1&pageSize=10', { cookie: w.cookieOf('master') }),
    );
    expect(result.statusCode).toBe(200);
    const page = dataReads(statements).find((s) => /from theses t where/.test(s.text));
    if (!page) throw new Error('no statement read theses');
    const scans = (await explain(t, page)).filter((n) => n['Relation Name'] === 'theses' && n.Alias === 't');
    expect(scans.length).toBeGreaterThan(0);
    // A third of 90 would be 30 rows.
    for (const scan of scans) expect(scan['Plan Rows'], page.text).toBeLessThanOrEqual(5);
  });

  it("/reports flags its page's records in one statement by primary key, whatever the page size", async () => {
    const flagReads = async (pageSize: number) => {
      const { result, statements } = await captureSql(() =>
        // One menu of records: the newest theses of the test above would fill an unfiltered page.
        get(t.app, `/api/v1/reports?page=1&pageSize=${pageSize}&menu=teaching`, {
          cookie: w.cookieOf('hod'),
        }),
      );
      expect(result.statusCode).toBe(200);
      return dataReads(statements).filter((s) => isFlagRead(s) && !/percentile_cont/.test(s.text));
    };
    const [small, large] = [await flagReads(5), await flagReads(20)];
    expect(small.length).toBe(1);
    expect(large.map((s) => s.text)).toEqual(small.map((s) => s.text));
    const nodes = await explain(t, large[0] as Statement);
    expect(nodes.some((n) => n['Index Name'] === 'records_pkey')).toBe(true);
    expect(nodes.some((n) => n['Index Name'] === 'records_student_kind_date_idx')).toBe(true);
  });
});
