import { ConfigError } from '../config';
import { rotateDataKey } from '../modules/privacy/rotate-data-key';
import { openDatabaseFromEnv } from './open-from-env';

/**
 * `npm run rotate-data-key`: reseals every patient identifier and the CRM token with a new data
 * key in one transaction (issue 15). Stop the app servers first; start them with the new key.
 */
async function run() {
  const { config, database } = await openDatabaseFromEnv();
  try {
    await rotateDataKey({
      db: database.db,
      dataKey: config.dataKey,
      retiredKeys: config.dataKeyRetired,
      dataDir: config.dataDir,
      print: console.log,
    });
  } finally {
    await database.close();
  }
}

run().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
