import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { teaching } from '@pgel/shared/records/kinds';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import {
  createCompetency,
  createPlacement,
  createSkill,
  createSpeciality,
  createUser,
  testDbKind,
  unique,
} from '../test/helpers';
import { recordBody, validValues } from '../test/records-world';
import { EMBEDDED_DAMAGED_HINT } from './embedded-guard';
import {
  freePort,
  runScript,
  type ServerProcess,
  startServer,
  stopServer,
  waitUntilServing,
} from './server-process';

const CREATIONS = 1_000;
/**
 * The server is killed once this many creations have been answered (any status: under this load
 * some may be 503 while the pool is busy, and the kill must still fall in the middle).
 */
const KILL_AFTER_ANSWERS = 500;

const kind = testDbKind();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function adminQuery(sqlText: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}

/** A temp DATA_DIR and, on PostgreSQL, a scratch database of its own; both removed after the file. */
async function scratchPlace(): Promise<{ dataDir: string; databaseUrl: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgel-durability-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') return { dataDir, databaseUrl: '' };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `pgel_durability_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

/** A Medicine department with an approved student and a teacher, written before the server starts. */
async function seedStudent(dataDir: string, databaseUrl: string) {
  const database = await openDatabase({
    databaseUrl: databaseUrl || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  try {
    const { db } = database;
    const placement = await createPlacement(db);
    const departmentId = placement.department.id;
    const teacher = await createUser(db, { role: 'professor', placement });
    const student = await createUser(db, { placement, verifyByHod: true });
    const diag = await createCompetency(db, { departmentId, type: 'diag' });
    const proc = await createCompetency(db, { departmentId, type: 'proc' });
    const refs = {
      teacherId: teacher.id,
      diag: { competencyId: diag.id, skillId: (await createSkill(db, diag.id)).id },
      proc: { competencyId: proc.id, skillId: (await createSkill(db, proc.id)).id },
      specialityId: (await createSpeciality(db, { departmentId })).id,
    };
    return { student, refs };
  } finally {
    await database.close();
  }
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pgel_session='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0] as string;
}

function track(server: ServerProcess): ServerProcess {
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

/**
 * Issue 15: an acknowledged write is never lost. The real server (a child process) takes 1,000
 * concurrent record creations and is killed with SIGKILL part-way; started again on the same data,
 * it serves every record whose creation was answered 2xx.
 */
describe(`durability on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`, () => {
  let template: Awaited<ReturnType<typeof scratchPlace>>;
  let seeded: Awaited<ReturnType<typeof seedStudent>>;
  beforeAll(async () => {
    template = await scratchPlace();
    seeded = await seedStudent(template.dataDir, template.databaseUrl);
  });

  /** A copy of the seeded embedded database (creating one takes PGlite several seconds). */
  function copyOfTemplate(): string {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgel-durability-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cpSync(template.dataDir, dataDir, { recursive: true });
    return dataDir;
  }

  it('keeps every acknowledged record creation through a SIGKILL mid-load', async () => {
    const { dataDir, databaseUrl } = template;
    const { student, refs } = seeded;
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    const port = await freePort();

    const first = track(startServer(port, env));
    await waitUntilServing(first);
    const cookie = await signIn(first, student.email, student.password);

    const acknowledged: string[] = [];
    let answered = 0;
    let killedAt = -1;
    const createOne = async (i: number) => {
      const body = recordBody(teaching, {
        ...validValues(teaching, refs),
        topic: `Durability ${i} ${unique()}`,
      });
      try {
        const response = await fetch(`${first.url}/api/v1/records`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        });
        const ok = response.status >= 200 && response.status <= 299;
        const json = ok ? ((await response.json()) as { record: { id: string } }) : null;
        if (json) acknowledged.push(json.record.id);
        answered += 1;
        if (answered === KILL_AFTER_ANSWERS) {
          killedAt = answered;
          first.child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the server: not acknowledged.
      }
    };
    await Promise.all(Array.from({ length: CREATIONS }, (_, i) => createOne(i)));
    // Never left running if the kill point was not reached (the expectation below then fails).
    if (killedAt < 0) first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // The kill fell in the middle: some creations were answered, others were cut off.
    expect(killedAt).toBe(KILL_AFTER_ANSWERS);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(CREATIONS);

    const second = track(startServer(port, env));
    await waitUntilServing(second);
    const cookieAgain = await signIn(second, student.email, student.password);
    let present = 0;
    const missing: string[] = [];
    for (let start = 0; start < acknowledged.length; start += 25) {
      await Promise.all(
        acknowledged.slice(start, start + 25).map(async (id) => {
          const response = await fetch(`${second.url}/api/v1/records/${id}`, {
            headers: { cookie: cookieAgain },
          });
          if (response.status === 200) present += 1;
          else missing.push(`${id}: ${response.status}`);
        }),
      );
    }
    const lost = acknowledged.length - present;
    console.log(
      `durability (${kind}, SIGKILL during ${CREATIONS} concurrent creations): acknowledged ${acknowledged.length}, present ${present}, lost ${lost}`,
    );
    expect(missing).toEqual([]);
    expect(lost).toBe(0);
    expect(await stopServer(second)).toBe(0);
  }, 120_000);

  if (kind === 'pglite') {
    it('refuses to start on a damaged embedded database, naming the restore command, which brings it back', async () => {
      const dataDir = copyOfTemplate();
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pgel-durability-backup-')), 'b');
      cleanups.push(() => rmSync(path.dirname(backupDir), { recursive: true, force: true }));
      const backedUp = await runScript('backup', [backupDir], env);
      expect(backedUp.code, backedUp.stderr).toBe(0);

      // Damage the catalog: truncate the biggest relation files of the database.
      const base = path.join(dataDir, 'pglite', 'base');
      const files = readdirSync(base, { recursive: true, encoding: 'utf8' })
        .map((name) => path.join(base, name))
        .filter((file) => statSync(file).isFile() && /\/\d+$/.test(file))
        .sort((a, b) => statSync(b).size - statSync(a).size);
      for (const file of files.slice(0, 20)) truncateSync(file, 100);

      const port = await freePort();
      const refused = track(startServer(port, env));
      const code = await refused.exited;
      expect(code).not.toBe(0);
      expect(refused.output()).toContain(EMBEDDED_DAMAGED_HINT);
      expect(refused.output()).toContain('npm run restore -- <backup>');

      // The command the message names: the damaged folder is kept aside, the backup comes back.
      const restored = await runScript('restore', [backupDir], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stderr).toMatch(/damaged; it is kept as .*pglite\.damaged-/);
      const again = track(startServer(port, env));
      await waitUntilServing(again);
      await signIn(again, seeded.student.email, seeded.student.password);
      expect(await stopServer(again)).toBe(0);
    }, 120_000);

    it('refuses to start when the embedded database folder was emptied, instead of starting empty', async () => {
      const dataDir = copyOfTemplate();
      const pgliteDir = path.join(dataDir, 'pglite');
      rmSync(path.join(pgliteDir, 'PG_VERSION'));

      const server = track(startServer(await freePort(), { DATA_DIR: dataDir, DATABASE_URL: '' }));
      const code = await server.exited;
      expect(code).not.toBe(0);
      expect(server.output()).toContain('npm run restore -- <backup>');
    }, 60_000);
  }
});
