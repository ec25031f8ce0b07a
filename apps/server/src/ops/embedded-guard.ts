import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** The process id a lock file holds, NaN when it is gone or unreadable. */
function holderOf(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return Number.NaN;
  }
}

function inUse(dir: string, holder: number): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError(
    `The embedded database ${dir} is in use by process ${holder} (the server, or a backup or ` +
      `restore). Stop it first: PGlite allows one process at a time.`,
    'in-use',
  );
}

/**
 * Takes the folder's lock file (DATA_DIR/pglite.lock holding the process id), refusing when
 * another live process holds it. A lock left by a process that died (SIGKILL, power cut) is
 * taken over: it is first renamed to a name of this process's own, which only one of several
 * processes that found it stale can do, so none removes a lock another has just written; every
 * process then tries the exclusive create again. Returns the release function.
 */
export function lockEmbeddedFolder(dir: string): () => void {
  const lock = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = holderOf(lock);
    if (Number.isInteger(holder) && isAlive(holder)) throw inUse(dir, holder);
    const aside = `${lock}.stale-${process.pid}-${randomUUID()}`;
    try {
      renameSync(lock, aside);
    } catch (err) {
      // Another process moved the stale lock first: try the create again.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    // Between reading the holder and the rename another process may have taken the stale lock
    // over and written its own: put a live lock back (link fails if the name is taken) and refuse.
    const moved = holderOf(aside);
    if (moved !== holder && Number.isInteger(moved) && isAlive(moved)) {
      try {
        linkSync(aside, lock);
      } catch {
        // another lock is in place already
      }
      rmSync(aside, { force: true });
      throw inUse(dir, moved);
    }
    rmSync(aside, { force: true });
  }
  throw new EmbeddedDatabaseError(`Could not lock the embedded database ${dir}`, 'in-use');
}

/** Moves a damaged embedded database folder aside (`<dir>.damaged-<time>`), so a restore can start afresh. */
export function moveDamagedFolderAside(dir: string, now = new Date()): string {
  const aside = `${path.resolve(dir)}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dir, aside);
  return aside;
}
