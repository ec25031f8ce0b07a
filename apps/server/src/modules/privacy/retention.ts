import { patientIdentifierFields } from '@pgel/shared/privacy/masking';
import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { and, asc, gt, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { records } from '../../db/schema/index';
import { writeAudits } from '../../platform/audit';

/** `PATIENT_DATA_RETENTION_MONTHS` when unset: three years after verification. */
export const DEFAULT_RETENTION_MONTHS = 36;

/** The retention period from the environment: a whole number of months, 1 or more. */
export function retentionMonths(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RETENTION_MONTHS;
  const months = Number(value.trim());
  if (!Number.isInteger(months) || months < 1 || months > 1200) {
    throw new Error('PATIENT_DATA_RETENTION_MONTHS must be a whole number of months (1 to 1200)');
  }
  return months;
}

/** Entries purged per transaction: one update and one multi-row audit insert each. */
export const RETENTION_BATCH = 500;

/** `details` without the kind's patient identifiers, as SQL (a CASE on the row's kind). */
function detailsWithoutIdentifiers(): { strip: SQL; holds: SQL } {
  const strips: SQL[] = [];
  const holds: SQL[] = [];
  for (const kind of RECORD_KINDS) {
    const names = patientIdentifierFields(kind);
    if (names.length === 0) continue;
    const keys = sql`array[${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )}]::text[]`;
    strips.push(sql`when ${kind.id} then ${records.details} - ${keys}`);
    holds.push(sql`(${records.kind} = ${kind.id} and ${records.details} ?| ${keys})`);
  }
  return {
    strip: sql`case ${records.kind} ${sql.join(strips, sql` `)} else ${records.details} end`,
    holds: or(...holds) ?? sql`false`,
  };
}

/**
 * Removes the patient identifiers of every entry verified more than `months` months before `now`
 * (issue 15, DPDP Rules 2025): its sealed sensitive details (patient name, contact number,
 * address; the deceased's name) and every identifier kept in `details` (`patientIdentifierFields`:
 * a procedure's patient, a clinical case's patient id). The clinical content stays. Keyset
 * batches of `batch` entries (rows another transaction holds are skipped, for the next run), each
 * batch its own transaction with one audit row per entry; run it again and it finds nothing more.
 * Returns how many entries lost their identifiers.
 */
export async function purgePatientIdentifiers(
  db: Database,
  options: { months: number; now?: Date; batch?: number },
): Promise<{ purged: number; cutoff: Date }> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? RETENTION_BATCH;
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - options.months);
  const { strip, holds } = detailsWithoutIdentifiers();
  let purged = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const found = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: records.id })
        .from(records)
        .where(
          and(
            gt(records.id, after),
            isNotNull(records.verifiedAt),
            lt(records.verifiedAt, cutoff),
            or(isNotNull(records.sensitiveDetails), holds),
          ),
        )
        .orderBy(asc(records.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      after = due[due.length - 1]?.id ?? after;
      const rows = await tx
        .update(records)
        .set({ sensitiveDetails: null, details: strip, identifiersPurgedAt: now })
        .where(
          inArray(
            records.id,
            due.map((row) => row.id),
          ),
        )
        .returning({ id: records.id, collegeId: records.collegeId });
      await writeAudits(
        tx,
        rows.map((row) => ({
          actorId: null,
          action: 'record.purge-patient-identifiers',
          entity: 'record',
          entityId: row.id,
          collegeId: row.collegeId,
          after: { identifiersPurgedAt: now.toISOString(), retentionMonths: options.months },
        })),
      );
      purged += rows.length;
      return due.length;
    });
    if (found < batch) return { purged, cutoff };
  }
}
