import { and, asc, eq, gt, isNotNull, like, notLike, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { records, settings } from '../../db/schema/index';
import {
  asKeyRing,
  DATA_KEY_FILE,
  type DataKeyRing,
  dataKeyId,
  isSealed,
  sealedKeyId,
  sealSecret,
} from '../../platform/data-key';
import { asDetails, type Details } from './record-rows';

/**
 * A record's patient identifiers at rest (issue 15): the kind's `sensitive` values as JSON,
 * sealed with the data key (AES-256-GCM with the key's id, platform/data-key.ts). Nothing writes
 * or reads `records.sensitive_details` except through these.
 */
/** The data key (or ring): either is accepted wherever one is passed. */
export type DataKeys = Buffer | DataKeyRing;

/** Seals a record's identifiers with the current key (null for none). */
export function sealDetails(key: DataKeys, details: Details): string | null {
  return Object.keys(details).length > 0 ? sealSecret(asKeyRing(key).current, JSON.stringify(details)) : null;
}

/** A stored value that is not sealed, as the details it holds (not JSON: the text itself). */
function plainDetails(stored: string): Details {
  try {
    return asDetails(JSON.parse(stored));
  } catch {
    return { value: stored };
  }
}

/**
 * The identifiers a stored value holds: {} for none. Opened with the ring's key its header names;
 * a value not sealed at all (plain JSON written by an older server during a rolling upgrade) is
 * taken as it is, and sealed by the next start. Throws on a sealed value no key opens.
 */
export function openDetails(key: DataKeys, stored: unknown): Details {
  if (typeof stored !== 'string' || stored === '') return {};
  if (!isSealed(stored)) return plainDetails(stored);
  return asDetails(JSON.parse(asKeyRing(key).open(stored)));
}

// The key each open database's records are sealed with in this process: test fixtures that write
// record rows straight into the table seal them as the app would (test/helpers.ts).
const keys = new WeakMap<object, DataKeys>();

export function rememberDataKey(db: Database, key: DataKeys): void {
  keys.set(db, key);
}

export function dataKeyOf(db: Database): DataKeys | undefined {
  return keys.get(db);
}

const BATCH = 500;

/**
 * Seals every row still holding its identifiers as plain JSON (rows written before issue 15,
 * when the column was jsonb), a batch at a time, each batch in its own transaction with the rows
 * locked. Idempotent: a sealed row is never touched again. Returns how many rows it sealed.
 */
export async function sealPlaintextSensitiveDetails(db: Database, key: DataKeys): Promise<number> {
  let sealed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: records.id, stored: records.sensitiveDetails })
        .from(records)
        .where(
          and(
            gt(records.id, after),
            isNotNull(records.sensitiveDetails),
            notLike(records.sensitiveDetails, 'v1:%'),
            notLike(records.sensitiveDetails, 'v2:%'),
          ),
        )
        .orderBy(asc(records.id))
        .limit(BATCH)
        // Sealing rewrites a column, never the key: no wait on rows that reference the record.
        .for('no key update');
      for (const row of rows) {
        if (row.stored === null || isSealed(row.stored)) continue;
        await writePlain(tx, key, row.id, row.stored);
        sealed += 1;
      }
      const last = rows.at(-1);
      if (last) after = last.id;
      return rows.length < BATCH;
    });
    if (done) return sealed;
  }
}

async function writePlain(tx: Executor, key: DataKeys, id: string, plain: string) {
  // Not JSON: the text itself is kept, sealed, rather than lost.
  const details = plainDetails(plain);
  await tx
    .update(records)
    .set({ sensitiveDetails: sealDetails(key, details) })
    .where(sql`${records.id} = ${id}`);
}

/**
 * What the start knows about the sealed values, in `settings` so that a start costs one row
 * read, not a scan of `records` (20 million rows at national scale): the id of the key they are
 * sealed with, and that no plaintext row is left. Key rotation updates it in its transaction.
 */
export const PATIENT_DATA_KEY_SETTING = 'patient_data_key';

type KeyMarker = { keyId: string };

function keyMismatch(id: string, sealedWith: string): Error {
  return new Error(
    `The data key (id ${id}) is not the key the patient details were sealed with (id ${sealedWith}): ` +
      'set DATA_KEY to that key, or restore DATA_DIR/data.key from your backup (README, "Data key"). ' +
      `If a key rotation stopped part way and left DATA_DIR/${DATA_KEY_FILE}.next, that file holds the ` +
      `new key: move it to DATA_DIR/${DATA_KEY_FILE} (or set DATA_KEY to it).`,
  );
}

/** Records (in `tx`) that every sealed value is now sealed with `key`. */
export async function markSealedWith(tx: Executor, key: Buffer): Promise<void> {
  const value: KeyMarker = { keyId: dataKeyId(key) };
  await tx
    .insert(settings)
    .values({ key: PATIENT_DATA_KEY_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * The server's start (issue 15): refuses a data key ring that holds none of the keys the stored
 * patient details were sealed with (a lost or mistyped DATA_KEY would otherwise show as errors on
 * every record); a marker naming a retired key of the ring is accepted (rotation owns the marker).
 * The first start after the upgrade also checks the rows themselves and seals any row still in
 * plaintext. Returns how many rows it sealed.
 */
export async function prepareSensitiveDetails(db: Database, keys: DataKeys): Promise<number> {
  const ring = asKeyRing(keys);
  const id = dataKeyId(ring.current);
  const [marker] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, PATIENT_DATA_KEY_SETTING));
  const known = marker?.value as Partial<KeyMarker> | undefined;
  if (typeof known?.keyId === 'string') {
    if (!ring.ids.includes(known.keyId)) throw keyMismatch(id, known.keyId);
    return 0;
  }
  const [other] = await db
    .select({ stored: records.sensitiveDetails })
    .from(records)
    .where(
      and(
        like(records.sensitiveDetails, 'v2:%'),
        ...ring.ids.map((known) => notLike(records.sensitiveDetails, `v2:${known}:%`)),
      ),
    )
    .limit(1);
  if (other?.stored) throw keyMismatch(id, sealedKeyId(other.stored) ?? 'unknown');
  const sealed = await sealPlaintextSensitiveDetails(db, ring);
  await markSealedWith(db, ring.current);
  return sealed;
}
