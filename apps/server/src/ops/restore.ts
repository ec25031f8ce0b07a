import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client';
import type { FileStore } from '../platform/files';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest, filePathIn, MANIFEST_FILE } from './backup';
import { ident, identList, readCatalog, readMigrationState, rows as rowsOf, type TableInfo } from './catalog';

/**
 * Tables the migrations fill (the departments and courses catalogue, the sale packages): a fresh
 * database already holds their rows, so they do not make it "not empty". Restore replaces them.
 */
const FILLED_BY_MIGRATIONS = new Set(['departments', 'courses', 'packages']);

export class RestoreError extends Error {}

export type RestoreOptions = {
  /** Replace the rows of a database that already holds data (and files already in the store). */
  force?: boolean;
};

export type RestoreResult = { tables: number; rows: number; files: number };

async function sha256Of(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

async function sha256OfStream(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream)
    hash.update(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return hash.digest('hex');
}

/** Reads and checks a backup's manifest and every checksum; touches nothing. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const root = path.resolve(dir);
  const manifestFile = path.join(root, MANIFEST_FILE);
  if (!existsSync(manifestFile))
    throw new RestoreError(
      `${root} is not a backup: it has no ${MANIFEST_FILE} (an unfinished backup has none)`,
    );
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreError(`${manifestFile} is damaged: it is not JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new RestoreError(`${manifestFile} is not a version ${BACKUP_VERSION} ${BACKUP_FORMAT} manifest`);
  const damaged: string[] = [];
  const check = async (relative: string, expected: { sha256: string; bytes: number }) => {
    const file = filePathIn(root, relative);
    if (!existsSync(file)) return damaged.push(`${relative}: missing`);
    const actual = await sha256Of(file);
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes)
      damaged.push(`${relative}: checksum does not match`);
  };
  for (const table of manifest.tables) await check(table.file, table);
  for (const file of manifest.files) await check(file.file, file);
  if (damaged.length > 0)
    throw new RestoreError(`The backup ${root} is damaged; nothing was restored:\n  ${damaged.join('\n  ')}`);
  return manifest;
}

async function countRows(db: Executor, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${ident(table)}`);
  return Number(row?.n ?? 0);
}

/** Inserts one batch of JSON rows (only the backup's columns the table has; the rest take their defaults). */
async function insertBatch(
  db: Executor,
  table: TableInfo,
  columns: string[],
  lines: string[],
): Promise<void> {
  if (lines.length === 0) return;
  const overriding: SQL = table.identityAlways ? sql.raw(' overriding system value') : sql``;
  // Deferred columns go in empty; setDeferred fills them once every table is in.
  const values = sql.join(
    columns.map((c) => (table.deferred.includes(c) ? sql`null` : ident(c))),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${ident(table.name)} (${identList(columns)})${overriding} select ${values} from json_populate_recordset(null::${ident(table.name)}, ${`[${lines.join(',')}]`}::json)`,
  );
}

/** Sets a table's deferred columns from the backup, for the rows where they hold a value. */
async function setDeferred(
  db: Executor,
  root: string,
  table: TableInfo,
  entry: BackupManifest['tables'][number],
) {
  const columns = table.deferred.filter((c) => entry.columns.includes(c));
  if (columns.length === 0) return;
  const lines = createInterface({
    input: createReadStream(filePathIn(root, entry.file), 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const t = ident(table.name);
  const assign = sql.join(
    columns.map((c) => sql`${ident(c)} = s.${ident(c)}`),
    sql`, `,
  );
  const match = sql.join(
    table.primaryKey.map((c) => sql`t.${ident(c)} = s.${ident(c)}`),
    sql` and `,
  );
  const flush = async (batch: string[]) => {
    if (batch.length === 0) return;
    await db.execute(
      sql`update ${t} as t set ${assign} from json_populate_recordset(null::${t}, ${`[${batch.join(',')}]`}::json) as s where ${match}`,
    );
  };
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    if (columns.every((c) => row[c] === null || row[c] === undefined)) continue;
    batch.push(line);
    if (batch.length >= BATCH_ROWS) {
      await flush(batch);
      batch = [];
    }
  }
  await flush(batch);
}

/** Rows of a table that references itself, parents before the rows that point at them. */
function parentsFirst(table: TableInfo, lines: string[]): string[] {
  const rows = lines.map((line) => ({ line, row: JSON.parse(line) as Record<string, unknown> }));
  const placed = new Map<string, Set<unknown>>();
  for (const ref of table.selfReferences) placed.set(ref.references, new Set());
  const ordered: string[] = [];
  let pending = rows;
  while (pending.length > 0) {
    const next: typeof rows = [];
    for (const item of pending) {
      const ready = table.selfReferences.every((ref) => {
        const value = item.row[ref.column];
        return (
          value === null ||
          value === undefined ||
          placed.get(ref.references)?.has(value) ||
          value === item.row[ref.references]
        );
      });
      if (!ready) {
        next.push(item);
        continue;
      }
      ordered.push(item.line);
      for (const ref of table.selfReferences) placed.get(ref.references)?.add(item.row[ref.references]);
    }
    if (next.length === pending.length) {
      // Whatever is left points at rows the backup does not hold: insert it and let the key decide.
      ordered.push(...next.map((item) => item.line));
      break;
    }
    pending = next;
  }
  return ordered;
}

const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

async function restoreTable(
  db: Executor,
  root: string,
  table: TableInfo,
  entry: BackupManifest['tables'][number],
) {
  const columns = entry.columns.filter((c) => table.columns.includes(c));
  const file = filePathIn(root, entry.file);
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  if (table.selfReferences.length > 0) {
    const all: string[] = [];
    for await (const line of lines) if (line !== '') all.push(line);
    const ordered = parentsFirst(table, all);
    for (let i = 0; i < ordered.length; i += BATCH_ROWS)
      await insertBatch(db, table, columns, ordered.slice(i, i + BATCH_ROWS));
    return;
  }
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await insertBatch(db, table, columns, batch);
      batch = [];
      bytes = 0;
    }
  }
  await insertBatch(db, table, columns, batch);
}

/**
 * Restores a backup into `database` (already migrated by openDatabase) and `store`. Every
 * checksum is checked first; then, in one transaction, every table is emptied and filled in
 * foreign-key order, sequences are set, the row counts are checked against the manifest, and the
 * files are put in the store before the transaction commits (a failure leaves the database as it
 * was). A database that already holds data, or a store holding other bytes under a backed-up
 * key, is refused unless `force`.
 */
export async function restoreBackup(
  database: DatabaseHandle,
  store: FileStore,
  dir: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const root = path.resolve(dir);
  const manifest = await verifyBackup(root);
  const { db } = database;
  const migrations = await readMigrationState(db);
  if (manifest.migrations.count > migrations.count) {
    throw new RestoreError(
      `The backup was made by a newer version of the app (${manifest.migrations.count} migrations, this one has ${migrations.count}): update the app first`,
    );
  }
  const catalog = await readCatalog(db);
  const byName = new Map(catalog.map((t) => [t.name, t]));
  const unknown = manifest.tables.filter((t) => !byName.has(t.name)).map((t) => t.name);
  if (unknown.length > 0)
    throw new RestoreError(`The backup holds tables this app does not have: ${unknown.join(', ')}`);

  if (!options.force) {
    const inUse: string[] = [];
    for (const table of catalog) {
      if (FILLED_BY_MIGRATIONS.has(table.name)) continue;
      const n = await countRows(db, table.name);
      if (n > 0) inUse.push(`${table.name} (${n})`);
    }
    if (inUse.length > 0) {
      throw new RestoreError(
        `The target database is not empty (${inUse.slice(0, 5).join(', ')}${inUse.length > 5 ? ', …' : ''}). ` +
          'Restore into a new database, or add --force to replace everything in it.',
      );
    }
  }

  let rows = 0;
  let files = 0;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`truncate ${sql.join(
        catalog.map((t) => ident(t.name)),
        sql`, `,
      )}`,
    );
    const entries = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const table of catalog) {
      const entry = entries.get(table.name);
      if (!entry) continue;
      await restoreTable(tx, root, table, entry);
      const n = await countRows(tx, table.name);
      if (n !== entry.rows)
        throw new RestoreError(`${table.name}: ${n} rows restored, the backup holds ${entry.rows}`);
      rows += n;
    }
    for (const table of catalog) {
      const entry = entries.get(table.name);
      if (entry) await setDeferred(tx, root, table, entry);
    }
    for (const sequence of manifest.sequences) {
      if (sequence.lastValue === null) continue;
      await tx.execute(
        sql`select setval(${`public."${sequence.name.replace(/"/g, '""')}"`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    }
    for (const file of manifest.files) {
      const data = await readFile(filePathIn(root, file.file));
      const existing = await store.open(file.key);
      files += 1;
      if (existing) {
        if ((await sha256OfStream(existing)) === file.sha256) continue;
        if (!options.force)
          throw new RestoreError(
            `The file store already holds other bytes under ${file.key}; add --force to replace them`,
          );
        await store.remove(file.key);
      }
      await store.put(file.key, data);
    }
  });
  return { tables: manifest.tables.length, rows, files };
}
