// National-scale data (issue 16): fills a PostgreSQL database with colleges, departments, staff,
// students and their records of every kind, scores, checklist rows, academic records and
// notifications, all with set-based SQL run in PostgreSQL (insert … select … generate_series),
// a chunk of colleges at a time so progress prints. The records' indexes and foreign keys are
// dropped while they load and rebuilt after (faster than keeping them up to date row by row).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run generate -w @pgel/bench -- --scale small
//   … -- --scale national [--database NAME] [--fresh] [--no-validate] [--no-vacuum]
// The database is pgel_bench_<scale> unless --database names another; --fresh drops it first.
// Patient details are sealed with the data key the app would load with the same environment
// (DATA_KEY, or DATA_DIR/data.key): start the app with the same one. AES in JS for 20 million
// rows is too slow, so each kind with patient details reuses a pool of 1,000 sealed values.

import { loadConfig } from '@pgel/server/config';
import { openDatabase } from '@pgel/server/db/client';
import { searchTextsAfter } from '@pgel/server/modules/records/record-search';
import { markSealedWith, sealDetails } from '@pgel/server/modules/records/sensitive-details';
import { dataKeyId, loadDataKeyRing } from '@pgel/server/platform/data-key';
import { hashPassword } from '@pgel/server/platform/secrets';
import { AETCOM_SKILLS } from '@pgel/shared/academic/aetcom';
import { APPRAISAL_PARTICULARS, evaluationFor } from '@pgel/shared/academic/appraisal';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { kindPagePath } from '@pgel/shared/records/paths';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hasSensitive, lit, recordInsertSql, sensitiveSample, textArray } from './generate/kind-sql';
import {
  CHECKLIST_PER_STUDENT,
  CITIES,
  COMPETENCIES_PER_TYPE,
  COMPETENCY_WORDS,
  DEPARTMENTS,
  FACULTY_ROLES,
  FIRST_NAMES,
  KIND_WEIGHTS,
  LAST_NAMES,
  PASSWORD,
  SCALES,
  SEALED_POOL,
  SKILLS_PER_COMPETENCY,
  SPECIALITIES_PER_DEPARTMENT,
  STATES,
} from './generate/scale';
import { admin } from './support';

const TRIGRAM_BUILD_MEMORY = '64MB';

/** Tables whose indexes and constraints are dropped while they load. */
const BULK_TABLES = ['records', 'record_scores', 'notifications'];
const WORKERS = 2;
const GIN_INDEX = 'records_search_text_idx';

type Options = {
  scale: string;
  database: string;
  fresh: boolean;
  validate: boolean;
  vacuum: boolean;
};

function parseArgs(argv: string[]): Options {
  let scale = 'small';
  let database: string | undefined;
  let fresh = false;
  let validate = true;
  let vacuum = true;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--scale') scale = argv[++i] ?? '';
    else if (arg === '--database') database = argv[++i];
    else if (arg === '--fresh') fresh = true;
    else if (arg === '--no-validate') validate = false;
    else if (arg === '--no-vacuum') vacuum = false;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!SCALES[scale]) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  database ??= `pgel_bench_${scale}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error('--database: lower-case letters, digits and _');
  return { scale, database, fresh, validate, vacuum };
}

const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const n = (value: number) => value.toLocaleString('en-US');

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const at = performance.now();
  const result = await run();
  console.log(`${name.padEnd(44)} ${seconds(at).padStart(7)} s   (total ${seconds(started)} s)`);
  return result;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const scale = SCALES[options.scale] as (typeof SCALES)[string];
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL (an account that may CREATE DATABASE)');
  const url = new URL(adminUrl);
  url.pathname = `/${options.database}`;

  const exists = await (async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const result = await client.query('select 1 from pg_database where datname = $1', [options.database]);
      return result.rowCount === 1;
    } finally {
      await client.end();
    }
  })();
  if (exists && !options.fresh)
    throw new Error(`database ${options.database} exists: pass --fresh to drop and generate it again`);
  if (exists) await admin(adminUrl, `DROP DATABASE "${options.database}" WITH (FORCE)`);
  await admin(adminUrl, `CREATE DATABASE "${options.database}"`);
  console.log(
    `generating ${options.scale}: ${n(scale.colleges)} colleges, ${n(scale.students)} students, ~${n(scale.records)} records into ${options.database}`,
  );

  // The app's migrations, the data key the app would load, and the one password hash.
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url.toString(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  });
  const ring = loadDataKeyRing({
    dataKey: config.dataKey,
    dataDir: config.dataDir,
    retiredKeys: config.dataKeyRetired,
  });
  const hash = await step('migrations, password hash', async () => {
    const database = await openDatabase({ databaseUrl: url.toString() });
    await markSealedWith(database.db, ring.current);
    await database.close();
    return hashPassword(PASSWORD);
  });

  // No JIT: the generated expressions are large and the row estimates high, so PostgreSQL would
  // spend seconds compiling each statement (measured: 5 times slower at national scale).
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: WORKERS + 1,
    options: '-c synchronous_commit=off -c maintenance_work_mem=1GB -c work_mem=64MB -c jit=off',
  });
  const q = async (text: string, params: unknown[] = []) => pool.query(text, params);

  try {
    await step('colleges, departments, reference lists', () => reference(q, scale));
    const units = Number((await q('select count(*)::int as n from gen_units')).rows[0].n);
    await step(`staff of ${n(units)} college departments`, () => staff(q, hash));
    await step(`${n(scale.students)} students, DRP postings`, () => students(q, hash, scale.students, units));
    await step('sealed patient details pool', () => sealedPool(q, ring.current));
    const saved = await step('dropped records indexes for the load', () => dropIndexes(q));
    await records(pool, scale);
    await step('notifications', () => notifications(q, units, scale.students));
    await step('theses, memos, appraisals, AETCOM, staff lists', () => academic(q));
    await restoreIndexes(pool, saved, options.validate);
    await step(options.vacuum ? 'vacuum analyze' : 'analyze', () =>
      q(options.vacuum ? 'vacuum analyze' : 'analyze'),
    );
    await checkSearchText(url.toString());
    await printAccounts(q);
    await step('dropped the generator tables', () => dropGenTables(q));
    await printSizes(q);
    console.log(
      `data key id ${dataKeyId(ring.current)} (start the app with the same DATA_KEY or DATA_DIR ${config.dataDir}); total ${seconds(started)} s`,
    );
  } finally {
    await pool.end();
  }
}

type Query = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;

async function reference(q: Query, scale: (typeof SCALES)[string]) {
  await q(
    `create unlogged table gen_colleges (c int primary key, id uuid not null default gen_random_uuid(), city text, state text)`,
  );
  await q(
    `insert into gen_colleges (c, city, state)
    select c, (${textArray(CITIES)})[1 + c % ${CITIES.length}], (${textArray(STATES)})[1 + c % ${STATES.length}]
    from generate_series(1, $1::int) c`,
    [scale.colleges],
  );
  await q(`insert into colleges (id, name, phone, email, address, state, created_at)
    select id, 'Government Medical College ' || city || ' ' || c, '0' || (4000000000 + c)::text,
      'gmc' || c || '@bench.test', 'Medical College Road, ' || city, state, now() - interval '3 years'
    from gen_colleges`);
  await q(
    `create unlogged table gen_departments (di int primary key, id uuid not null default gen_random_uuid(), name text)`,
  );
  await q(
    `insert into gen_departments (di, name) select i, name from unnest(${textArray(DEPARTMENTS)}) with ordinality as x(name, i)`,
  );
  // The migrations seed the standard departments: reuse those, add the others.
  await q(
    'insert into departments (id, name) select id, name from gen_departments on conflict (name) do nothing',
  );
  await q('update gen_departments g set id = d.id from departments d where d.name = g.name');
  // Every college runs the first ten departments and about half of the rest.
  await q(`create unlogged table gen_units as
    select (row_number() over (order by c.c, d.di))::int as u, c.c, d.di, c.id as college_id, d.id as department_id,
      d.name = 'Forensic Medicine' as forensic, (c.c - 1) / ${scale.collegesPerChunk} as chunk,
      gen_random_uuid() as file_id, c.city, c.state
    from gen_colleges c cross join gen_departments d
    where d.di <= 10 or ((c.c * 7 + d.di * 13) % 10) < 5`);
  await q('alter table gen_units add primary key (u)');
  await q(`insert into college_departments (college_id, department_id, ref_no, ref_date)
    select college_id, department_id, 'NMC/PG/' || u, current_date - 1200 from gen_units`);

  await q(`create unlogged table gen_comp as
    select d.id as department_id, t.type, i, gen_random_uuid() as id,
      case when t.type = 'proc' then (${textArray(COMPETENCY_WORDS)})[i]
        else 'Clinical evaluation for ' || (${textArray(COMPETENCY_WORDS)})[i] end as title
    from gen_departments d cross join (values ('proc'), ('diag')) t(type)
    cross join generate_series(1, ${COMPETENCIES_PER_TYPE}) i`);
  await q(`insert into competencies (id, title, type, department_id)
    select id, title, type, department_id from gen_comp`);
  await q(`create unlogged table gen_skill as
    select c.department_id, c.type, c.i, j, c.id as competency_id, gen_random_uuid() as id,
      (array['Indications and preparation', 'Performed under supervision', 'Performed independently'])[j] as title
    from gen_comp c cross join generate_series(1, ${SKILLS_PER_COMPETENCY}) j`);
  await q('insert into skills (id, title, competency_id) select id, title, competency_id from gen_skill');
  await q(`create unlogged table gen_spec as
    select d.id as department_id, k as i, gen_random_uuid() as id,
      'Posting in ' || (${textArray(DEPARTMENTS)})[1 + (d.di + k) % ${DEPARTMENTS.length}] as title
    from gen_departments d cross join generate_series(1, ${SPECIALITIES_PER_DEPARTMENT}) k`);
  await q(
    'insert into specialities (id, title, department_id) select id, title, department_id from gen_spec',
  );
  const options = (table: string, type: string | null, order: string) =>
    `(select jsonb_agg(jsonb_build_object('id', x.id, 'title', x.title) order by ${order}) from ${table} x
      where x.department_id = d.id ${type ? `and x.type = '${type}'` : ''})`;
  await q(`create unlogged table gen_options as
    select d.id as department_id,
      ${options('gen_comp', 'proc', 'x.i')} as proc, ${options('gen_comp', 'diag', 'x.i')} as diag,
      ${options('gen_skill', 'proc', 'x.i, x.j')} as proc_skills, ${options('gen_skill', 'diag', 'x.i, x.j')} as diag_skills,
      ${options('gen_spec', null, 'x.i')} as spec
    from gen_departments d`);
  await q(`create unlogged table gen_inst as
    select c.c, gen_random_uuid() as id, 'District Hospital ' || c.city || ' ' || c.c as name, c.state, c.id as college_id
    from gen_colleges c`);
  await q(
    'insert into institutions (id, name, state, college_id) select id, name, state, college_id from gen_inst',
  );
}

const firstName = (expr: string) => `(${textArray(FIRST_NAMES)})[1 + (${expr}) % ${FIRST_NAMES.length}]`;
const lastName = (expr: string) => `(${textArray(LAST_NAMES)})[1 + (${expr}) % ${LAST_NAMES.length}]`;

async function staff(q: Query, hash: string) {
  await q(`create unlogged table gen_staff as
    select u.u, j, gen_random_uuid() as id,
      'Dr. ' || ${firstName('u.u * 31 + j * 7')} || ' ' || ${lastName('u.u * 17 + j * 11')} as name,
      (${textArray(FACULTY_ROLES)})[j + 1] as role
    from gen_units u cross join generate_series(0, ${FACULTY_ROLES.length - 1}) j`);
  await q('alter table gen_staff add primary key (u, j)');
  await q(
    `insert into users (id, name, email, phone, password_hash, role, referral_id, college_id, department_id,
       email_verified_at, verify_by_hod, paid, created_at, updated_at)
     select s.id, s.name, case when s.j = 0 then 'hod' || s.u else 'faculty' || s.u || '-' || s.j end || '@bench.test',
       (7000000000 + s.u * 10 + s.j)::text, $1, s.role, 'F' || lpad((s.u * 10 + s.j)::text, 9, '0'),
       u.college_id, u.department_id, now() - interval '3 years', true, true,
       now() - interval '3 years', now() - interval '3 years'
     from gen_staff s join gen_units u using (u)`,
    [hash],
  );
  await q(
    `insert into users (name, email, phone, password_hash, role, referral_id, email_verified_at, verify_by_hod, paid)
     values ('Bench Master', 'master@bench.test', '9000000000', $1, 'master', 'MASTER0001', now(), true, true)`,
    [hash],
  );
  await q(`create unlogged table gen_coord as
    select c.c, gen_random_uuid() as id, 'Dr. ' || ${firstName('c.c * 13')} || ' ' || ${lastName('c.c * 7')} as name, c.id as college_id
    from gen_colleges c`);
  await q(
    `insert into users (id, name, email, phone, password_hash, role, referral_id, college_id, email_verified_at, verify_by_hod, paid, created_at)
     select id, name, 'drpc' || c || '@bench.test', (6000000000 + c)::text, $1, 'drp_coordinator',
       'C' || lpad(c::text, 9, '0'), college_id, now(), true, true, now() - interval '3 years'
     from gen_coord`,
    [hash],
  );
  // One certificate file per college department (its HOD's), for kinds that require one.
  await q(`insert into files (id, owner_id, college_id, department_id, purpose, original_name, content_type, size, storage_key)
    select u.file_id, s.id, u.college_id, u.department_id, 'document', 'certificate.pdf', 'application/pdf', 184320,
      'bench/' || u.u || '.pdf'
    from gen_units u join gen_staff s on s.u = u.u and s.j = 0`);
}

async function students(q: Query, hash: string, count: number, units: number) {
  // Student `seq` is in unit 1 + (seq - 1) % units; joined up to three years ago.
  await q(`create unlogged table gen_students as
    select i as seq, gen_random_uuid() as id, 'Dr. ' || ${firstName('i')} || ' ' || ${lastName(`i / ${FIRST_NAMES.length}`)} as name,
      u.u, u.c, u.college_id, u.department_id, u.chunk, u.forensic, u.file_id,
      current_date - 30 - ((i * 7919) % 1065) as joined
    from generate_series(1, ${count}) i join gen_units u on u.u = 1 + (i - 1) % ${units}`);
  await q(`alter table gen_students add primary key (seq),
    add column has_thesis boolean, add column posting_id uuid, add column posting_from date,
    add column inst_name text, add column inst_state text, add column coord_id uuid, add column coord_name text`);
  // A third of those past their first 200 days have had a DRP posting (90 days, ended).
  await q(`update gen_students s set has_thesis = s.joined < current_date - 400,
      posting_id = case when s.seq % 3 = 0 and s.joined <= current_date - 200 then gen_random_uuid() end,
      posting_from = case when s.seq % 3 = 0 and s.joined <= current_date - 200
        then current_date - 91 - ((s.seq * 31) % greatest(1, current_date - s.joined - 200)) end,
      inst_name = i.name, inst_state = i.state, coord_id = c.id, coord_name = c.name
    from gen_inst i, gen_coord c where i.c = s.c and c.c = s.c`);
  await q('create index on gen_students (chunk)');
  await q(
    `insert into users (id, name, email, phone, password_hash, referral_id, college_id, department_id,
       email_verified_at, verify_by_hod, paid, joining_date, dob, blood_group, registration_number, medical_council,
       university, created_at, updated_at)
     select id, name, 'student' || seq || '@bench.test', (8000000000 + seq)::text, $1, 'S' || lpad(seq::text, 9, '0'),
       college_id, department_id, joined::timestamptz, true, true, joined, joined - 9000 - (seq % 1500),
       (array['A+', 'B+', 'O+', 'AB+', 'O-'])[1 + seq % 5], 'REG' || lpad(seq::text, 7, '0'), 'National Medical Commission',
       'State Health University', joined::timestamptz + interval '10 hours', joined::timestamptz + interval '10 hours'
     from gen_students`,
    [hash],
  );
  await q(`insert into drp_postings (id, student_id, college_id, department_id, institution_id, coordinator_id,
      coordinator_name, coordinator_email, coordinator_phone, schedule_from, schedule_to, added_by_id, created_at)
    select s.posting_id, s.id, s.college_id, s.department_id, i.id, s.coord_id, s.coord_name,
      'drpc' || s.c || '@bench.test', (6000000000 + s.c)::text, s.posting_from, s.posting_from + 90, h.id,
      s.posting_from::timestamptz - interval '7 days'
    from gen_students s join gen_inst i on i.c = s.c join gen_staff h on h.u = s.u and h.j = 0
    where s.posting_id is not null`);
}

async function sealedPool(q: Query, key: Buffer) {
  await q('create unlogged table gen_sealed (kind text, i int, sealed text, primary key (kind, i))');
  for (const kind of RECORD_KINDS.filter(hasSensitive)) {
    const sealed = Array.from({ length: SEALED_POOL }, (_, i) => sealDetails(key, sensitiveSample(kind, i)));
    await q(
      'insert into gen_sealed (kind, i, sealed) select $1, i - 1, s from unnest($2::text[]) with ordinality as x(s, i)',
      [kind.id, sealed],
    );
  }
}

type Saved = { table: string; name: string; def: string; type: 'p' | 'u' | 'f' | 'i' };

/** Drops the bulk tables' indexes and constraints (and foreign keys pointing at them); returns how to rebuild them. */
async function dropIndexes(q: Query): Promise<Saved[]> {
  const tables = textArray(BULK_TABLES);
  const constraints = await q(`select c.conrelid::regclass::text as table, c.conname as name,
      pg_get_constraintdef(c.oid) as def, c.contype as type
    from pg_constraint c
    where c.contype in ('p', 'u', 'f')
      and (c.conrelid::regclass::text = any(${tables}) or (c.contype = 'f' and c.confrelid::regclass::text = any(${tables})))`);
  const indexes = await q(`select i.tablename as table, i.indexname as name, i.indexdef as def, 'i' as type
    from pg_indexes i
    where i.schemaname = 'public' and i.tablename = any(${tables})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  const saved = [...(constraints.rows as Saved[]), ...(indexes.rows as Saved[])];
  for (const c of saved.filter((s) => s.type === 'f'))
    await q(`alter table "${c.table}" drop constraint "${c.name}"`);
  for (const i of saved.filter((s) => s.type === 'i')) await q(`drop index "${i.name}"`);
  for (const c of saved.filter((s) => s.type === 'p' || s.type === 'u'))
    await q(`alter table "${c.table}" drop constraint "${c.name}"`);
  return saved;
}

/** Runs `jobs` on WORKERS connections at once. */
async function inParallel<T>(jobs: T[], run: (job: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next] as T;
      next += 1;
      await run(job);
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
}

async function restoreIndexes(pool: pg.Pool, saved: Saved[], validate: boolean) {
  const run = (text: string, label: string) =>
    step(label, async () => {
      await pool.query(text);
    });
  // Primary keys first (ALTER TABLE locks the table: it would wait for any index build on it),
  // then the indexes side by side, the trigram index first: it takes longest (one core).
  await inParallel(
    saved.filter((s) => s.type === 'p' || s.type === 'u'),
    (c) => run(`alter table "${c.table}" add constraint "${c.name}" ${c.def}`, `${c.table}: ${c.name}`),
  );
  const indexes = saved.filter((s) => s.type === 'i');
  await inParallel(
    [...indexes.filter((s) => s.name === GIN_INDEX), ...indexes.filter((s) => s.name !== GIN_INDEX)],
    (i) =>
      i.name === GIN_INDEX
        ? step(`${i.table}: ${i.name}`, () => buildTrigramIndex(pool, i.def))
        : run(i.def, `${i.table}: ${i.name}`),
  );
  const keys = saved.filter((s) => s.type === 'f');
  await step(`${keys.length} foreign keys (not valid)`, async () => {
    for (const c of keys)
      await pool.query(`alter table "${c.table}" add constraint "${c.name}" ${c.def} not valid`);
  });
  if (validate)
    await step('validated the foreign keys', () =>
      inParallel(keys, async (c) => {
        await pool.query(`alter table "${c.table}" validate constraint "${c.name}"`);
      }),
    );
}

/**
 * The trigram index with a small maintenance_work_mem: a GIN build's in-memory accumulator gets
 * slower as it grows (measured on 200,000 records: 12-17 s at 16-256 MB, 25 s at 1-2 GB; on 2
 * million search texts: 78 s at 64 MB, 256 MB and 1 GB alike). What it costs is the trigrams
 * themselves, on one core: PostgreSQL 15 builds a GIN index in one process.
 */
async function buildTrigramIndex(pool: pg.Pool, definition: string) {
  const client = await pool.connect();
  try {
    await client.query(`set maintenance_work_mem = '${TRIGRAM_BUILD_MEMORY}'`);
    await client.query(definition);
  } finally {
    await client.query('reset maintenance_work_mem').catch(() => undefined);
    client.release();
  }
}

async function records(pool: pg.Pool, scale: (typeof SCALES)[string]) {
  const fractions = (
    await pool.query(`select avg(forensic::int)::float as forensic, avg((posting_id is not null)::int)::float as posting,
      avg(has_thesis::int)::float as thesis, max(chunk)::int + 1 as chunks from gen_students`)
  ).rows[0] as { forensic: number; posting: number; thesis: number; chunks: number };
  const weightOf = (id: string) => KIND_WEIGHTS[id] ?? 1;
  const shareOf = (kind: (typeof RECORD_KINDS)[number]) =>
    kind.department === 'forensic'
      ? fractions.forensic
      : kind.drpPosting || kind.verifiedBy === 'drp-coordinator'
        ? fractions.posting
        : kind.thesisStage === 'thesis'
          ? fractions.thesis
          : 1;
  const others = RECORD_KINDS.filter((k) => k.id !== 'checklist');
  const expected = others.reduce((sum, k) => sum + weightOf(k.id) * shareOf(k), 0);
  const factor = (scale.records / scale.students - CHECKLIST_PER_STUDENT) / expected;
  const statements = RECORD_KINDS.map((kind, i) => ({
    kind: kind.id,
    text: recordInsertSql(kind, i, weightOf(kind.id) * factor),
  }));
  const chunks = Array.from({ length: fractions.chunks }, (_, i) => i);
  const at = performance.now();
  let done = 0;
  let rows = 0;
  let scores = 0;
  await inParallel(chunks, async (chunk) => {
    const client = await pool.connect();
    try {
      for (const statement of statements) {
        try {
          const result = await client.query(statement.text, [chunk]);
          rows += Number(result.rows[0].records);
          scores += Number(result.rows[0].scores);
        } catch (err) {
          throw new Error(`records of kind ${statement.kind}: ${(err as Error).message}`);
        }
      }
    } finally {
      client.release();
    }
    done += 1;
    const elapsed = (performance.now() - at) / 1000;
    console.log(
      `records: chunk ${done}/${chunks.length}, ${n(rows)} rows, ${n(scores)} scores, ${elapsed.toFixed(0)} s, ~${((elapsed / done) * (chunks.length - done)).toFixed(0)} s to go`,
    );
  });
  console.log(
    `${`records (${n(rows)}) and scores (${n(scores)})`.padEnd(44)} ${seconds(at).padStart(7)} s   (total ${seconds(started)} s)`,
  );
}

async function notifications(q: Query, units: number, students: number) {
  const kinds = RECORD_KINDS.filter((k) => !k.department && !k.drpPosting && !k.thesisStage);
  const titles = textArray(kinds.map((k) => k.menuTitle));
  const urls = textArray(kinds.map((k) => kindPagePath(k.id)));
  // Ten a student (verdicts from their faculty), twenty a staff member (entries submitted to them).
  await q(`insert into notifications (to_id, from_id, description, url, read_at, college_id, created_at)
    select s.id, t.id,
      t.name || ' marked your ' || (${titles})[1 + k] || ' entry ' || case when (s.seq + n) % 6 = 0 then 'Rejected' else 'Approved' end,
      (${urls})[1 + k], case when n > 2 then at + interval '1 day' end, s.college_id, at
    from gen_students s cross join generate_series(1, 10) n
    join gen_staff t on t.u = s.u and t.j = (s.seq + n) % 6
    cross join lateral (select (s.seq * 7 + n * 13) % ${kinds.length} as k,
      now() - make_interval(days => ((s.seq * 31 + n * 97) % greatest(1, current_date - s.joined))::int, mins => n * 37) as at) x`);
  await q(`insert into notifications (to_id, from_id, description, url, read_at, college_id, created_at)
    select t.id, s.id, s.name || ' submitted a ' || (${titles})[1 + k] || ' entry for your verification',
      (${urls})[1 + k], case when n > 5 then at + interval '2 hours' end, s.college_id, at
    from gen_staff t cross join generate_series(1, 20) n
    join gen_students s on s.seq = t.u + ((n + t.j) % 3) * ${units} and s.seq <= ${students}
    cross join lateral (select (t.u * 5 + n * 11) % ${kinds.length} as k,
      now() - make_interval(days => ((t.u * 13 + n * 29) % 700)::int, mins => n * 17) as at) x`);
}

async function academic(q: Query) {
  await q(`insert into theses (stage, student_id, college_id, department_id, title, title_at, guide_id, guide_at,
      co_guides, co_guides_at, acceptance_date, acceptance_date_at, created_at, updated_at)
    select st.stage, s.id, s.college_id, s.department_id,
      'A study of ' || lower((${textArray(COMPETENCY_WORDS)})[1 + s.seq % ${COMPETENCY_WORDS.length}]) || ' outcomes in a tertiary care centre',
      s.joined + 60, g.id, s.joined + 61,
      jsonb_build_array(jsonb_build_object('name', c.name, 'department', 'General Medicine')), s.joined + 62,
      case when st.stage = 'thesis' then s.joined + 120 end, case when st.stage = 'thesis' then s.joined + 121 end,
      s.joined + 60, s.joined + 62
    from gen_students s
    cross join (values ('synopsis'), ('thesis')) st(stage)
    join gen_staff g on g.u = s.u and g.j = 1
    join gen_staff c on c.u = s.u and c.j = 2
    -- No stage before its day: a resident who joined last month has no synopsis yet.
    where s.joined + 62 <= current_date
      and (st.stage = 'synopsis' or (s.has_thesis and s.joined + 121 <= current_date))`);
  // A memo to one student in ten, numbered per department.
  await q(`insert into memos (college_id, department_id, student_id, issued_by_id, sequence, memo_number, date, reason,
      status, explanation, explained_at, closed_by_id, closed_at, created_at, updated_at)
    select s.college_id, s.department_id, s.id, h.id, m.sequence,
      'MEMO/' || extract(year from m.date)::int || '/' || lpad(m.sequence::text, 3, '0'), m.date,
      'Logbook entries not submitted on time',
      (array['issued', 'explained', 'closed'])[1 + s.seq % 3],
      case when s.seq % 3 > 0 then 'Was posted in emergency duty that week' end,
      case when s.seq % 3 > 0 then m.date + 2 end,
      case when s.seq % 3 = 2 then h.id end, case when s.seq % 3 = 2 then m.date + 5 end,
      m.date, m.date
    from gen_students s join gen_staff h on h.u = s.u and h.j = 0
    join (select seq, (row_number() over (partition by u order by seq))::int as sequence,
      greatest(joined, current_date - ((seq * 17) % 700)) as date from gen_students where seq % 10 = 0) m on m.seq = s.seq`);
  const appraisalRows = [3, 5, 7, 8].map((base) =>
    APPRAISAL_PARTICULARS.map((particular, i) => {
      const score = Math.min(9, base + (i % 2));
      return { particular, score, evaluation: evaluationFor(score), remark: 'Satisfactory progress' };
    }),
  );
  // Quarterly appraisals for up to the last four quarters a student has completed.
  await q(`insert into appraisals (student_id, college_id, department_id, from_date, to_date, rows, appraised_by_id, created_at)
    select s.id, s.college_id, s.department_id, s.joined + qn * 90, s.joined + qn * 90 + 90,
      (${lit(JSON.stringify(appraisalRows))}::jsonb) -> ((s.seq + qn) % ${appraisalRows.length})::int, h.id,
      (s.joined + qn * 90 + 95)::timestamptz
    from gen_students s join gen_staff h on h.u = s.u and h.j = 0
    cross join generate_series(0, 3) qn
    where s.joined + qn * 90 + 95 <= current_date`);
  const aetcom = [5, 7, 9].map((base) =>
    Object.fromEntries(AETCOM_SKILLS.map((skill, i) => [skill.key, Math.min(10, base + (i % 2))])),
  );
  await q(`insert into aetcom_records (student_id, college_id, department_id, year, from_date, to_date, scores, scored_by_id, created_at)
    select s.id, s.college_id, s.department_id, y, s.joined + (y - 1) * 365, s.joined + y * 365,
      (${lit(JSON.stringify(aetcom))}::jsonb) -> ((s.seq + y) % ${aetcom.length})::int, h.id, (s.joined + y * 365)::timestamptz
    from gen_students s join gen_staff h on h.u = s.u and h.j = 0
    cross join generate_series(1, 2) y
    where s.joined + y * 365 <= current_date`);
  await q(`insert into staff_students (staff_id, student_id, assigned_by_id)
    select t.id, s.id, h.id from gen_students s
    join gen_staff t on t.u = s.u and t.j in (1 + s.seq % 5, 1 + (s.seq + 2) % 5)
    join gen_staff h on h.u = s.u and h.j = 0`);
}

/** The stored search text of a sample of records, against what the app's own function writes. */
async function checkSearchText(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const sample = await database.db.execute(sql`select id, search_text from records tablesample system (1)
      where kind in (select distinct kind from records) limit 400`);
    const rows = sample.rows as Array<{ id: string; search_text: string }>;
    const texts = await searchTextsAfter(
      database.db,
      rows.map((r) => r.id),
    );
    const differ = rows.filter((r) => texts.get(r.id) !== r.search_text);
    console.log(`search text: ${rows.length - differ.length}/${rows.length} sampled records match the app's`);
    for (const r of differ.slice(0, 3))
      console.log(
        `  ${r.id}\n  stored: ${JSON.stringify(r.search_text)}\n  app:    ${JSON.stringify(texts.get(r.id))}`,
      );
  } finally {
    await database.close();
  }
}

async function printAccounts(q: Query) {
  const result =
    await q(`select 'student' as who, u.email from users u join gen_students s on s.id = u.id where s.seq = 1
    union all select 'faculty', email from users where email = 'faculty' || (select u from gen_students where seq = 1) || '-1@bench.test'
    union all select 'hod', email from users where email = 'hod' || (select u from gen_students where seq = 1) || '@bench.test'
    union all select 'drp coordinator', email from users where email = 'drpc1@bench.test'
    union all select 'master', email from users where role = 'master'`);
  console.log(`accounts (password ${PASSWORD} for every one):`);
  for (const row of result.rows as Array<{ who: string; email: string }>)
    console.log(`  ${row.who.padEnd(16)} ${row.email}`);
  const forensic = await q(
    `select 'student' || min(seq) || '@bench.test' as email from gen_students where forensic`,
  );
  if (forensic.rows[0]?.email) console.log(`  forensic student ${forensic.rows[0].email}`);
}

async function dropGenTables(q: Query) {
  const tables = await q(
    `select tablename from pg_tables where schemaname = 'public' and tablename like 'gen\\_%'`,
  );
  for (const row of tables.rows as Array<{ tablename: string }>) await q(`drop table "${row.tablename}"`);
}

async function printSizes(q: Query) {
  const tables = await q(`select c.relname as name, pg_total_relation_size(c.oid) as bytes
    from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
    where ns.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc`);
  console.log(`${'table'.padEnd(24)} ${'rows'.padStart(12)} ${'size'.padStart(10)}`);
  let total = 0;
  for (const row of tables.rows as Array<{ name: string; bytes: string }>) {
    const count = await q(`select count(*)::bigint as n from "${row.name}"`);
    const rows = Number(count.rows[0].n);
    const bytes = Number(row.bytes);
    total += bytes;
    if (rows === 0) continue;
    console.log(
      `${row.name.padEnd(24)} ${n(rows).padStart(12)} ${`${(bytes / 1024 / 1024).toFixed(1)} MB`.padStart(10)}`,
    );
  }
  console.log(
    `${'all tables'.padEnd(24)} ${''.padStart(12)} ${`${(total / 1024 / 1024).toFixed(1)} MB`.padStart(10)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
