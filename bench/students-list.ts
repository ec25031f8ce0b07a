// The /allStudent list on 10,000 students: a HOD's first page, a middle page and a search,
// timed one request after another (latency, not throughput). Needs DATABASE_URL (an account that
// may CREATE DATABASE); works in a scratch database that is dropped at the end. Prints figures;
// asserts nothing.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run students -w @pgel/bench

import { randomBytes } from 'node:crypto';
import { buildApp } from '@pgel/server/app';
import { loadConfig } from '@pgel/server/config';
import { openDatabase } from '@pgel/server/db/client';
import { hashPassword } from '@pgel/server/platform/secrets';
import { sql } from 'drizzle-orm';
import { admin, percentile } from './support';

const STUDENTS = 10_000;
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const PASSWORD = 'Bench-Password-1';

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
    const db = database.db;
    const hash = await hashPassword(PASSWORD);

    // 4 colleges x 5 departments; 10,000 students spread over the 20 pairs, in one statement.
    await db.execute(sql`insert into colleges (name, state, address)
      select 'Bench College ' || c, 'Kerala', 'Road ' || c from generate_series(1, 4) c`);
    await db.execute(
      sql`insert into departments (name) select 'Bench Department ' || d from generate_series(1, 5) d`,
    );
    await db.execute(sql`insert into college_departments (college_id, department_id)
      select c.id, d.id from colleges c cross join departments d`);
    await db.execute(sql`
      with pairs as (
        select c.id as college_id, d.id as department_id, row_number() over (order by c.name, d.name) - 1 as n
        from colleges c cross join departments d
      )
      insert into users (name, email, phone, password_hash, referral_id, college_id, department_id, created_at, paid, verify_by_hod)
      select 'Dr. Student ' || i, 'student' || i || '@bench.test', (9000000000 + i)::text, ${hash},
             'B' || lpad(i::text, 8, '0'), p.college_id, p.department_id,
             now() - make_interval(mins => i), i % 3 = 0, i % 2 = 0
      from generate_series(1, ${STUDENTS}) i
      join pairs p on p.n = i % 20`);
    await db.execute(sql`
      insert into users (name, email, phone, password_hash, role, referral_id, college_id, department_id, email_verified_at)
      select 'Dr. Bench HOD', 'hod@bench.test', '9999999999', ${hash}, 'hod', 'HODBENCH1', college_id, department_id, now()
      from users where email = 'student1@bench.test'`);
    await db.execute(sql`
      insert into users (name, email, password_hash, role, referral_id, email_verified_at)
      values ('Bench Master', 'master@bench.test', ${hash}, 'master', 'MASTBENCH', now())`);
    await db.execute(sql`analyze users`);

    const app = await buildApp({ config, database, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The HOD sees one college and department; Master pages through all 10,000.
    for (const viewer of [
      { label: 'HOD', email: 'hod@bench.test' },
      { label: 'Master', email: 'master@bench.test' },
    ]) {
      const login = await fetch(`${address}/api/v1/auth/staff-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: config.appUrl },
        body: JSON.stringify({ email: viewer.email, password: PASSWORD }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (login.status !== 200)
        throw new Error(`${viewer.label} login failed: ${login.status} ${await login.text()}`);

      const first = await fetch(`${address}/api/v1/students?pageSize=10`, { headers: { cookie } });
      const { total } = (await first.json()) as { total: number };
      const middle = Math.max(1, Math.ceil(total / 10 / 2));
      const runs = [
        { name: 'first page', path: '/api/v1/students?page=1&pageSize=10' },
        { name: `middle page (${middle})`, path: `/api/v1/students?page=${middle}&pageSize=10` },
        { name: 'search "Student 12"', path: '/api/v1/students?search=Student%2012&pageSize=10' },
      ];
      console.log(
        `database: ${database.kind}, ${STUDENTS} students, ${viewer.label} scope: ${total} students, ${REQUESTS} requests each`,
      );
      console.log('request                       p50 ms   p99 ms');
      for (const run of runs) {
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i += 1) {
          const started = performance.now();
          const response = await fetch(`${address}${run.path}`, { headers: { cookie } });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${run.path}: ${response.status}`);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.log(
          `${run.name.padEnd(28)} ${percentile(times, 50).toFixed(2).padStart(7)} ${percentile(times, 99).toFixed(2).padStart(8)}`,
        );
      }
    }
    await app.close();
    await database.close();
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
