import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client';
import { files as filesTable } from '../db/schema/index';
import type { FileStore } from '../platform/files';
import {
  ident,
  identList,
  readCatalog,
  readMigrationState,
  readSequences,
  rows as rowsOf,
  type SequenceState,
  type TableInfo,
} from './catalog';

export const BACKUP_FORMAT = 'pg-elogbook-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

/**
 * A backup is a folder: `manifest.json`, one `tables/<table>.jsonl` per table (one JSON object per
 * row, PostgreSQL's own `row_to_json`, in primary-key order) and `files/<storage key>` per uploaded
 * file, each with its SHA-256 in the manifest. Plain files, so it can be copied, compressed or
 * checked with `sha256sum` by anyone.
 */
export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: { count: number; last: string | null };
  tables: { name: string; columns: string[]; rows: number; file: string; bytes: number; sha256: string }[];
  sequences: SequenceState[];
  files: { key: string; file: string; bytes: number; sha256: string }[];
  /** Storage keys the database names but the file store does not hold (already lost before the backup). */
  missingFiles: string[];
};

export type BackupResult = { dir: string; manifest: BackupManifest };

const PAGE_ROWS = 2_000;

/** `alias."a", alias."b"`. */
function qualified(alias: string, columns: string[]) {
  return sql.raw(columns.map((c) => `${alias}."${c.replace(/"/g, '""')}"`).join(', '));
}

/** A storage key as a path below `root`, refusing anything that would leave it. */
export function filePathIn(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
  return full;
}

/**
 * One table's rows as JSON lines, page by page in primary-key order (keyset paging: each page
 * starts after the last key of the one before, read back from that row's JSON).
 */
async function dumpTable(db: Executor, table: TableInfo, file: string) {
  const handle = await open(file, 'wx');
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  try {
    const t = ident(table.name);
    const order = table.primaryKey.length > 0 ? table.primaryKey : table.columns;
    let after: string | null = null;
    for (;;) {
      const where: ReturnType<typeof sql> =
        after === null || table.primaryKey.length === 0
          ? sql``
          : sql`where (${qualified('t', order)}) > (select ${identList(order)} from json_populate_record(null::${t}, ${after}::json))`;
      const offset = table.primaryKey.length === 0 ? sql` offset ${rows}` : sql``;
      const page: { j: string }[] = await rowsOf<{ j: string }>(
        db,
        sql`select row_to_json(t)::text as j from ${t} t ${where} order by ${identList(order)} limit ${PAGE_ROWS}${offset}`,
      );
      if (page.length === 0) break;
      const text = `${page.map((r) => r.j).join('\n')}\n`;
      const chunk = Buffer.from(text, 'utf8');
      hash.update(chunk);
      await handle.write(chunk);
      rows += page.length;
      bytes += chunk.length;
      after = page[page.length - 1]?.j ?? null;
      if (page.length < PAGE_ROWS) break;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}

async function streamToFile(source: NodeJS.ReadableStream, file: string) {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'wx');
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      hash.update(buffer);
      bytes += buffer.length;
      await handle.write(buffer);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Writes a backup of the database and every uploaded file into the new folder `dir` (it must not
 * exist, or be empty). The rows are read in one read-only repeatable-read transaction, so they are
 * one consistent moment even while the server (on PostgreSQL) keeps writing; files are written
 * once and never changed, so those the rows name are all there is to copy. The folder is built as
 * `dir.partial` and renamed when complete: a folder with a manifest is a whole backup.
 */
export async function createBackup(
  database: DatabaseHandle,
  store: FileStore,
  dir: string,
  now = new Date(),
): Promise<BackupResult> {
  const target = path.resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} already exists and is not empty: choose a new folder for the backup`);
  const work = `${target}.partial`;
  await rm(work, { recursive: true, force: true });
  await mkdir(path.join(work, 'tables'), { recursive: true });
  await mkdir(path.join(work, 'files'), { recursive: true });
  try {
    const manifest = await database.db.transaction(
      async (tx) => {
        const catalog = await readCatalog(tx);
        const tables: BackupManifest['tables'] = [];
        for (const table of catalog) {
          const file = `tables/${table.name}.jsonl`;
          const dumped = await dumpTable(tx, table, path.join(work, file));
          tables.push({ name: table.name, columns: table.columns, file, ...dumped });
        }
        const keys = (
          await rowsOf<{ key: string }>(
            tx,
            sql`select ${filesTable.storageKey} as key from ${filesTable} order by ${filesTable.storageKey}`,
          )
        ).map((r) => r.key);
        const files: BackupManifest['files'] = [];
        const missingFiles: string[] = [];
        for (const key of keys) {
          const source = await store.open(key);
          if (!source) {
            missingFiles.push(key);
            continue;
          }
          const file = `files/${key}`;
          const copied = await streamToFile(source, filePathIn(path.join(work, 'files'), key));
          files.push({ key, file, ...copied });
        }
        const result: BackupManifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: now.toISOString(),
          database: database.kind,
          migrations: await readMigrationState(tx),
          tables,
          sequences: await readSequences(tx),
          files,
          missingFiles,
        };
        return result;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rm(target, { recursive: true, force: true });
    await rename(work, target);
    return { dir: target, manifest };
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}
