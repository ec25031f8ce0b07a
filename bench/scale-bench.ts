// National-scale figures (issue 16): the hot paths of a generated database (npm run generate),
// each timed with autocannon against the app server and against a bare route that runs the same
// SQL with no session, scope, validation or response schema, in the same run, so the ratio holds
// on a noisy machine. Prints req/s, p50 and p99 of both, the ratios, the app server's RSS, and
// whether each goal is met. With --servers 2 it then starts a second app server behind a loopback
// balancer and prints the throughput of one and of two.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run scale -w @pgel/bench -- \
//     [--database pgel_bench_national] [--duration 10] [--connections 32] [--servers 2] [--only regex]
// The app servers are real processes (src/main.ts) started with the DATA_DIR the generator used
// (DATA_DIR, resolved as the app resolves it), where it left the data key.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@pgel/server/config';
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitUntilServing,
} from '@pgel/server/ops/server-process';
import autocannon from 'autocannon';
import pg from 'pg';
import { PASSWORD } from './generate/scale';
import { timeBulkVerification } from './scale/bulk-verify';
import { captureScenarios, type Scenario, scenariosFor } from './scale/scenarios';
import { ACCOUNTS, readWorld } from './scale/world';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pgel_bench_national' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    servers: { type: 'string', default: '1' },
    only: { type: 'string' },
    'pool-size': { type: 'string', default: '10' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const poolSize = args['pool-size'] as string;
const WARM_UP_S = 2;

type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function load(opts: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration, ...opts });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Queries of the scenario just run that are still running once autocannon stops (a slow query
 * outlives its request's timeout) are cancelled, so they do not slow the next scenario down.
 * Returns how many were.
 */
async function cancelLeftovers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      `select pg_cancel_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
         and backend_type = 'client backend'`,
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Resident memory of a process, from /proc (MiB). */
function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function spawnTsx(script: string, argv: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, script), ...argv], {
    cwd: benchDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
}

async function waitForPort(url: string) {
  for (let i = 0; i < 200; i += 1) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

async function signInAll(base: string, origin: string): Promise<Record<keyof typeof ACCOUNTS, string>> {
  const cookies = {} as Record<keyof typeof ACCOUNTS, string>;
  for (const [who, email] of Object.entries(ACCOUNTS) as Array<[keyof typeof ACCOUNTS, string]>) {
    const response = await fetch(`${base}/api/v1/auth/${who === 'student' ? 'login' : 'staff-login'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`${email}: ${response.status} ${await response.text()}`);
    cookies[who] = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }
  return cookies;
}

/** Sign-in as a different student each time (5 attempts per address and IP are allowed). */
function signInRequests(emails: string[], pathname: string): autocannon.Request[] {
  let next = Math.floor(Math.random() * emails.length);
  return [
    {
      method: 'POST',
      path: pathname,
      setupRequest: (request) => {
        next = (next + 1) % emails.length;
        return { ...request, body: JSON.stringify({ email: emails[next], password: PASSWORD }) };
      },
    },
  ];
}

function appOptions(
  base: string,
  origin: string,
  scenario: Scenario,
  cookies: Record<string, string>,
  emails: string[],
) {
  if (scenario.name === 'sign-in')
    return {
      url: base,
      headers: { 'content-type': 'application/json', origin },
      requests: signInRequests(emails, '/api/v1/auth/login'),
    };
  return { url: `${base}${scenario.path}`, headers: { cookie: cookies[scenario.actor] ?? '' } };
}

const ms = (n: number) => n.toFixed(1).padStart(7);
const num = (n: number) => n.toFixed(0).padStart(6);

async function main() {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/${args.database}`;
  const url = base.toString();
  // The generator sealed the patient fields with the key in this directory (or DATA_KEY).
  const dataDir = loadConfig({ ...process.env, DATABASE_URL: url, NODE_ENV: 'production' }).dataDir;
  const world = await readWorld(url);
  const only = args.only ? new RegExp(args.only) : null;
  const scenarios = scenariosFor(world).filter((s) => !only || only.test(s.name));
  console.log(
    `database ${args.database}: ~${world.records.toLocaleString('en-IN')} records; ${connections} connections, ${duration} s a run, pool ${poolSize}, ${os.cpus().length} cores`,
  );

  const started = performance.now();
  const captured = await captureScenarios(url, dataDir, scenarios);
  const routesFile = path.join(os.tmpdir(), `pgel-bare-routes-${process.pid}.json`);
  writeFileSync(routesFile, JSON.stringify(captured));
  console.log(
    `captured the SQL of ${scenarios.length} scenarios in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serverEnv = { DATABASE_URL: url, DATA_DIR: dataDir, APP_URL: origin, DATABASE_POOL_SIZE: poolSize };
  const servers: ServerProcess[] = [startServer(port, serverEnv)];
  const barePort = await freePort();
  const bare = spawnTsx('scale/bare-server.ts', [String(barePort), routesFile], {
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: poolSize,
  });
  const children: ChildProcess[] = [bare];
  try {
    await waitUntilServing(servers[0] as ServerProcess, 600_000);
    await waitForPort(`http://127.0.0.1:${barePort}/`);
    const cookies = await signInAll(origin, origin);
    const bareBase = `http://127.0.0.1:${barePort}`;

    console.log(
      '\nscenario                     bare req/s  p50     p99 |  app req/s  p50     p99 | tput  p99x  RSS MiB | goals',
    );
    const oneServer = new Map<string, number>();
    let missed = 0;
    for (const scenario of scenarios) {
      // A short warm-up through the app first, so neither side is measured on a cold cache.
      await load({
        ...appOptions(origin, origin, scenario, cookies, world.signInEmails),
        duration: WARM_UP_S,
      });
      await cancelLeftovers(url);
      const bareFigures = await load(
        scenario.name === 'sign-in'
          ? {
              url: bareBase,
              headers: { 'content-type': 'application/json' },
              requests: signInRequests(world.signInEmails, '/bare-login'),
            }
          : { url: `${bareBase}/bare/${scenario.name}` },
      );
      const bareLeft = await cancelLeftovers(url);
      const app = await load(appOptions(origin, origin, scenario, cookies, world.signInEmails));
      const appLeft = await cancelLeftovers(url);
      oneServer.set(scenario.name, app.rps);
      const ratio = app.rps / bareFigures.rps;
      const p99x = app.p99 / Math.max(bareFigures.p99, 1);
      const goals = [
        ratio >= 0.6 ? '' : 'throughput<0.6',
        p99x <= 2 ? '' : 'p99>2x',
        app.p50 <= 50 ? '' : 'p50>50ms',
        app.non2xx + app.errors + bareFigures.non2xx + bareFigures.errors === 0
          ? ''
          : `failed ${app.non2xx + app.errors}/${bareFigures.non2xx + bareFigures.errors}`,
      ].filter(Boolean);
      if (goals.length > 0) missed += 1;
      // Not a goal: said so that a slow scenario's leftovers are seen to have been cancelled.
      const leftovers = bareLeft + appLeft === 0 ? '' : `; ${appLeft}/${bareLeft} queries outlived the run`;
      console.log(
        `${scenario.name.padEnd(28)} ${num(bareFigures.rps)} ${ms(bareFigures.p50)} ${ms(bareFigures.p99)} | ${num(app.rps)} ${ms(app.p50)} ${ms(app.p99)} | ${ratio.toFixed(2).padStart(4)} ${p99x.toFixed(1).padStart(5)} ${rssOf(servers[0]?.child.pid).toFixed(0).padStart(8)} | ${goals.length === 0 ? 'met' : goals.join(', ')}${leftovers}`,
      );
    }

    if (!only || only.test('bulk-verify')) {
      const bulk = await timeBulkVerification(url, origin, cookies.faculty, world);
      const verdict = bulk.worst <= 500 ? 'met' : 'MISSED (goal 500 ms)';
      if (bulk.worst > 500) missed += 1;
      console.log(
        `bulk verification of 500 (${bulk.runs} runs): median ${bulk.median.toFixed(0)} ms, worst ${bulk.worst.toFixed(0)} ms (in order: ${bulk.inOrder.map((t) => t.toFixed(0)).join(', ')}) | ${verdict}`,
      );
    }
    console.log(`${missed === 0 ? 'every goal met' : `${missed} scenario(s) missed a goal`}`);

    if (Number(args.servers) >= 2) {
      const secondPort = await freePort();
      servers.push(startServer(secondPort, serverEnv));
      await waitUntilServing(servers[1] as ServerProcess, 600_000);
      const balancerPort = await freePort();
      children.push(
        spawnTsx('scale/balancer.ts', [String(balancerPort), String(port), String(secondPort)], {}),
      );
      const balanced = `http://127.0.0.1:${balancerPort}`;
      await waitForPort(`${balanced}/api/v1/health`);
      console.log('\ntwo app servers behind a loopback balancer (same PostgreSQL)');
      console.log(
        'scenario                     one req/s  two req/s  two/one  p50 two  p99 two  RSS MiB each',
      );
      for (const scenario of scenarios) {
        const two = await load(appOptions(balanced, origin, scenario, cookies, world.signInEmails));
        await cancelLeftovers(url);
        const one = oneServer.get(scenario.name) ?? 0;
        console.log(
          `${scenario.name.padEnd(28)} ${num(one).padStart(9)} ${num(two.rps).padStart(10)} ${(two.rps / one).toFixed(2).padStart(8)} ${ms(two.p50)} ${ms(two.p99)}  ${servers.map((s) => rssOf(s.child.pid).toFixed(0)).join(' / ')}${two.non2xx + two.errors > 0 ? `  (${two.non2xx + two.errors} failed)` : ''}`,
        );
      }
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(servers.map((s) => stopServer(s)));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
