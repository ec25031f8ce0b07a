import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_KEY_FILE,
  dataKeyId,
  dataKeyRing,
  loadDataKey,
  loadDataKeyRing,
  openSecret,
  sealedKeyId,
  sealSecret,
} from './data-key';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgel-data-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadDataKey', () => {
  it('takes DATA_KEY when it is base64 of 32 bytes, and writes no file', () => {
    const key = randomBytes(32);
    const dir = tempDir();
    expect(loadDataKey({ dataKey: key.toString('base64'), dataDir: dir }).equals(key)).toBe(true);
    expect(() => statSync(path.join(dir, DATA_KEY_FILE))).toThrow();
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['not base64', `${randomBytes(32).toString('base64').slice(0, 40)}!!!=`],
    ['hex of 32 bytes', randomBytes(32).toString('hex')],
  ])('refuses a DATA_KEY of %s with a message naming DATA_KEY', (_label, dataKey) => {
    expect(() => loadDataKey({ dataKey, dataDir: tempDir() })).toThrow(/DATA_KEY/);
  });

  it('without DATA_KEY creates DATA_DIR/data.key once (mode 0600, folders made) and reuses it', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const first = loadDataKey({ dataKey: undefined, dataDir: dir });
    expect(first.length).toBe(32);
    const file = path.join(dir, DATA_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    const again = loadDataKey({ dataKey: '', dataDir: dir });
    expect(again.equals(first)).toBe(true);
  });

  it('refuses a damaged key file rather than replacing it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, DATA_KEY_FILE), 'c2hvcnQ=\n');
    expect(() => loadDataKey({ dataKey: undefined, dataDir: dir })).toThrow(/data\.key.*DATA_KEY/);
    expect(readFileSync(path.join(dir, DATA_KEY_FILE), 'utf8')).toBe('c2hvcnQ=\n');
  });
});

describe('sealSecret / openSecret', () => {
  const key = randomBytes(32);

  it('round-trips text (unicode included) and never shows the plaintext', () => {
    for (const secret of ['', 'token-1000.abc', 'Dr. Ünal — पासवर्ड', 'x'.repeat(5000)]) {
      const sealed = sealSecret(key, secret);
      expect(sealed.startsWith(`v2:${dataKeyId(key)}:`)).toBe(true);
      expect(sealedKeyId(sealed)).toBe(dataKeyId(key));
      if (secret) expect(sealed).not.toContain(secret);
      expect(openSecret(key, sealed)).toBe(secret);
    }
  });

  it('uses a fresh IV each time: the same secret seals differently', () => {
    expect(sealSecret(key, 'same')).not.toBe(sealSecret(key, 'same'));
  });

  it('refuses another key', () => {
    expect(() => openSecret(randomBytes(32), sealSecret(key, 'secret'))).toThrow(/cannot be opened/);
  });

  it('refuses any changed byte: IV, tag or ciphertext', () => {
    const sealed = sealSecret(key, 'a refresh token');
    const header = sealed.slice(0, 20);
    const raw = Buffer.from(sealed.slice(20), 'base64');
    for (const index of [0, 11, 12, 27, 28, raw.length - 1]) {
      const changed = Buffer.from(raw);
      changed[index] = (changed[index] ?? 0) ^ 0x01;
      expect(() => openSecret(key, `${header}${changed.toString('base64')}`)).toThrow(/cannot be opened/);
    }
  });

  it('refuses values not in the format', () => {
    for (const bad of [
      '',
      'v1:',
      'v2:AAAA',
      'plain text',
      `v1:${Buffer.alloc(20).toString('base64')}`,
      'v1:@@@',
    ]) {
      expect(() => openSecret(key, bad)).toThrow(/cannot be opened/);
    }
  });

  it('refuses a changed key id, and tells keys apart by their id', () => {
    const sealed = sealSecret(key, 'secret');
    const otherId = dataKeyId(randomBytes(32));
    expect(otherId).not.toBe(dataKeyId(key));
    expect(() => openSecret(key, `v2:${otherId}:${sealed.slice(20)}`)).toThrow(/cannot be opened/);
  });

  it("still opens the first format ('v1:', no key id)", () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    const ciphertext = Buffer.concat([cipher.update('old token', 'utf8'), cipher.final()]);
    const v1 = `v1:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    expect(openSecret(key, v1)).toBe('old token');
    expect(sealedKeyId(v1)).toBeNull();
  });

  it('refuses a key of the wrong length', () => {
    expect(() => sealSecret(randomBytes(16), 'x')).toThrow(/32 bytes/);
  });
});

describe('the data key ring', () => {
  it('opens each value with the key its header names; seals with the current key only', () => {
    const current = randomBytes(32);
    const retired = randomBytes(32);
    const ring = dataKeyRing(current, [retired, current]);
    expect(ring.ids).toEqual([dataKeyId(current), dataKeyId(retired)]);
    expect(ring.open(sealSecret(retired, 'sealed by a server still on the old key'))).toBe(
      'sealed by a server still on the old key',
    );
    expect(ring.open(sealSecret(current, 'new'))).toBe('new');
    expect(() => ring.open(sealSecret(randomBytes(32), 'other'))).toThrow(/cannot be opened/);
    // The first format names no key: each key of the ring is tried.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', retired, iv, { authTagLength: 16 });
    const body = Buffer.concat([cipher.update('v1 token', 'utf8'), cipher.final()]);
    expect(ring.open(`v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`)).toBe(
      'v1 token',
    );
  });

  it('loads the retired keys from DATA_DIR/data.key.retired-<id> and DATA_KEY_RETIRED', () => {
    const dir = tempDir();
    const current = loadDataKey({ dataKey: undefined, dataDir: dir });
    const filed = randomBytes(32);
    const fromEnv = randomBytes(32);
    writeFileSync(
      path.join(dir, `${DATA_KEY_FILE}.retired-${dataKeyId(filed)}`),
      `${filed.toString('base64')}\n`,
    );
    writeFileSync(path.join(dir, `${DATA_KEY_FILE}.next`), 'not a key of the ring\n');
    const ring = loadDataKeyRing({
      dataKey: undefined,
      dataDir: dir,
      retiredKeys: ` ${fromEnv.toString('base64')} ,`,
    });
    expect(ring.current.equals(current)).toBe(true);
    expect([...ring.ids].sort()).toEqual([dataKeyId(current), dataKeyId(filed), dataKeyId(fromEnv)].sort());
    expect(ring.open(sealSecret(filed, 'a'))).toBe('a');
    expect(ring.open(sealSecret(fromEnv, 'b'))).toBe('b');
    // With DATA_KEY and no DATA_DIR yet: the ring is DATA_KEY and DATA_KEY_RETIRED.
    const envOnly = loadDataKeyRing({
      dataKey: current.toString('base64'),
      dataDir: path.join(dir, 'missing'),
      retiredKeys: undefined,
    });
    expect(envOnly.ids).toEqual([dataKeyId(current)]);
  });

  it('refuses a DATA_KEY_RETIRED entry or a retired key file that is not a key, naming it', () => {
    const dir = tempDir();
    expect(() => loadDataKeyRing({ dataKey: undefined, dataDir: dir, retiredKeys: 'c2hvcnQ=' })).toThrow(
      /DATA_KEY_RETIRED/,
    );
    writeFileSync(path.join(dir, `${DATA_KEY_FILE}.retired-0123456789abcdef`), 'c2hvcnQ=\n');
    expect(() => loadDataKeyRing({ dataKey: undefined, dataDir: dir })).toThrow(
      /data\.key\.retired-0123456789abcdef/,
    );
  });
});
