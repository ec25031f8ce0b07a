// The record engine at department scale: one department of 150 students with 2,000 records each
// (300,000 rows). Times, one request after another (latency, not throughput): a student's report
// page, the faculty's Pending Verifications, the student's dashboard counts, the report search by
// a competency word and by a fragment of an IPD number (issue 10: the trigram index on
// records.search_text, filled by the start-up backfill, whose time is printed too), and bulk
// verification of 500 records. Needs DATABASE_URL (an account that may CREATE DATABASE); works in a scratch
// database that is dropped at the end. Prints figures; asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run records -w @pgel/bench

import { randomBytes } from 'node:crypto';
import { buildApp } from '@pgel/server/app';
import { loadConfig } from '@pgel/server/config';
import { openDatabase } from '@pgel/server/db/client';
import { backfillSearchText } from '@pgel/server/modules/records/record-search';
import { hashPassword } from '@pgel/server/platform/secrets';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { sql } from 'drizzle-orm';
import { admin, COMPETENCY_TITLES, percentile } from './support';

// STUDENTS and RECORDS_PER_STUDENT may be set smaller for a quick run of the script itself.
const STUDENTS = Number(process.env.STUDENTS ?? 150);
const RECORDS_PER_STUDENT = Number(process.env.RECORDS_PER_STUDENT ?? 2000);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const BULK_SIZE = 500;
const BULK_RUNS = 5;
const PASSWORD = 'Bench-Password-1';
// Kinds scored on a plain scale, so one score fits every record of a bulk verification.
const KINDS = RECORD_KINDS.filter((k) => k.scoring.type === 'scale' && k.id !== 'checklist').map((k) => k.id);
// Competency titles of a department's list; the search looks for one word of one of them.
const COMPETENCIES = COMPETENCY_TITLES;
const SEARCH_WORD = 'thoracentesis';

async function signIn(address: string, origin: string, path: string, email: string): Promise<string> {
  const response = await fetch(`${address}/api/v1/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`${email} login failed: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function time(address: string, path: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const response = await fetch(`${address}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function line(name: string, sorted: number[]) {
  const ms = (p: number) => percentile(sorted, p).toFixed(2).padStart(8);
  console.log(`${name.padEnd(52)} ${ms(50)} ${ms(95)} ${ms(99)}`);
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL server (the account must be able to CREATE DATABASE)');
  // BENCH_REUSE=<name> times a database kept by BENCH_KEEP=1 again (after a code change), unseeded.
  const reuse = process.env.BENCH_REUSE;
  const name = reuse ?? `pgel_bench_${randomBytes(4).toString('hex')}`;
  if (!reuse) await admin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url.toString(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
    });
    const database = await openDatabase({ databaseUrl: config.databaseUrl });
    const db = database.db;
    let seeded = 'n/a';
    let filled = 0;
    let backfilled = 'n/a';
    if (!reuse) {
      const hash = await hashPassword(PASSWORD);

      await db.execute(
        sql`insert into colleges (name, state, address) values ('Bench College', 'Kerala', 'Road 1')`,
      );
      await db.execute(sql`insert into departments (name) values ('Bench Department')`);
      await db.execute(sql`insert into college_departments (college_id, department_id)
        select c.id, d.id from colleges c cross join departments d where d.name = 'Bench Department'`);
      await db.execute(sql`
        insert into users (name, email, phone, password_hash, referral_id, college_id, department_id, email_verified_at, verify_by_hod, paid)
        select 'Dr. Student ' || i, 'student' || i || '@bench.test', (9000000000 + i)::text, ${hash},
               'B' || lpad(i::text, 8, '0'), c.id, d.id, now(), true, true
        from generate_series(1, ${STUDENTS}) i, colleges c, departments d where d.name = 'Bench Department'`);
      await db.execute(sql`
        insert into users (name, email, phone, password_hash, role, referral_id, college_id, department_id, email_verified_at)
        select 'Dr. Bench Professor', 'faculty@bench.test', '9999999999', ${hash}, 'professor', 'FACBENCH1', c.id, d.id, now()
        from colleges c, departments d where d.name = 'Bench Department'`);

      // 2,000 records a student across the scale-scored kinds, dates over the last five years;
      // about a third pending, the rest approved.
      const kinds = sql.raw(`array[${KINDS.map((k) => `'${k}'`).join(',')}]`);
      const competencies = sql.raw(`array[${COMPETENCIES.map((c) => `'${c}'`).join(',')}]`);
      const started = performance.now();
      await db.execute(sql`
        insert into records (kind, student_id, college_id, department_id, date, teacher_id, status,
                             student_remark, summary, details, verified_by_id, verified_at, score, created_at)
        select (${kinds})[1 + (n % ${KINDS.length})], s.id, s.college_id, s.department_id,
               current_date - (n % 1800), f.id,
               case when n % 3 = 0 then 'pending' else 'approved' end,
               'Remark ' || n, 'Topic ' || n,
               jsonb_build_object('topic', 'Topic ' || n, 'role', 'Performed',
                 'competency', jsonb_build_object('id', gen_random_uuid(), 'title', (${competencies})[1 + (n % ${COMPETENCIES.length})]),
                 'skills', jsonb_build_object('id', gen_random_uuid(), 'title', 'Skill ' || (n % 97)),
                 'skill', jsonb_build_object('id', gen_random_uuid(), 'title', 'Skill ' || (n % 97)),
                 'patient', 'Patient ' || n,
                 'ipd', 'IPD/' || lpad(((hashtext(s.id::text || n) & 2147483647) % 10000000)::text, 7, '0') || '/' || (20 + n % 6),
                 'patientId', 'UHID' || n,
                 'provisionalDiagnosis', 'Diagnosis ' || (n % 211)),
               case when n % 3 = 0 then null else f.id end,
               case when n % 3 = 0 then null else now() end,
               case when n % 3 = 0 then null else '{"value":3,"label":"Good"}'::jsonb end,
               now() - make_interval(mins => n)
        from users s
        cross join generate_series(1, ${RECORDS_PER_STUDENT}) n
        cross join (select id from users where email = 'faculty@bench.test') f
        where s.role is null`);
      seeded = ((performance.now() - started) / 1000).toFixed(1);
      // The rows were written straight, as before issue 10: the start-up backfill fills their text.
      const backfillStarted = performance.now();
      filled = await backfillSearchText(db);
      backfilled = ((performance.now() - backfillStarted) / 1000).toFixed(1);
      // What autovacuum would have done by the time anyone reads: statistics and the visibility map.
      await db.execute(sql`vacuum analyze`);
    }

    const app = await buildApp({ config, database, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const student = await signIn(address, config.appUrl, 'login', 'student1@bench.test');
    const faculty = await signIn(address, config.appUrl, 'staff-login', 'faculty@bench.test');
    const kind = KINDS[0];

    // A procedure's IPD number, and five of its digits from the middle as the user would type them.
    const sample = await db.execute(sql`select details->>'ipd' as ipd from records
      where kind = 'procedure' and deleted_at is null limit 1`);
    const ipdFragment = String((sample.rows[0] as { ipd: string }).ipd).slice(5, 10);

    console.log(
      `database: ${database.kind}, ${STUDENTS} students x ${RECORDS_PER_STUDENT} records (seeded in ${seeded} s), ${REQUESTS} requests each`,
    );
    console.log(`search text backfill: ${filled} rows in ${backfilled} s`);
    console.log(
      `${'request'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    );
    line(
      `student: ${kind} page 1`,
      await time(address, `/api/v1/records?kind=${kind}&page=1&pageSize=10`, student),
    );
    line(
      `student: ${kind} page 5, status pending`,
      await time(address, `/api/v1/records?kind=${kind}&status=pending&page=5&pageSize=10`, student),
    );
    line('student: dashboard counts', await time(address, '/api/v1/records/counts', student));
    line(
      'faculty: pending verifications page 1',
      await time(address, '/api/v1/records/pending?page=1&pageSize=10', faculty),
    );
    line(
      'faculty: pending, search "Student 12"',
      await time(address, '/api/v1/records/pending?page=1&pageSize=10&search=Student%2012', faculty),
    );
    line(
      `faculty: ${kind} report page 1`,
      await time(address, `/api/v1/records?kind=${kind}&page=1&pageSize=10`, faculty),
    );
    line(
      `faculty: procedure report, search "${SEARCH_WORD}"`,
      await time(address, `/api/v1/records?kind=procedure&page=1&pageSize=10&search=${SEARCH_WORD}`, faculty),
    );
    line(
      `faculty: procedure report, search "${ipdFragment}" (IPD)`,
      await time(address, `/api/v1/records?kind=procedure&page=1&pageSize=10&search=${ipdFragment}`, faculty),
    );
    line(
      `faculty: pending, search "${SEARCH_WORD}"`,
      await time(address, `/api/v1/records/pending?page=1&pageSize=10&search=${SEARCH_WORD}`, faculty),
    );
    line(
      `student: procedure report, search "${SEARCH_WORD}"`,
      await time(address, `/api/v1/records?kind=procedure&page=1&pageSize=10&search=${SEARCH_WORD}`, student),
    );

    const bulk: number[] = [];
    for (let run = 0; run < BULK_RUNS; run += 1) {
      const ids = await db.execute(sql`select id from records
        where status = 'pending' and kind = ${kind} and deleted_at is null
        order by date desc limit ${BULK_SIZE}`);
      const recordIds = (ids.rows as Array<{ id: string }>).map((r) => r.id);
      const t0 = performance.now();
      const response = await fetch(`${address}/api/v1/records/bulk-verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: faculty, origin: config.appUrl },
        body: JSON.stringify({ recordIds, status: 'approved', score: 3, remark: 'Good work' }),
      });
      const body = (await response.json()) as { updatedCount?: number };
      if (response.status !== 200 || body.updatedCount !== recordIds.length)
        throw new Error(`bulk verification: ${response.status} ${JSON.stringify(body)}`);
      bulk.push(performance.now() - t0);
    }
    bulk.sort((a, b) => a - b);
    console.log(
      `bulk verification of ${BULK_SIZE} records (${BULK_RUNS} runs)  median ${percentile(bulk, 50).toFixed(0)} ms, worst ${bulk[bulk.length - 1]?.toFixed(0)} ms`,
    );
    console.log(`server RSS: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
    await app.close();
    await database.close();
  } finally {
    // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE; drop it by hand afterwards.
    if (process.env.BENCH_KEEP === '1' || reuse) console.log(`kept database ${name}`);
    else await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
