// npm run backup -- [folder]
// A backup of the database and every uploaded file, from the server's environment (DATABASE_URL
// or DATA_DIR/pglite; DATA_DIR/files or S3_*), into a new folder (default backups/<time>).
import { createBackup } from '../ops/backup';
import { fromCaller, openFromEnv, runCommand } from '../ops/cli';

runCommand(async () => {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.some((a) => a.startsWith('-')) || args.length > 1) {
    throw new Error('usage: npm run backup -- [folder]');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = fromCaller(args[0] ?? `backups/pg-elogbook-${stamp}`);
  const { database, store } = await openFromEnv();
  try {
    const { manifest } = await createBackup(database, store, dir);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup written to ${dir}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files (${manifest.database}).`,
    );
    if (manifest.missingFiles.length > 0) {
      console.warn(
        `Warning: ${manifest.missingFiles.length} files named in the database were already missing from the file store: ${manifest.missingFiles.slice(0, 5).join(', ')}`,
      );
    }
  } finally {
    await database.close();
  }
});
