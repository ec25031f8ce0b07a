import { openFromEnv } from '../ops/cli';

/** Opens the database the server would open, from the same environment variables. */
export async function openDatabaseFromEnv() {
  const { config, database } = await openFromEnv();
  return { config, database };
}
