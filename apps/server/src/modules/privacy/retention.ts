import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { and, isNotNull, lt, sql } from 'drizzle-orm';
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

/**
 * Removes the patient identifiers of every entry verified more than `months` months before `now`
 * (issue 15, DPDP Rules 2025): its sealed sensitive details (patient name, contact number,
 * address; the deceased's name) and the patient names kept in `details` (a procedure's patient).
 * The clinical content stays. One transaction, one audit row per entry; run it again and it
 * finds nothing more. Returns how many entries lost their identifiers.
 */
export async function purgePatientIdentifiers(
  db: Database,
  options: { months: number; now?: Date },
): Promise<{ purged: number; cutoff: Date }> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - options.months);
  const purged = await db.transaction(async (tx) => {
    const touched = new Map<string, string>();
    const verifiedBefore = and(isNotNull(records.verifiedAt), lt(records.verifiedAt, cutoff));
    for (const kind of RECORD_KINDS) {
      const names = kind.fields.filter((f) => f.patientName && !f.sensitive).map((f) => f.name);
      if (names.length === 0) continue;
      const keys = sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      );
      const rows = await tx
        .update(records)
        .set({ details: sql`${records.details} - array[${keys}]::text[]`, identifiersPurgedAt: now })
        .where(
          and(
            verifiedBefore,
            sql`${records.kind} = ${kind.id}`,
            sql`${records.details} ?| array[${keys}]::text[]`,
          ),
        )
        .returning({ id: records.id, collegeId: records.collegeId });
      for (const row of rows) touched.set(row.id, row.collegeId);
    }
    const sealed = await tx
      .update(records)
      .set({ sensitiveDetails: null, identifiersPurgedAt: now })
      .where(and(verifiedBefore, isNotNull(records.sensitiveDetails)))
      .returning({ id: records.id, collegeId: records.collegeId });
    for (const row of sealed) touched.set(row.id, row.collegeId);
    await writeAudits(
      tx,
      [...touched].map(([id, collegeId]) => ({
        actorId: null,
        action: 'record.purge-patient-identifiers',
        entity: 'record',
        entityId: id,
        collegeId,
        after: { identifiersPurgedAt: now.toISOString(), retentionMonths: options.months },
      })),
    );
    return touched.size;
  });
  return { purged, cutoff };
}
