import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that seals secrets the server stores (the CRM's OAuth token now; patient data later):
 * AES-256-GCM, so a sealed value read from a database dump or backup is useless without the key,
 * and a value changed in the database is refused rather than decrypted to garbage.
 */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first format (no key id); still opened, never written. */
const V1_PREFIX = 'v1:';
/** The format written now: 'v2:' + the key's id + ':' + base64(iv | tag | ciphertext). */
const V2_PREFIX = 'v2:';
const KEY_ID = /^[0-9a-f]{16}$/;
export const DATA_KEY_FILE = 'data.key';
/** A key rotation replaced: DATA_DIR/data.key.retired-<key id> (written by rotate-data-key). */
export const RETIRED_KEY_PREFIX = `${DATA_KEY_FILE}.retired-`;

// Strict base64 (standard or URL-safe alphabet): Buffer.from(…, 'base64') silently skips any
// other character, which would turn a mistyped key into a different, shorter key.
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = BASE64.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${source} must be the base64 encoding of exactly ${KEY_BYTES} random bytes ` +
        `(for example: node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")`,
    );
  }
  return key;
}

function isCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

/**
 * The data key: DATA_KEY (base64 of 32 bytes) when set; otherwise DATA_DIR/data.key, generated
 * on first start (mode 0600). Several app servers on one database must share the key, so they
 * set DATA_KEY (or share DATA_DIR); losing the key loses every sealed value.
 */
export function loadDataKey(options: { dataKey: string | undefined; dataDir: string }): Buffer {
  if (options.dataKey !== undefined && options.dataKey.trim() !== '') {
    return decodeKey(options.dataKey, 'DATA_KEY');
  }
  const file = path.join(options.dataDir, DATA_KEY_FILE);
  const describeFile = `The data key file ${file} (or set DATA_KEY)`;
  try {
    return decodeKey(readFileSync(file, 'utf8'), describeFile);
  } catch (err) {
    if (!isCode(err, 'ENOENT')) throw err;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': never overwrite a key another process wrote a moment ago (two servers starting at once).
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if (!isCode(err, 'EEXIST')) throw err;
    return decodeKey(readFileSync(file, 'utf8'), describeFile);
  }
}

function checkKey(key: Buffer) {
  if (key.length !== KEY_BYTES) throw new Error(`the data key must be ${KEY_BYTES} bytes`);
}

/**
 * A key's public fingerprint: the first 8 bytes of SHA-256 of the key, in hex. Stored with every
 * sealed value, so key rotation (and an operator) can tell which key sealed it; it reveals
 * nothing usable about the key.
 */
export function dataKeyId(key: Buffer): string {
  checkKey(key);
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** The id of the key that sealed a value ('v2:'), or null for the older format or a non-sealed value. */
export function sealedKeyId(sealed: string): string | null {
  if (!sealed.startsWith(V2_PREFIX)) return null;
  const id = sealed.slice(V2_PREFIX.length, V2_PREFIX.length + 16);
  return KEY_ID.test(id) && sealed[V2_PREFIX.length + 16] === ':' ? id : null;
}

/** Whether a stored text is in a sealed format (either version). */
export function isSealed(value: string): boolean {
  return value.startsWith(V1_PREFIX) || sealedKeyId(value) !== null;
}

/**
 * Seals a secret: 'v2:<key id>:' + base64(iv | tag | ciphertext), a fresh random IV each time;
 * the header is authenticated too (GCM additional data), so a changed key id is refused.
 */
export function sealSecret(key: Buffer, plaintext: string): string {
  const header = `${V2_PREFIX}${dataKeyId(key)}:`;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(header, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return header + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/**
 * Opens a value sealed by sealSecret (or by the first format, 'v1:'). Throws when it was sealed
 * with another key, is not in the format, or was changed in any way (the GCM tag does not match).
 */
export function openSecret(key: Buffer, sealed: string): string {
  checkKey(key);
  const refused = new Error('The sealed value cannot be opened: wrong key, or it was altered');
  let header: string;
  if (sealed.startsWith(V1_PREFIX)) header = V1_PREFIX;
  else if (sealedKeyId(sealed) !== null) header = sealed.slice(0, V2_PREFIX.length + 17);
  else throw refused;
  const body = sealed.slice(header.length);
  if (!BASE64.test(body)) throw refused;
  const raw = Buffer.from(body, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw refused;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (header !== V1_PREFIX) decipher.setAAD(Buffer.from(header, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw refused;
  }
}

/** A new random data key (for rotation). */
export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/**
 * The keys a server opens sealed values with: the current key (which seals every new value) and
 * the retired ones, each value opened with the key its 'v2:<key id>:' header names. A server
 * still running with the old key after `npm run rotate-data-key` seals new rows with it; once
 * restarted with the new key it opens them with the retired one.
 */
export type DataKeyRing = {
  readonly current: Buffer;
  /** The ids of every key in the ring, the current one first. */
  readonly ids: readonly string[];
  /** Opens a value sealed with any key of the ring (openSecret's errors otherwise). */
  open(sealed: string): string;
};

/** A ring of `current` and `retired` keys (duplicates and the current key among them ignored). */
export function dataKeyRing(current: Buffer, retired: readonly Buffer[] = []): DataKeyRing {
  const byId = new Map<string, Buffer>([[dataKeyId(current), current]]);
  for (const key of retired) if (!byId.has(dataKeyId(key))) byId.set(dataKeyId(key), key);
  const keys = [...byId.values()];
  return {
    current,
    ids: [...byId.keys()],
    open(sealed: string): string {
      const id = sealedKeyId(sealed);
      if (id !== null) return openSecret(byId.get(id) ?? current, sealed);
      // The first format names no key: the current key first, then each retired one.
      let error: unknown;
      for (const key of keys) {
        try {
          return openSecret(key, sealed);
        } catch (err) {
          error = err;
        }
      }
      throw error;
    },
  };
}

/** Where a ring is wanted: a plain key is a ring of that key alone. */
export function asKeyRing(key: Buffer | DataKeyRing): DataKeyRing {
  return Buffer.isBuffer(key) ? dataKeyRing(key) : key;
}

/**
 * The data key ring: the current key as `loadDataKey` finds it, and the retired keys from the
 * files DATA_DIR/data.key.retired-<id> that rotation keeps and from DATA_KEY_RETIRED
 * (comma-separated base64 keys, for servers that take their key from DATA_KEY).
 */
export function loadDataKeyRing(options: {
  dataKey: string | undefined;
  dataDir: string;
  retiredKeys?: string | undefined;
}): DataKeyRing {
  const current = loadDataKey(options);
  const retired: Buffer[] = [];
  for (const [i, text] of (options.retiredKeys ?? '').split(',').entries()) {
    if (text.trim() !== '') retired.push(decodeKey(text, `DATA_KEY_RETIRED (key ${i + 1})`));
  }
  let names: string[] = [];
  try {
    names = readdirSync(options.dataDir);
  } catch (err) {
    if (!isCode(err, 'ENOENT')) throw err;
  }
  for (const name of names.filter((n) => n.startsWith(RETIRED_KEY_PREFIX)).sort()) {
    const file = path.join(options.dataDir, name);
    retired.push(decodeKey(readFileSync(file, 'utf8'), `The retired data key file ${file}`));
  }
  return dataKeyRing(current, retired);
}
