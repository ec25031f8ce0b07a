// Reads a generated database through the app (no port opened): signs in as the sample student,
// faculty, HOD and Master and asks for the lists the benchmarks time. Prints one line a request.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/pgel_bench_small npx tsx generate/check-app.ts
import { buildApp } from '@pgel/server/app';
import { loadConfig } from '@pgel/server/config';
import { openDatabase } from '@pgel/server/db/client';
import { PASSWORD } from './scale';

async function main() {
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl as string });
  const app = await buildApp({ config, database, logger: false });
  let failed = false;
  try {
    const signIn = async (path: string, email: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/auth/${path}`,
        headers: { origin: config.appUrl, 'content-type': 'application/json' },
        payload: { email, password: PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`${email}: ${response.statusCode} ${response.body}`);
      return (response.headers['set-cookie']?.toString() ?? '').split(';')[0] ?? '';
    };
    const get = async (who: string, cookie: string, url: string) => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      const body = response.json() as { items?: unknown[]; total?: number };
      const ms = (performance.now() - started).toFixed(0);
      const items = Array.isArray(body.items)
        ? `${body.items.length} items, total ${body.total}`
        : response.body.slice(0, 80);
      console.log(`${response.statusCode} ${ms.padStart(5)} ms  ${who.padEnd(8)} ${url}  ${items}`);
      if (response.statusCode !== 200) failed = true;
    };
    const student = await signIn('login', 'student1@bench.test');
    const faculty = await signIn('staff-login', 'faculty1-1@bench.test');
    const hod = await signIn('staff-login', 'hod1@bench.test');
    const master = await signIn('staff-login', 'master@bench.test');
    for (const kind of ['procedure', 'clinical-case', 'opd', 'checklist'])
      await get('student', student, `/api/v1/records?kind=${kind}&page=1&pageSize=10`);
    await get('student', student, '/api/v1/records/counts');
    await get('faculty', faculty, '/api/v1/records/pending?page=1&pageSize=10');
    await get('faculty', faculty, '/api/v1/records/pending?page=1&pageSize=10&search=sharma');
    await get('faculty', faculty, '/api/v1/records?kind=procedure&page=1&pageSize=10&search=thoracentesis');
    await get('hod', hod, '/api/v1/records?kind=clinical-case&page=1&pageSize=10');
    await get('master', master, '/api/v1/records?kind=opd&page=1&pageSize=10');
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/records?kind=clinical-case&page=1&pageSize=10',
      headers: { cookie: student },
    });
    const id = (list.json() as { items: Array<{ id: string }> }).items[0]?.id;
    if (id) {
      await get('student', student, `/api/v1/records/${id}`);
      const detail = await app.inject({
        method: 'GET',
        url: `/api/v1/records/${id}`,
        headers: { cookie: student },
      });
      console.log(
        `clinical case detail: ${detail.body.match(/"name":"[^"]*"/)?.[0] ?? 'no patient name'} (opened from the sealed pool)`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
  if (failed) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
