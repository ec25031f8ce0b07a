import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** Opens the database the server would open, from the same environment variables. */
export async function openDatabaseFromEnv() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: 2,
  });
  return { config, database };
}
