import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { integrationTokens, records } from '../../db/schema/index';
import {
  DATA_KEY_FILE,
  dataKeyId,
  isSealed,
  loadDataKey,
  newDataKey,
  openSecret,
  sealSecret,
} from '../../platform/data-key';
import { markSealedWith } from '../records/sensitive-details';

const CHUNK = 500;

/** Opens a stored value with the old key (or takes a not-yet-sealed JSON value as it is). */
function reseal(oldKey: Buffer, newKey: Buffer, stored: string, what: string): string {
  let plain: string;
  try {
    plain = isSealed(stored) ? openSecret(oldKey, stored) : stored;
  } catch {
    throw new Error(`${what} cannot be opened with the current data key: nothing was changed`);
  }
  return sealSecret(newKey, plain);
}

/**
 * Reseals every sealed value (records' patient identifiers, the CRM token) from `oldKey` to
 * `newKey` in one transaction: all or nothing. Returns how many of each were resealed.
 */
export async function resealAll(
  db: Database,
  oldKey: Buffer,
  newKey: Buffer,
): Promise<{ records: number; tokens: number }> {
  return db.transaction(async (tx) => {
    // No record is written with the old key while this runs (the app servers should be stopped).
    await tx.execute(sql`lock table ${records} in share row exclusive mode`);
    const rows = await tx
      .select({ id: records.id, stored: records.sensitiveDetails })
      .from(records)
      .where(isNotNull(records.sensitiveDetails));
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map((row) => {
        const sealed = reseal(oldKey, newKey, row.stored ?? '', `The patient details of record ${row.id}`);
        return sql`(${row.id}::uuid, ${sealed})`;
      });
      await tx.execute(sql`
        update records set sensitive_details = v.sealed
        from (values ${sql.join(values, sql`, `)}) as v(id, sealed)
        where records.id = v.id`);
    }
    const tokens = await tx.select().from(integrationTokens).for('update');
    for (const token of tokens) {
      await tx
        .update(integrationTokens)
        .set({ sealedToken: reseal(oldKey, newKey, token.sealedToken, `The ${token.provider} token`) })
        .where(eq(integrationTokens.provider, token.provider));
    }
    await markSealedWith(tx, newKey);
    return { records: rows.length, tokens: tokens.length };
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
  print: (line: string) => void;
}): Promise<{ oldKeyId: string; newKeyId: string; records: number; tokens: number; newKey: Buffer }> {
  const fromEnv = options.dataKey !== undefined && options.dataKey.trim() !== '';
  const oldKey = loadDataKey({ dataKey: options.dataKey, dataDir: options.dataDir });
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
    counts = await resealAll(options.db, oldKey, newKey);
  } catch (err) {
    if (!fromEnv) rmSync(next, { force: true });
    throw err;
  }
  const oldKeyId = dataKeyId(oldKey);
  const newKeyId = dataKeyId(newKey);
  if (!fromEnv) {
    const retired = `${file}.retired-${oldKeyId}`;
    renameSync(file, retired);
    chmodSync(retired, 0o600);
    renameSync(next, file);
    options.print(`The new key is in ${file}; the old one is kept as ${retired} (for older backups).`);
  }
  options.print(
    `Data key rotated (${oldKeyId} -> ${newKeyId}): ${counts.records} records and ${counts.tokens} tokens resealed.`,
  );
  return { oldKeyId, newKeyId, newKey, ...counts };
}
