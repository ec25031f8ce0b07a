import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { type FileStore, LocalFileStore } from '../platform/files';
import { S3FileStore } from '../platform/s3-file-store';
import { EmbeddedDatabaseError } from './embedded-guard';
import { RestoreError } from './restore';

/** The database and file store the server would use, from the same environment variables. */
export async function openFromEnv(options: { freshEmbedded?: boolean } = {}): Promise<{
  config: Config;
  database: DatabaseHandle;
  store: FileStore;
}> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: 2,
    freshEmbedded: options.freshEmbedded,
  });
  const store = config.s3
    ? new S3FileStore(config.s3)
    : new LocalFileStore(path.join(config.dataDir, 'files'));
  return { config, database, store };
}

/** A path given on the command line, relative to where `npm run` was typed. */
export function fromCaller(given: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}

/** Runs a command's body: its own errors as one plain message and exit code 1. */
export function runCommand(body: () => Promise<void>): void {
  body().then(
    () => process.exit(0),
    (err: unknown) => {
      if (
        err instanceof ConfigError ||
        err instanceof RestoreError ||
        err instanceof EmbeddedDatabaseError ||
        (err instanceof Error && /already exists and is not empty/.test(err.message))
      ) {
        console.error(err.message);
      } else {
        console.error(err);
      }
      process.exit(1);
    },
  );
}
