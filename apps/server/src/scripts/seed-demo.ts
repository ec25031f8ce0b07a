import { ConfigError } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, NotEmptyError, seedDemo } from './demo-data';
import { openDatabaseFromEnv } from './open-from-env';

/** `npm run seed:demo`: the demo college and accounts, on an empty database only. */
async function run() {
  const { database } = await openDatabaseFromEnv();
  try {
    await seedDemo(database.db);
    console.log(
      'Demo data created: college "Demo Medical College" (Delhi) with General Medicine and Forensic Medicine.',
    );
    console.log(`Accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.label}`);
  } finally {
    await database.close();
  }
}

run().catch((err) => {
  console.error(err instanceof NotEmptyError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
