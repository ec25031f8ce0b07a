import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { mailOutbox, notifications } from '../../db/schema/index';
import { freePort, runScript, startServer, stopServer, waitUntilServing } from '../../ops/server-process';
import {
  createPlacement,
  createUser,
  type Placement,
  scratchDatabaseName,
  testDbKind,
  type UserFixture,
} from '../../test/helpers';
import { createResident, entriesSavedAt, ist } from './reminders.fixtures';

const kind = testDbKind();

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Issue 30: `npm run reminders -- --now …` runs one pass as of that clock against the configured
 * database (a scratch one here) and prints what it sent: counts per kind and recipients' role.
 */
describe('npm run reminders', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgel-reminders-command-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let env: Record<string, string>;
  let residents: UserFixture[];
  let hod: UserFixture;

  const open = () =>
    openDatabase({ databaseUrl: databaseUrl || undefined, pgliteDir: path.join(dataDir, 'pglite') });

  beforeAll(async () => {
    if (kind === 'postgres') {
      const name = scratchDatabaseName('reminders');
      await adminQuery(`CREATE DATABASE "${name}"`);
      dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
    // Written before the command runs (the embedded database is one process's at a time).
    const database = await open();
    try {
      const placement: Placement = await createPlacement(database.db);
      const guide = await createUser(database.db, { role: 'professor', placement });
      residents = [
        // Joined in November, the guide's unit-head resident: November is not authenticated.
        await createResident(database.db, placement, { joiningDate: '2026-11-02', unitHeadId: guide.id }),
        await createResident(database.db, placement),
      ];
      // A third who wrote in the week of 07-12-2026 is not reminded.
      const writer = await createResident(database.db, placement);
      await entriesSavedAt(database.db, ist('2026-12-09 10:00'), [
        { kind: 'teaching', studentId: writer.id, placement },
      ]);
      hod = await createUser(database.db, { role: 'hod', placement, name: 'Dr. Zoya Khan' });
      const teacher = await createUser(database.db, { role: 'professor', placement });
      await entriesSavedAt(database.db, ist('2026-11-20 10:00'), [
        { kind: 'teaching', studentId: writer.id, placement, teacherId: teacher.id },
      ]);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs one pass as of --now and prints counts per kind and role, nobody named', async () => {
    const run = await runScript('reminders', ['--now', '2026-12-15T09:00:00+05:30'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      'Reminder pass as of 15-12-2026 09:00 (India time):',
      '- weekly-update, week of 07-12-2026 to 13-12-2026: 2 residents (in the app and by mail)',
      '- hod-summary, week of 14-12-2026 to 20-12-2026: 1 HOD (by mail)',
      '- month-authentication, month of November 2026: 1 guide (in the app and by mail)',
      'Mail is queued in the outbox; a running app server sends it within seconds.',
    ]);
    expect(run.stdout).not.toMatch(/@|Zoya/);

    const database = await open();
    try {
      for (const resident of residents) {
        expect(
          await database.db.select().from(notifications).where(eq(notifications.toId, resident.id)),
        ).toHaveLength(1);
      }
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, hod.email))).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('run again, it sends nothing new', async () => {
    const run = await runScript('reminders', ['--now', '2026-12-16T10:00:00+05:30'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '- weekly-update, week of 07-12-2026 to 13-12-2026: done by an earlier pass, nothing new',
    );
    expect(run.stdout).toContain(
      '- month-authentication, month of November 2026: done by an earlier pass, nothing new',
    );
    expect(run.stdout).toContain('Nothing new to send.');
  }, 60_000);

  it('refuses a --now that is not a date', async () => {
    const run = await runScript('reminders', ['--now', 'next tuesday'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--now is not a date and time: next tuesday');
  }, 60_000);

  // PostgreSQL takes both; the embedded database is one process's at a time, so there the
  // command says who holds it instead of running (cron runs it with the app on PostgreSQL).
  it('while an app server runs: on PostgreSQL it runs a pass, on the embedded database it says the database is in use', async () => {
    const server = startServer(await freePort(), { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    try {
      await waitUntilServing(server);
      const run = await runScript('reminders', ['--now', '2026-12-22T09:00:00+05:30'], env);
      if (kind === 'postgres') {
        expect(run.code).toBe(0);
        expect(run.stdout).toContain(
          '- weekly-update, week of 14-12-2026 to 20-12-2026: 3 residents (in the app and by mail)',
        );
      } else {
        expect(run.code).not.toBe(0);
        expect(run.stderr).toMatch(/The embedded database .* is in use by process \d+/);
      }
    } finally {
      await stopServer(server);
    }
  }, 90_000);
});
