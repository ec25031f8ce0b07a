// Load figures for the foundation: health (database round trip), `me` (session lookup + the
// session user join) and login (argon2id). Runs the real server in-process on an embedded
// database, or on PostgreSQL when DATABASE_URL is set. Prints figures; asserts nothing.
//   npm run auth -w @pgel/bench            (DURATION=5 CONNECTIONS=10 to change the load)

import { buildApp } from '@pgel/server/app';
import { loadConfig } from '@pgel/server/config';
import { openDatabase } from '@pgel/server/db/client';
import { DEMO_PASSWORD, seedDemo } from '@pgel/server/scripts/demo-data';
import autocannon from 'autocannon';

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);

async function main() {
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: 'memory://' });
  if (config.databaseUrl) console.log('note: DATABASE_URL set; the demo seed needs an empty database');
  await seedDemo(database.db);
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${address}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student@demo.test', password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const runs: Array<{ name: string; opts: autocannon.Options }> = [
    { name: 'GET /api/v1/health', opts: { url: `${address}/api/v1/health` } },
    { name: 'GET /api/v1/auth/me', opts: { url: `${address}/api/v1/auth/me`, headers: { cookie } } },
    {
      name: 'POST /api/v1/auth/staff-login',
      opts: {
        url: `${address}/api/v1/auth/staff-login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'faculty@demo.test', password: DEMO_PASSWORD }),
        connections: 2,
      },
    },
  ];
  console.log(`database: ${database.kind}, ${duration}s per run, ${connections} connections`);
  console.log('endpoint                      req/s    p50 ms   p99 ms   non-2xx');
  for (const run of runs) {
    const result = await autocannon({ connections, duration, ...run.opts });
    console.log(
      `${run.name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(6)} ${result.latency.p50
        .toFixed(1)
        .padStart(9)} ${result.latency.p99.toFixed(1).padStart(8)} ${String(result.non2xx).padStart(9)}`,
    );
  }
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`resident memory after the runs: ${rss.toFixed(0)} MiB`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
