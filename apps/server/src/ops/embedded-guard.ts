import { randomUUID } from 'node:crypto';
import {
  existsSync,
  linkSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Guards around the embedded database folder (DATA_DIR/pglite). PGlite runs `initdb` on a folder
 * that has no PG_VERSION file, so a folder that lost its files would otherwise come back as an
 * empty database and the server would start as if new. It also has no lock of its own: two
 * processes on one folder (the server and a backup) would damage it.
 */

/** The start of the message of a damaged embedded database; tests look for it. */
export const EMBEDDED_DAMAGED_HINT = 'The embedded database is damaged';
export const RESTORE_COMMAND = 'npm run restore -- <backup>';

export class EmbeddedDatabaseError extends Error {
  constructor(
    message: string,
    /** `damaged`: the folder cannot be used and a restore is the way out; `in-use`: another process has it. */
    readonly reason: 'damaged' | 'in-use' = 'damaged',
  ) {
    super(message);
  }
}

function damaged(dir: string, reason: string): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError(
    `${EMBEDDED_DAMAGED_HINT} (${dir}: ${reason}). The server does not start on it, so that ` +
      'nothing is overwritten and it never starts empty. Restore the latest backup with:\n' +
      `  ${RESTORE_COMMAND}\n` +
      '(it moves the damaged folder aside, keeping it) and start the server again (README: "Backup and restore").',
  );
}

/** The marker beside the folder saying a database was created there (DATA_DIR/pglite.created). */
function markerOf(dir: string): string {
  return `${path.resolve(dir)}.created`;
}

function hasFiles(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * Before PGlite opens `dir`: refuses a folder that once held a database but no longer looks like
 * one (PG_VERSION gone, or the folder emptied or removed). `fresh` allows a new, empty database
 * where one was before: the restore command, which fills it.
 */
export function checkEmbeddedFolder(dir: string, options: { fresh?: boolean } = {}): void {
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (initialised) return;
  if (hasFiles(dir)) throw damaged(dir, 'the folder holds files but no PG_VERSION');
  if (existsSync(markerOf(dir)) && !options.fresh)
    throw damaged(dir, 'a database was created here, but the folder is now empty or missing');
}

/** Whether a database was created in this folder by the server (the marker is there). */
export function embeddedFolderWasCreated(dir: string): boolean {
  return existsSync(markerOf(dir));
}

/** After a successful open: remember that this folder holds a database. */
export function markEmbeddedFolder(dir: string): void {
  const marker = markerOf(dir);
  if (!existsSync(marker)) writeFileSync(marker, `${new Date().toISOString()}\n`);
}

/** Wraps an error PGlite threw while opening an existing folder. */
export function embeddedOpenFailed(dir: string, err: unknown): EmbeddedDatabaseError {
  const reason = err instanceof Error ? err.message : String(err);
  const error = damaged(dir, `PGlite could not open it: ${reason}`);
  error.cause = err;
  return error;
}

/**
 * Whether the lock's process still runs. Our own id means a lock left by an earlier life of this
 * container (a restarted server often gets the same id); where /proc tells, a process that is not
 * Node (the id was reused after a restart) does not hold it either.
 */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/** The process id a lock file holds: `gone` when there is no file, NaN when it holds no id. */
function holderOf(file: string): number | 'gone' {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    return Number.NaN;
  }
}

/** Whether a lock file's holder is a live process (a file without an id holds nothing). */
function heldByLiveProcess(holder: number | 'gone'): holder is number {
  return typeof holder === 'number' && Number.isInteger(holder) && isAlive(holder);
}

function inUse(dir: string, holder: number): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError(
    `The embedded database ${dir} is in use by process ${holder} (the server, or a backup or ` +
      `restore). Stop it first: PGlite allows one process at a time.`,
    'in-use',
  );
}

/**
 * Creates `file` holding this process's id, atomically with its content (a file written in place
 * is empty for a moment, and an empty lock would look stale to another process): the id is
 * written to a file of this process's own and linked to the name, which fails if it exists.
 */
function createHolding(file: string): boolean {
  const own = `${file}.${process.pid}-${randomUUID()}`;
  writeFileSync(own, `${process.pid}\n`);
  try {
    linkSync(own, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(own, { force: true });
  }
}

/** Waits `ms` without giving the event loop away (the lock is taken before the server starts). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A takeover left by a process that died while breaking a stale lock is cleared after this. */
const TAKEOVER_STALE_MS = 5_000;

/**
 * Takes the folder's lock file (DATA_DIR/pglite.lock holding the process id), refusing when
 * another live process holds it. A lock left by a process that died (SIGKILL, power cut) is
 * broken by one process at a time: the one that creates `pglite.lock.takeover` checks again that
 * the holder is dead and removes the lock, and every process then tries the exclusive create
 * again; the others wait for the takeover to end. Nobody but the takeover's holder removes a lock
 * it did not write, so a live lock is never removed (several processes renaming a stale lock
 * aside could each move the lock another had just written). Returns the release function.
 */
export function lockEmbeddedFolder(dir: string): () => void {
  const lock = `${path.resolve(dir)}.lock`;
  const takeover = `${lock}.takeover`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (createHolding(lock)) {
      return () => {
        try {
          if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
        } catch {
          // already gone
        }
      };
    }
    const holder = holderOf(lock);
    if (heldByLiveProcess(holder)) throw inUse(dir, holder);
    if (holder === 'gone') continue;
    if (!createHolding(takeover)) {
      const breaker = holderOf(takeover);
      if (breaker !== 'gone' && !heldByLiveProcess(breaker) && ageOf(takeover) > TAKEOVER_STALE_MS)
        rmSync(takeover, { force: true });
      pause(10);
      continue;
    }
    try {
      // Only this process removes a lock now, and only a dead one's: the lock read above may have
      // been broken and taken since. One that is gone is left alone (another may be creating it).
      const now = holderOf(lock);
      if (now !== 'gone' && !heldByLiveProcess(now)) rmSync(lock, { force: true });
    } finally {
      rmSync(takeover, { force: true });
    }
  }
  throw new EmbeddedDatabaseError(`Could not lock the embedded database ${dir}`, 'in-use');
}

/** How long ago `file` was last written, in ms (0 when it is gone). */
function ageOf(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Moves a damaged embedded database folder aside (`<dir>.damaged-<time>`), so a restore can start afresh. */
export function moveDamagedFolderAside(dir: string, now = new Date()): string {
  const aside = `${path.resolve(dir)}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dir, aside);
  return aside;
}
