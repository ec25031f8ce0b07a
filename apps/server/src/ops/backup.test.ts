import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { clinicalCase, teaching } from '@pgel/shared/records/kinds';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { colleges, files as filesTable, users } from '../db/schema/index';
import { LocalFileStore } from '../platform/files';
import { seedDemo } from '../scripts/demo-data';
import { pdfAround, tinyPdf, tinyPng } from '../test/files';
import { buildTestApp, openTestDatabase, post, type TestApp, testDbKind, uploadFile } from '../test/helpers';
import { createRecordsWorld, type RecordsWorld, recordBody, validValues } from '../test/records-world';
import { type BackupManifest, createBackup } from './backup';
import { readCatalog, rows } from './catalog';
import { RestoreError, restoreBackup, verifyBackup } from './restore';

const run = promisify(execFile);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kind = testDbKind();

/** Every table's rows as one JSON text, in primary-key order (the whole table when it has none). */
async function snapshot(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await readCatalog(db)) {
    const order = (table.primaryKey.length > 0 ? table.primaryKey : table.columns)
      .map((c) => `t."${c}"`)
      .join(', ');
    const [row] = await rows<{ j: string }>(
      db,
      sql.raw(
        `select coalesce(json_agg(row_to_json(t) order by ${order}), '[]')::text as j from "${table.name}" t`,
      ),
    );
    out[table.name] = row?.j ?? '';
  }
  return out;
}

/** Every file below `root`, by relative path, with its bytes. */
function filesBelow(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(root, name);
    try {
      found.set(name, readFileSync(full));
    } catch {
      // a folder
    }
  }
  return found;
}

function handleOf(t: TestApp): DatabaseHandle {
  return { db: t.db, kind: t.kind, close: async () => undefined };
}

/**
 * Issue 15: `npm run backup` and `npm run restore` bring back every row and every file, byte for
 * byte: a world with rows in many tables and several uploads, backed up, restored into a fresh
 * database and a fresh file folder, compared table by table and file by file.
 */
describe(`backup and restore (${kind})`, () => {
  let t: TestApp;
  let w: RecordsWorld;
  const temp: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    temp.push(dir);
    return dir;
  };
  let backupDir: string;
  let manifest: BackupManifest;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.db);
    w = await createRecordsWorld(t);
    const cookie = w.actors.student.cookie;
    const uploads = [
      { data: tinyPdf(), fileName: 'certificate.pdf' },
      { data: tinyPng(), fileName: 'photo.png' },
      { data: pdfAround(randomBytes(4096)), fileName: 'scan.pdf' },
    ];
    const fileIds: string[] = [];
    for (const part of uploads) {
      const response = await uploadFile(t.app, 'document', part, { cookie });
      expect(response.statusCode, response.body).toBe(201);
      fileIds.push((response.json.file as { id: string }).id);
    }
    // Keys that close a cycle (users <-> files, colleges <-> files) and a user added by a user.
    await t.db
      .update(users)
      .set({ profilePicFileId: fileIds[1], addedById: w.actors.hod.id })
      .where(eq(users.id, w.actors.student.id));
    await t.db.update(colleges).set({ logoFileId: fileIds[1] }).where(eq(colleges.id, w.medicine.college.id));
    // Text that JSON must carry exactly: newlines, quotes, backslashes, non-Latin scripts.
    const topic = 'Line one\nline "two" \\ tab\t ✓ मरीज़ 🙂';
    for (const body of [
      recordBody(teaching, { ...validValues(teaching, w.refs), topic }),
      recordBody(teaching, validValues(teaching, w.refs)),
      recordBody(clinicalCase, validValues(clinicalCase, w.refs, fileIds[0])),
    ]) {
      const response = await post(t.app, '/api/v1/records', body, { cookie });
      expect(response.statusCode, response.body).toBe(201);
    }
    backupDir = path.join(tempDir('pgel-backup-'), 'backup');
    manifest = (await createBackup(handleOf(t), new LocalFileStore(path.join(t.dataDir, 'files')), backupDir))
      .manifest;
  });

  afterAll(async () => {
    await t?.close();
    for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  });

  it('restores every row of every table and every file, byte for byte, into a fresh database', async () => {
    const fresh = await openTestDatabase();
    try {
      const filesDir = tempDir('pgel-restored-files-');
      const result = await restoreBackup(fresh, new LocalFileStore(filesDir), backupDir);

      const before = await snapshot(t.db);
      const after = await snapshot(fresh.db);
      const nonEmpty = Object.entries(before)
        .filter(([, rows]) => rows !== '[]')
        .map(([name]) => name);
      // A world worth the name: most tables hold rows.
      expect(nonEmpty.length).toBeGreaterThanOrEqual(15);
      for (const name of Object.keys(before)) expect(after[name], name).toBe(before[name]);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());

      const keys = (await t.db.select({ key: filesTable.storageKey }).from(filesTable)).map((r) => r.key);
      expect(keys.length).toBeGreaterThanOrEqual(3);
      const original = filesBelow(path.join(t.dataDir, 'files'));
      const restored = filesBelow(filesDir);
      expect([...restored.keys()].sort()).toEqual([...original.keys()].sort());
      for (const [name, bytes] of original) expect(restored.get(name)?.equals(bytes), name).toBe(true);
      console.log(
        `backup round trip (${kind}): ${result.tables} tables (${nonEmpty.length} with rows), ${result.rows} rows, ${result.files} files, all equal`,
      );

      // Restoring again over it: refused without --force, the same result with it.
      await expect(restoreBackup(fresh, new LocalFileStore(filesDir), backupDir)).rejects.toThrow(
        /not empty.*--force/,
      );
      await restoreBackup(fresh, new LocalFileStore(filesDir), backupDir, { force: true });
      expect(await snapshot(fresh.db)).toEqual(before);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('refuses a damaged backup before touching the database', async () => {
    const copy = path.join(tempDir('pgel-damaged-backup-'), 'backup');
    await run('cp', ['-r', backupDir, copy]);
    const users = manifest.tables.find((table) => table.name === 'users');
    const file = path.join(copy, users?.file ?? 'missing');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('Demo', 'Demx'));
    await expect(verifyBackup(copy)).rejects.toThrow(RestoreError);
    const fresh = await openTestDatabase();
    try {
      const store = new LocalFileStore(tempDir('pgel-restored-files-'));
      await expect(restoreBackup(fresh, store, copy)).rejects.toThrow(/damaged[\s\S]*tables\/users\.jsonl/);
      const [count] = await rows<{ n: number }>(fresh.db, sql`select count(*)::int as n from users`);
      expect(count?.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('npm run restore and npm run backup: the restored data backs up to the same bytes', async () => {
    const dataDir = tempDir('pgel-cli-data-');
    let databaseUrl = '';
    let dropDatabase: () => Promise<void> = async () => {};
    if (kind === 'postgres') {
      const adminUrl = process.env.DATABASE_URL as string;
      const name = `pgel_restore_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      dropDatabase = async () => {
        const again = new pg.Client({ connectionString: adminUrl });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await again.end();
      };
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    try {
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
      };
      const tsx = ['--import', 'tsx'];
      const restored = await run(process.execPath, [...tsx, 'src/scripts/restore.ts', backupDir], {
        cwd: serverRoot,
        env,
      });
      expect(restored.stdout).toMatch(/^Restored .*: \d+ tables, \d+ rows, 3 files/m);
      const second = path.join(tempDir('pgel-cli-backup-'), 'again');
      const backedUp = await run(process.execPath, [...tsx, 'src/scripts/backup.ts', second], {
        cwd: serverRoot,
        env,
      });
      expect(backedUp.stdout).toMatch(/^Backup written to /m);
      const again = JSON.parse(readFileSync(path.join(second, 'manifest.json'), 'utf8')) as BackupManifest;
      const digest = (m: BackupManifest) => ({
        tables: m.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 })),
        files: m.files.map(({ key, sha256 }) => ({ key, sha256 })),
      });
      expect(digest(again)).toEqual(digest(manifest));

      // The backup refused into the now non-empty database, with the way out named.
      const refused = await run(process.execPath, [...tsx, 'src/scripts/restore.ts', backupDir], {
        cwd: serverRoot,
        env,
      }).catch((err: { code: number; stderr: string }) => err);
      expect('code' in refused ? refused.code : 0).toBe(1);
      expect('stderr' in refused ? refused.stderr : '').toMatch(/not empty.*--force/);
    } finally {
      await dropDatabase();
    }
  }, 120_000);
});
