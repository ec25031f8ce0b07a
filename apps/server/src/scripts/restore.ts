// npm run restore -- <backup folder> [--force]
// Restores a backup made by `npm run backup` into the database and file store of the server's
// environment. Stop the server first. Refuses a database that already holds data unless --force.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { fromCaller, openFromEnv, runCommand } from '../ops/cli';
import { EmbeddedDatabaseError, moveDamagedFolderAside } from '../ops/embedded-guard';
import { restoreBackup, verifyBackup } from '../ops/restore';

runCommand(async () => {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) {
    throw new Error('usage: npm run restore -- <backup folder> [--force]');
  }
  const dir = fromCaller(rest[0] as string);
  // Checksums first: a damaged backup never opens (or creates) a database.
  await verifyBackup(dir);
  const opened = await openFromEnv({ freshEmbedded: true }).catch((err: unknown) => {
    // A damaged embedded database is what a restore is for: keep it aside, start a new one.
    const config = loadConfig();
    const dir = path.join(config.dataDir, 'pglite');
    if (!(err instanceof EmbeddedDatabaseError) || err.reason !== 'damaged' || !existsSync(dir)) throw err;
    console.warn(`The embedded database ${dir} is damaged; it is kept as ${moveDamagedFolderAside(dir)}.`);
    return openFromEnv({ freshEmbedded: true });
  });
  const { database, store } = opened;
  try {
    const result = await restoreBackup(database, store, dir, { force });
    console.log(
      `Restored ${dir}: ${result.tables} tables, ${result.rows} rows, ${result.files} files (${database.kind}).`,
    );
  } finally {
    await database.close();
  }
});
