import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../test/files';
import { buildTestApp, createPlacement, createUser, login, type TestApp, uploadFile } from '../test/helpers';
import { newStorageKey } from './files';
import { S3FileStore, type S3Settings } from './s3-file-store';

// A real S3 protocol server on loopback (s3rver checks Signature V4 with its own key pair).
describe('S3-compatible file store', () => {
  let server: S3rver;
  let directory: string;
  let settings: S3Settings;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'pgel-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'pgel' }],
    });
    const address = await server.run();
    settings = {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: 'pgel',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
  });
  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('stores, reads back and removes bytes under a server-made key', async () => {
    const store = new S3FileStore(settings);
    const key = newStorageKey();
    await store.put(key, Buffer.from('certificate of attendance'));
    const stream = await store.open(key);
    expect(stream).not.toBeNull();
    expect(await text(stream as NonNullable<typeof stream>)).toBe('certificate of attendance');
    await store.remove(key);
    expect(await store.open(key)).toBeNull();
    // Removing what is gone is not an error.
    await expect(store.remove(key)).resolves.toBeUndefined();
  });

  it('never overwrites a stored file', async () => {
    const store = new S3FileStore(settings);
    const key = newStorageKey();
    await store.put(key, Buffer.from('first'));
    await expect(store.put(key, Buffer.from('second'))).rejects.toThrow(/already holds a file/);
    const stream = await store.open(key);
    expect(await text(stream as NonNullable<typeof stream>)).toBe('first');
  });

  it('sends signed requests: an unknown access key is refused by the store', async () => {
    // s3rver reads the access key from the V4 Authorization header (it does not recompute the
    // signature itself), so a refused unknown key shows the header is really there.
    const store = new S3FileStore({ ...settings, accessKeyId: 'NOT-A-KEY' });
    await expect(store.put(newStorageKey(), Buffer.from('x'))).rejects.toThrow(/S3 PUT .* failed: 403/);
  });

  it('refuses keys that are not server-made', async () => {
    const store = new S3FileStore(settings);
    await expect(store.open('../other-bucket/secret')).rejects.toThrow(/invalid storage key/);
  });

  describe('through the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ fileStore: new S3FileStore(settings) });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('an uploaded photo lands in the object store and downloads byte for byte', async () => {
      const placement = await createPlacement(t.db);
      const student = await createUser(t.db, { placement });
      const cookie = await login(t.app, student.email, student.password);
      const png = tinyPng();
      const upload = await uploadFile(t.app, 'profile_photo', { data: png, fileName: 'me.png' }, { cookie });
      expect(upload.statusCode).toBe(201);
      const url = (upload.json as { file: { url: string } }).file.url;
      const download = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.rawPayload.equals(png)).toBe(true);
    });
  });
});
