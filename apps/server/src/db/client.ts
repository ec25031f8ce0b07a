import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import {
  checkEmbeddedFolder,
  embeddedFolderWasCreated,
  embeddedOpenFailed,
  lockEmbeddedFolder,
  markEmbeddedFolder,
} from '../ops/embedded-guard';
import { ReleasingPool } from './releasing-pool';
import { installRetryingTransactions, type TransactionRetry } from './retrying-transactions';
import * as schema from './schema/index';
import { attachStatementWatch, StatementWatch } from './statement-watch';

/** The Drizzle database both drivers give us; repositories only see this type. */
export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction, which repositories accept wherever they accept the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://… for a server; unset for the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * Told when a pooled PostgreSQL connection breaks (a restart, `pg_terminate_backend`, a network
   * cut). The pool has already dropped it and opens a new one on the next query; by default a
   * line on stderr with the error's code.
   */
  onConnectionError?: (err: Error) => void;
  /**
   * PGlite on a folder: allow a new, empty database where one was before (the restore command
   * only). Without it, a folder that once held a database and is now empty stops the caller.
   */
  freshEmbedded?: boolean;
  /**
   * Told when a transaction is run again after a deadlock or serialization failure
   * (db/retrying-transactions.ts); by default a line on stderr with the code.
   */
  onTransactionRetry?: (retry: TransactionRetry) => void;
};

/**
 * Pool settings that let a server ride out a database restart: a query waits at most this long
 * for a connection (then fails, and the request answers 503) instead of hanging while the
 * database is away; idle connections are closed after a while and probed with TCP keep-alive, so
 * dead ones do not linger. New connections are made on demand, so nothing has to be rebuilt when
 * the database is back.
 */
export const POOL_SETTINGS = {
  connectionTimeoutMillis: 4_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

/**
 * Opens the database and applies every committed migration. PGlite is one connection in this
 * process; PostgreSQL gets a pool, so several app servers can share one database. On both, every
 * `db.transaction` runs again after a deadlock or serialization failure (at most 3 tries), so no
 * call site can forget to (db/retrying-transactions.ts).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openDriver(options);
  installRetryingTransactions(handle.db, { onRetry: options.onTransactionRetry });
  return handle;
}

async function openDriver(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new ReleasingPool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...POOL_SETTINGS,
    });
    watchConnections(pool, options.onConnectionError ?? reportConnectionLost);
    const watch = new StatementWatch();
    const db = drizzlePg(pool, { schema, logger: watch }) as unknown as Database;
    attachStatementWatch(db, watch);
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (err) {
      // The caller may try again (the database was not up yet): leave no pool behind.
      await pool.end().catch(() => undefined);
      throw err;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (dir.startsWith('memory://')) {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const db = watchedPglite(client);
    await migratePglite(db, { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close() };
  }
  return openEmbeddedFolder(dir, migrationsFolder, options.freshEmbedded === true);
}

/** Drizzle on PGlite, with a statement watch (db/statement-watch.ts). */
function watchedPglite(client: PGlite): Database {
  const watch = new StatementWatch();
  const db = drizzlePglite(client, { schema, logger: watch });
  attachStatementWatch(db, watch);
  return db;
}

/**
 * PGlite on a folder: one process at a time (a lock file beside it), and never a silently new
 * database where one was before: a folder that lost its files or that PGlite cannot open stops
 * the caller with a message naming the restore command (ops/embedded-guard.ts).
 */
async function openEmbeddedFolder(
  dir: string,
  migrationsFolder: string,
  fresh: boolean,
): Promise<DatabaseHandle> {
  mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const release = lockEmbeddedFolder(dir);
  try {
    checkEmbeddedFolder(dir, { fresh });
    const existed = existsSync(path.join(dir, 'PG_VERSION'));
    mkdirSync(dir, { recursive: true });
    let client: PGlite;
    try {
      // pg_trgm serves the report search's index (migration 0009).
      client = await PGlite.create(dir, { extensions: { pg_trgm } });
    } catch (err) {
      throw existed ? embeddedOpenFailed(dir, err) : err;
    }
    const db = watchedPglite(client);
    try {
      if (existed && embeddedFolderWasCreated(dir)) {
        // A catalog that lost the app's tables is damage, not a new database to migrate.
        await assertReadable(client).catch((err: unknown) => {
          throw embeddedOpenFailed(dir, err);
        });
      }
      await migratePglite(db, { migrationsFolder });
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    markEmbeddedFolder(dir);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** An existing embedded database still knows which migrations it has applied. */
async function assertReadable(client: PGlite): Promise<void> {
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'drizzle'`,
  );
  if (Number(result.rows[0]?.n ?? 0) === 0) {
    throw new Error('it holds no applied-migrations table: it is not the database the server created');
  }
}

/**
 * Without a listener, an 'error' event is thrown and ends the process. pg emits one on a client
 * whose connection breaks (its query, if any, fails as well) and the pool re-emits it for an
 * idle client after dropping it. Both are reported once: the pool passes on the client's error.
 */
function watchConnections(pool: pg.Pool, report: (err: Error) => void): void {
  const reported = new WeakSet<Error>();
  const reportOnce = (err: Error) => {
    if (reported.has(err)) return;
    reported.add(err);
    report(err);
  };
  pool.on('error', reportOnce);
  pool.on('connect', (client) => client.on('error', reportOnce));
}

/** The default report of a lost connection: one line on stderr. */
export function reportConnectionLost(err: Error): void {
  const code = (err as { code?: unknown }).code;
  // Code or the driver's own words only: the error object also holds the client's settings.
  console.warn(`database connection lost (${typeof code === 'string' ? code : err.message})`);
}

/**
 * The SQL migrations live in src/db/migrations; the built server (dist/main.js) and the source
 * (tsx, tests) sit at different depths, so look upwards for the folder.
 */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    for (const candidate of [path.join(dir, 'src/db/migrations'), path.join(dir, 'migrations')]) {
      if (existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder not found');
}
