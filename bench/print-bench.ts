// The printable logbook at its heaviest (issue 14): one student with 3,000 records across every
// printed section (about two thirds verified) and every academic section filled (synopsis and
// thesis with guide, co-guides and acceptance date, three AETCOM years, twelve appraisal
// quarters, memos), on PostgreSQL. Times, one request after another, the print data (goal
// < 0.3 s) and the verifiable PDF to its last byte (goal < 3 s), then four PDFs at once,
// sampling the server's RSS meanwhile (memory must stay bounded: the PDF is streamed; goal: the
// peak grows by less than MEMORY_BOUND_MB over the idle server). Works in a scratch database
// dropped at the end. Prints the figures and PASS or MISS per goal; exits 0 either way.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run print -w @pgel/bench

import { randomBytes } from 'node:crypto';
import { buildApp } from '@pgel/server/app';
import { loadConfig } from '@pgel/server/config';
import { openDatabase } from '@pgel/server/db/client';
import { hashPassword } from '@pgel/server/platform/secrets';
import { AETCOM_SKILLS } from '@pgel/shared/academic/aetcom';
import { APPRAISAL_PARTICULARS, evaluationFor } from '@pgel/shared/academic/appraisal';
import { PRINT_ANNEXURE_KINDS, PRINT_SECTION_KINDS } from '@pgel/shared/reports/print';
import { sql } from 'drizzle-orm';
import { admin, percentile } from './support';

const RECORDS = Number(process.env.RECORDS ?? 3000);
const REQUESTS = Number(process.env.REQUESTS ?? 20);
const PDF_RUNS = Number(process.env.PDF_RUNS ?? 5);
const PARALLEL_PDFS = 4;
const AETCOM_YEARS = 3;
const APPRAISAL_QUARTERS = 12;
const MEMOS = 8;
/** The goals of issue 14: print data and PDF times (ms), and the RSS growth bound (MB). */
const DATA_GOAL_MS = 300;
const PDF_GOAL_MS = 3000;
const MEMORY_BOUND_MB = Number(process.env.MEMORY_BOUND_MB ?? 256);
const PASSWORD = 'Bench-Password-1';
// Every kind the print shows, DRP and forensic included: the heaviest logbook has them all.
const KINDS = [...new Set([...Object.values(PRINT_SECTION_KINDS).flat(), ...PRINT_ANNEXURE_KINDS])];

async function signIn(address: string, origin: string, path: string, email: string): Promise<string> {
  const response = await fetch(`${address}/api/v1/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`${email} login failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** One GET read to its last byte: milliseconds and bytes. */
async function timedGet(address: string, path: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${address}${path}`, { headers: { cookie } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${body.toString().slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length, body };
}

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const hash = await hashPassword(PASSWORD);
  await db.execute(
    sql`insert into colleges (name, state, address) values ('Bench College', 'Kerala', 'Road 1')`,
  );
  await db.execute(sql`insert into departments (name) values ('Bench Department')`);
  await db.execute(sql`insert into college_departments (college_id, department_id)
    select c.id, d.id from colleges c cross join departments d where d.name = 'Bench Department'`);
  await db.execute(sql`
    insert into users (name, email, phone, password_hash, referral_id, college_id, department_id,
                       email_verified_at, verify_by_hod, paid, joining_date, father_name, mother_name)
    select 'Dr. Print Student', 'student@bench.test', '9000000001', ${hash}, 'BPRINT001', c.id, d.id,
           now(), true, true, '2024-08-01', 'Mr. Father', 'Mrs. Mother'
    from colleges c, departments d where d.name = 'Bench Department'`);
  await db.execute(sql`
    insert into users (name, email, phone, password_hash, role, referral_id, college_id, department_id, email_verified_at)
    select 'Dr. Bench Professor', 'faculty@bench.test', '9999999999', ${hash}, 'professor', 'FACPRINT1', c.id, d.id, now()
    from colleges c, departments d where d.name = 'Bench Department'`);
  const kinds = sql.raw(`array[${KINDS.map((k) => `'${k}'`).join(',')}]`);
  await db.execute(sql`
    insert into records (kind, student_id, college_id, department_id, date, teacher_id, status,
                         student_remark, summary, details, verified_by_id, verified_at, ever_verified, created_at)
    select (${kinds})[1 + (n % ${KINDS.length})], s.id, s.college_id, s.department_id,
           current_date - (n % 900), f.id,
           case when n % 3 = 0 then 'pending' when n % 17 = 0 then 'rejected' else 'approved' end,
           'Remark ' || n, 'Topic ' || n,
           jsonb_build_object('topic', 'Topic of the session number ' || n, 'role', 'Performed',
             'trainingType', 'Seminar', 'particular', 'PG Induction', 'fromDate', current_date - (n % 900),
             'toDate', current_date - (n % 900) + 2, 'leaveDays', 1 + n % 5, 'reason', 'Reason ' || n,
             'competency', jsonb_build_object('id', gen_random_uuid(), 'title', 'Lumbar Puncture'),
             'skills', jsonb_build_object('id', gen_random_uuid(), 'title', 'A long skill title number ' || (n % 97)),
             'skill', jsonb_build_object('id', gen_random_uuid(), 'title', 'A long skill title number ' || (n % 97)),
             'ipd', 'IPD/' || n, 'patientId', 'UHID' || n, 'provisionalDiagnosis', 'Diagnosis ' || (n % 211),
             'conferenceType', 'National', 'host', 'Host ' || (n % 13), 'title', 'Title ' || n),
           case when n % 3 = 0 then null else f.id end,
           case when n % 3 = 0 then null else now() end,
           n % 3 <> 0,
           now() - make_interval(mins => n)
    from users s
    cross join generate_series(1, ${RECORDS}) n
    cross join (select id from users where email = 'faculty@bench.test') f
    where s.role is null`);
  await seedAcademic(db);
  await db.execute(sql`vacuum analyze`);
}

/**
 * Every academic section of the print, filled: the synopsis and thesis (title, guide, co-guides,
 * acceptance date), AETCOM years with every skill scored, appraisal quarters with the 8
 * particulars, and memos in each state.
 */
async function seedAcademic(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const coGuides = JSON.stringify([
    { name: 'Dr. First Co-Guide', department: 'Bench Department' },
    { name: 'Dr. Second Co-Guide', department: 'Pathology' },
  ]);
  await db.execute(sql`
    insert into theses (stage, student_id, college_id, department_id, title, guide_id, guide_at,
                        co_guides, co_guides_at, acceptance_date, acceptance_date_at)
    select st.stage, s.id, s.college_id, s.department_id,
           'A prospective study of outcomes in the bench cohort (' || st.stage || ')', f.id, now(),
           ${coGuides}::jsonb, now(),
           case when st.stage = 'thesis' then date '2025-03-03' else null end,
           case when st.stage = 'thesis' then now() else null end
    from users s
    cross join (values ('synopsis'), ('thesis')) st(stage)
    cross join (select id from users where email = 'faculty@bench.test') f
    where s.role is null`);
  for (let year = 1; year <= AETCOM_YEARS; year += 1) {
    const scores = JSON.stringify(
      Object.fromEntries(AETCOM_SKILLS.map((skill, i) => [skill.key, 1 + ((i + year) % 9)])),
    );
    await db.execute(sql`
      insert into aetcom_records (student_id, college_id, department_id, year, from_date, to_date, scores, scored_by_id)
      select s.id, s.college_id, s.department_id, ${year}::int,
             date '2024-08-01' + ${(year - 1) * 365}::int, date '2024-08-01' + ${year * 365 - 1}::int, ${scores}::jsonb, f.id
      from users s cross join (select id from users where email = 'faculty@bench.test') f
      where s.role is null`);
  }
  for (let quarter = 0; quarter < APPRAISAL_QUARTERS; quarter += 1) {
    const rows = JSON.stringify(
      APPRAISAL_PARTICULARS.map((particular, i) => {
        const score = 1 + ((i + quarter) % 9);
        return { particular, score, evaluation: evaluationFor(score), remark: `Remark ${quarter}.${i}` };
      }),
    );
    await db.execute(sql`
      insert into appraisals (student_id, college_id, department_id, from_date, to_date, rows, appraised_by_id)
      select s.id, s.college_id, s.department_id,
             date '2024-08-01' + ${quarter * 91}::int, date '2024-08-01' + ${quarter * 91 + 90}::int, ${rows}::jsonb, f.id
      from users s cross join (select id from users where email = 'faculty@bench.test') f
      where s.role is null`);
  }
  await db.execute(sql`
    insert into memos (college_id, department_id, student_id, issued_by_id, sequence, memo_number, date,
                       reason, status, explanation, explained_at, remark, closed_by_id, closed_at)
    select s.college_id, s.department_id, s.id, f.id, n, 'MEMO/BENCH/' || lpad(n::text, 3, '0'),
           date '2024-09-01' + n * 30, 'Reason for memo number ' || n,
           (array['issued', 'explained', 'closed'])[1 + n % 3],
           case when n % 3 = 0 then null else 'Explanation ' || n end,
           case when n % 3 = 0 then null else now() end,
           case when n % 3 = 2 then 'Remark ' || n else null end,
           case when n % 3 = 2 then f.id else null end,
           case when n % 3 = 2 then now() else null end
    from users s
    cross join generate_series(1, ${MEMOS}) n
    cross join (select id from users where email = 'faculty@bench.test') f
    where s.role is null`);
}

/** One goal's line: the figure, the goal and PASS or MISS. */
function verdict(name: string, figure: number, goal: number, unit: string): boolean {
  const pass = figure < goal;
  console.log(`${pass ? 'PASS' : 'MISS'}  ${name}: ${figure.toFixed(0)} ${unit} (goal < ${goal} ${unit})`);
  return pass;
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL server (the account must be able to CREATE DATABASE)');
  const name = `pgel_bench_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE "${name}"`);
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
    const seedStarted = performance.now();
    await seed(database.db);
    const seeded = ((performance.now() - seedStarted) / 1000).toFixed(1);
    const app = await buildApp({ config, database, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const student = await signIn(address, config.appUrl, 'login', 'student@bench.test');
    const faculty = await signIn(address, config.appUrl, 'staff-login', 'faculty@bench.test');
    const found = await database.db.execute(sql`select id from users where email = 'student@bench.test'`);
    const studentId = (found.rows[0] as { id: string }).id;
    console.log(
      `database: ${database.kind}, one student with ${RECORDS} records in ${KINDS.length} kinds, synopsis, thesis, ${AETCOM_YEARS} AETCOM years, ${APPRAISAL_QUARTERS} appraisal quarters, ${MEMOS} memos (seeded in ${seeded} s)`,
    );

    const data: number[] = [];
    let dataBytes = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const run = await timedGet(address, `/api/v1/print-logbook/${studentId}`, i % 2 ? faculty : student);
      data.push(run.ms);
      dataBytes = run.bytes;
    }
    data.sort((a, b) => a - b);
    const sample = JSON.parse(
      (await timedGet(address, `/api/v1/print-logbook/${studentId}`, student)).body.toString(),
    ) as {
      sections: Array<{
        key: string;
        blocks: Array<{ type: string; verified?: unknown[]; fields?: unknown[] }>;
      }>;
    };
    const loaded = sample.sections.map((section) => {
      const rows = section.blocks.reduce(
        (sum, b) => sum + (b.verified?.length ?? 0) + (b.fields?.length ?? 0),
        0,
      );
      return `${section.key} ${rows}`;
    });
    console.log(`rows and fields per section: ${loaded.join(', ')}`);
    console.log(
      `print data (${REQUESTS} requests, ${(dataBytes / 1024).toFixed(0)} KB): p50 ${percentile(data, 50).toFixed(0)} ms, p95 ${percentile(data, 95).toFixed(0)} ms, worst ${data[data.length - 1]?.toFixed(0)} ms (target < 300 ms)`,
    );

    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    const rssBefore = process.memoryUsage().rss;
    const pdf: number[] = [];
    let pdfBytes = 0;
    let pages = 0;
    for (let i = 0; i < PDF_RUNS; i += 1) {
      const run = await timedGet(address, `/api/v1/print-logbook/${studentId}/pdf`, student);
      pdf.push(run.ms);
      pdfBytes = run.bytes;
      pages = (run.body.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    }
    pdf.sort((a, b) => a - b);
    console.log(
      `verifiable PDF (${PDF_RUNS} runs, ${(pdfBytes / 1024 / 1024).toFixed(1)} MB, ${pages} pages): median ${percentile(pdf, 50).toFixed(0)} ms, worst ${pdf[pdf.length - 1]?.toFixed(0)} ms (target < 3000 ms)`,
    );
    const parallelStarted = performance.now();
    await Promise.all(
      Array.from({ length: PARALLEL_PDFS }, () =>
        timedGet(address, `/api/v1/print-logbook/${studentId}/pdf`, faculty),
      ),
    );
    clearInterval(sampler);
    console.log(
      `${PARALLEL_PDFS} PDFs at once: ${(performance.now() - parallelStarted).toFixed(0)} ms; RSS before ${(rssBefore / 1048576).toFixed(0)} MB, peak ${(peakRss / 1048576).toFixed(0)} MB (server and this client share the process)`,
    );
    const growthMb = (peakRss - rssBefore) / 1048576;
    console.log('goals:');
    const passes = [
      verdict('print data p95 (server, one request after another)', percentile(data, 95), DATA_GOAL_MS, 'ms'),
      verdict('verifiable PDF worst run', pdf[pdf.length - 1] ?? Number.POSITIVE_INFINITY, PDF_GOAL_MS, 'ms'),
      verdict(`RSS growth, ${PARALLEL_PDFS} PDFs at once`, growthMb, MEMORY_BOUND_MB, 'MB'),
    ];
    console.log(passes.every(Boolean) ? 'all goals met' : 'some goals missed');
    await app.close();
    await database.close();
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
