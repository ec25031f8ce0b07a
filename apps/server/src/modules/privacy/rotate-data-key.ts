import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { integrationTokens, records } from '../../db/schema/index';
import {
  asKeyRing,
  DATA_KEY_FILE,
  type DataKeyRing,
  dataKeyId,
  isSealed,
  loadDataKeyRing,
  newDataKey,
  RETIRED_KEY_PREFIX,
  sealSecret,
} from '../../platform/data-key';
import { markSealedWith } from '../records/sensitive-details';

/** Rows read, resealed and written back at a time (never the whole table in memory). */
export const RESEAL_BATCH = 1000;

/** Opens a stored value with the old ring (or takes a not-yet-sealed JSON value as it is). */
function reseal(oldKeys: DataKeyRing, newKey: Buffer, stored: string, what: string): string {
  let plain: string;
  try {
    plain = isSealed(stored) ? oldKeys.open(stored) : stored;
  } catch {
    throw new Error(`${what} cannot be opened with the current data key: nothing was changed`);
  }
  return sealSecret(newKey, plain);
}

/**
 * Reseals every sealed value (records' patient identifiers, the CRM token) from the old key (or
 * any key of its ring) to `newKey` in one transaction: all or nothing. The records are read in
 * keyset batches of `batch` ids, so the table is never held in memory. Returns how many of each
 * were resealed.
 */
export async function resealAll(
  db: Database,
  oldKey: Buffer | DataKeyRing,
  newKey: Buffer,
  batch = RESEAL_BATCH,
): Promise<{ records: number; tokens: number }> {
  const oldKeys = asKeyRing(oldKey);
  return db.transaction(async (tx) => {
    // No record is written with the old key while this runs (the app servers should be stopped).
    await tx.execute(sql`lock table ${records} in share row exclusive mode`);
    let resealed = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await tx
        .select({ id: records.id, stored: records.sensitiveDetails })
        .from(records)
        .where(and(gt(records.id, after), isNotNull(records.sensitiveDetails)))
        .orderBy(asc(records.id))
        .limit(batch);
      if (rows.length === 0) break;
      const values = rows.map((row) => {
        const sealed = reseal(oldKeys, newKey, row.stored ?? '', `The patient details of record ${row.id}`);
        return sql`(${row.id}::uuid, ${sealed})`;
      });
      await tx.execute(sql`
        update records set sensitive_details = v.sealed
        from (values ${sql.join(values, sql`, `)}) as v(id, sealed)
        where records.id = v.id`);
      resealed += rows.length;
      after = rows[rows.length - 1]?.id ?? after;
      if (rows.length < batch) break;
    }
    const tokens = await tx.select().from(integrationTokens).for('update');
    for (const token of tokens) {
      await tx
        .update(integrationTokens)
        .set({ sealedToken: reseal(oldKeys, newKey, token.sealedToken, `The ${token.provider} token`) })
        .where(eq(integrationTokens.provider, token.provider));
    }
    await markSealedWith(tx, newKey);
    return { records: resealed, tokens: tokens.length };
  });
}

/**
 * `npm run rotate-data-key`: a new data key; every sealed value resealed with it in one
 * transaction. With DATA_KEY from the environment the new key is printed (before the commit, so
 * it cannot be lost) for the operator to set; otherwise it replaces DATA_DIR/data.key (written
 * beside it first, moved into place after the commit) and the old key is kept as
 * data.key.retired-<key id> for backups made before the rotation. Stop the app servers first.
 */
export async function rotateDataKey(options: {
  db: Database;
  dataKey: string | undefined;
  dataDir: string;
  /** DATA_KEY_RETIRED (comma-separated base64 keys). */
  retiredKeys?: string | undefined;
  print: (line: string) => void;
  /** Records resealed at a time (tests use a small one). */
  batch?: number;
}): Promise<{ oldKeyId: string; newKeyId: string; records: number; tokens: number; newKey: Buffer }> {
  const fromEnv = options.dataKey !== undefined && options.dataKey.trim() !== '';
  const oldKeys = loadDataKeyRing({
    dataKey: options.dataKey,
    dataDir: options.dataDir,
    retiredKeys: options.retiredKeys,
  });
  const oldKey = oldKeys.current;
  const newKey = newDataKey();
  const encoded = newKey.toString('base64');
  const file = path.join(options.dataDir, DATA_KEY_FILE);
  const next = `${file}.next`;
  if (fromEnv) {
    options.print(`New DATA_KEY (set it before restarting; keep it safe): ${encoded}`);
  } else {
    writeFileSync(next, `${encoded}\n`, { mode: 0o600 });
  }
  let counts: { records: number; tokens: number };
  try {
    counts = await resealAll(options.db, oldKeys, newKey, options.batch);
  } catch (err) {
    if (!fromEnv) rmSync(next, { force: true });
    throw err;
  }
  const oldKeyId = dataKeyId(oldKey);
  const newKeyId = dataKeyId(newKey);
  if (!fromEnv) {
    const retired = path.join(options.dataDir, `${RETIRED_KEY_PREFIX}${oldKeyId}`);
    renameSync(file, retired);
    chmodSync(retired, 0o600);
    renameSync(next, file);
    options.print(
      `The new key is in ${file}; the old one is kept as ${retired} (for older backups, and for rows ` +
        'a server still running with it seals until it is restarted).',
    );
  } else {
    options.print(
      'Keep the old DATA_KEY in DATA_KEY_RETIRED (comma-separated) when you restart: rows a server still ' +
        'running with it seals until then open only with it.',
    );
  }
  options.print(
    `Data key rotated (${oldKeyId} -> ${newKeyId}): ${counts.records} records and ${counts.tokens} tokens resealed.`,
  );
  return { oldKeyId, newKeyId, newKey, ...counts };
}
