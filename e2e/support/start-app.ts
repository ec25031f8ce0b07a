// Starts the built server for one e2e project on a fresh database holding the demo data:
// PGlite in a new folder, or a new PostgreSQL database made next to DATABASE_URL's.
//   tsx support/start-app.ts pglite|postgres <port>
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@pgel/server/db/client';
import { seedDemo } from '@pgel/server/scripts/demo-data';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const [kind, portArg] = process.argv.slice(2);
const port = Number(portArg);

const scratchName = `pgel_e2e_${Date.now()}`;

async function adminQuery(baseUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function freshPostgresUrl(baseUrl: string): Promise<string> {
  const name = scratchName;
  // Playwright may kill this process before it can drop its database; clear old runs' first.
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const stale = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'pgel_e2e_%'`,
  );
  await admin.end();
  for (const row of stale.rows)
    await adminQuery(baseUrl, `drop database if exists ${row.datname} with (force)`);
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  const dataDir = path.join(here, '..', '.data', kind ?? 'pglite');
  rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl = '';
  if (kind === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('the postgres e2e project needs DATABASE_URL');
    databaseUrl = await freshPostgresUrl(process.env.DATABASE_URL);
  }
  const database = await openDatabase({
    databaseUrl: databaseUrl || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  await seedDemo(database.db);
  await database.close();

  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => {
    // The scratch database goes with the server that used it.
    const cleanup =
      databaseUrl && process.env.DATABASE_URL
        ? adminQuery(process.env.DATABASE_URL, `drop database if exists ${scratchName} with (force)`)
        : Promise.resolve();
    cleanup.catch(() => undefined).finally(() => process.exit(code ?? 0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
