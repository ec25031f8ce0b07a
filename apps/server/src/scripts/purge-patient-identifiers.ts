import { ConfigError } from '../config';
import { purgePatientIdentifiers, retentionMonths } from '../modules/privacy/retention';
import { openDatabaseFromEnv } from './open-from-env';

/**
 * `npm run purge-patient-identifiers`: removes the patient identifiers of entries verified more
 * than PATIENT_DATA_RETENTION_MONTHS months ago (default 36), keeping the clinical content
 * (issue 15). Audited; safe to run daily (from cron).
 */
async function run() {
  const months = retentionMonths(process.env.PATIENT_DATA_RETENTION_MONTHS);
  const { database } = await openDatabaseFromEnv();
  try {
    const { purged, cutoff } = await purgePatientIdentifiers(database.db, { months });
    console.log(
      `Patient identifiers removed from ${purged} entries verified before ${cutoff.toISOString().slice(0, 10)} (${months} months).`,
    );
  } finally {
    await database.close();
  }
}

run().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
