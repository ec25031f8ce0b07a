import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PAGE_BOOTSTRAP_ELEMENT_ID } from '@pgel/shared/page-bootstrap';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, freshIp, get, login, post, type TestApp } from '../test/helpers';
import { CACHE_CONTROL } from './web-app';

// A tiny build as Vite and apps/web/scripts/compress.mjs leave it: hashed files under assets/
// with .br and .gz copies, index.html (also compressed), a small file too short to compress,
// and a file outside the build that no request may reach.
const SCRIPT = `export const greeting = 'hello';\n${'console.log("a line of the app");\n'.repeat(80)}`;
const STYLE = `.card { color: teal; }\n${'.row { margin: 0; padding: 4px; }\n'.repeat(60)}`;
const INDEX = `<!doctype html><html><head><title>PG e-Logbook</title><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>';
const SECRET = 'not for the web: DATABASE_URL=postgres://admin:hunter2@db';
// vite-plugin-pwa's output (issue 29): the service worker and the manifest, at the root under
// fixed names, and Workbox's runtime, named after its content.
const SERVICE_WORKER = `importScripts('/workbox-5d1c2a9e.js');\n${'self.precache({url:"assets/app-Ab12Cd34.js"});\n'.repeat(40)}`;
const MANIFEST = JSON.stringify({ name: 'PG e-Logbook', start_url: '/dashboard', display: 'standalone' });

const BOOTSTRAP = new RegExp(
  `<script type="application/json" id="${PAGE_BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`,
);

/** The page without what the server adds for its first draw (platform/page-bootstrap.ts). */
const withoutBootstrap = (html: string) => html.replace(BOOTSTRAP, '');
const bootstrapOf = (html: string): unknown => JSON.parse(html.match(BOOTSTRAP)?.[1] ?? 'null');

function writeCompressed(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

describe('serving the built web app', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pgel-web-app-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeCompressed(path.join(dist, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
    writeCompressed(path.join(dist, 'assets', 'app-Ef56Gh78.css'), STYLE);
    writeFileSync(path.join(dist, 'assets', 'tiny-Zz99Yy88.js'), 'export {};\n');
    writeCompressed(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'favicon.svg'), FAVICON);
    writeCompressed(path.join(dist, 'sw.js'), SERVICE_WORKER);
    writeFileSync(path.join(dist, 'workbox-5d1c2a9e.js'), 'self.workbox = {};\n');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
    // Vite's build manifest: read by the server, never sent.
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(path.join(root, 'secret.txt'), SECRET);
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  function request(url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') {
    return t.app.inject({
      method,
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  }

  it('sends the brotli copy to a browser that accepts it, with the file’s own type', async () => {
    // What Chromium sends.
    const response = await request('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    const plain = await request('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-type']).toBe(response.headers['content-type']);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await request('/assets/app-Ef56Gh78.css', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(STYLE);

    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await request('/assets/app-Ef56Gh78.css', acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body).toBe(STYLE);
    }
  });

  it('sends a file with no compressed copy as it is', async () => {
    const response = await request('/assets/tiny-Zz99Yy88.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });

  it('lets browsers keep hashed assets for a year, revalidate pages, and keep other files briefly', async () => {
    for (const url of ['/assets/app-Ab12Cd34.js', '/assets/app-Ef56Gh78.css', '/assets/tiny-Zz99Yy88.js']) {
      for (const acceptEncoding of ['br', 'gzip', undefined]) {
        const response = await request(url, acceptEncoding);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
    const favicon = await request('/favicon.svg', 'br');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe(CACHE_CONTROL.other);
    expect(favicon.headers['cache-control']).toMatch(/^public, max-age=\d{1,4}$/);

    const index = await request('/index.html', 'br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(INDEX);
  });

  it('has browsers ask again for the service worker and the manifest, at the root scope', async () => {
    const worker = await request('/sw.js', 'gzip, deflate, br');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe(SERVICE_WORKER);
    const plainWorker = await request('/sw.js');
    expect(plainWorker.headers['cache-control']).toBe('no-cache');
    expect(plainWorker.body).toBe(SERVICE_WORKER);
    // Served from the root, it controls every page; no header widens or narrows that.
    expect(worker.headers['service-worker-allowed']).toBeUndefined();

    const manifest = await request('/manifest.webmanifest', 'br');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual(JSON.parse(MANIFEST));

    // Workbox's runtime is named after its content: kept like the other root files.
    const runtime = await request('/workbox-5d1c2a9e.js', 'br');
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['cache-control']).toBe(CACHE_CONTROL.other);
    // A worker of another name is not the page: 404, never index.html.
    const missing = await request('/service-worker.js', 'br');
    expect(missing.statusCode).toBe(404);
  });

  it('answers client routes with index.html, compressed and never cached without asking', async () => {
    const settings = (await request('/api/v1/settings/public')).json();
    for (const url of ['/', '/login', '/dashboard', '/verify/some-token?x=1', '/t&c']) {
      const response = await request(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
      const html = brotliDecompressSync(response.rawPayload).toString();
      // The page as built, holding the public settings for its first draw (issue 29).
      expect(withoutBootstrap(html)).toBe(INDEX);
      expect(bootstrapOf(html)).toEqual({ publicSettings: settings });
    }
    const gzipped = await request('/login', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(withoutBootstrap(gunzipSync(gzipped.rawPayload).toString())).toBe(INDEX);
    const plain = await request('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(withoutBootstrap(plain.body)).toBe(INDEX);
  });

  it('sends a signed-in user’s page with their /auth/me answer, for their browser only', async () => {
    const user = await createUser(t.db, { role: 'master' });
    const cookie = await login(t.app, user.email, user.password, 'staff', { remoteAddress: freshIp() });
    const me = await get(t.app, '/api/v1/auth/me', { cookie });
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(bootstrapOf(page.body)).toMatchObject({ user: (me.json as { user: unknown }).user });
    // A session that has ended gets the page of a visitor.
    await post(t.app, '/api/v1/auth/logout', undefined, { cookie });
    const after = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(bootstrapOf(after.body)).not.toHaveProperty('user');
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await request('/login', 'br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers HEAD like GET without a body', async () => {
    const asset = await request('/assets/app-Ab12Cd34.js', 'br', 'HEAD');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe(CACHE_CONTROL.hashed);
    expect(asset.body).toBe('');
    const page = await request('/dashboard', 'br', 'HEAD');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe('');
  });

  it('keeps the API’s JSON 404, also for other methods on page paths and for missing files', async () => {
    const api = await request('/api/v1/no-such-thing?x=1', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'not_found', message: 'Route GET /api/v1/no-such-thing not found' });
    const post = await request('/dashboard', undefined, 'POST');
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ code: 'not_found', message: 'Route POST /dashboard not found' });
    // A stale chunk name after a release is gone, not the page: a script must not get HTML.
    for (const url of [
      '/assets/app-Old00000.js',
      '/assets/',
      '/robots.txt',
      '/logo.png',
      '/.vite/manifest.json',
    ]) {
      const missing = await request(url, 'br');
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ code: 'not_found', message: `Route GET ${url} not found` });
    }
  });

  describe('over a real socket (paths exactly as sent, nothing normalised)', () => {
    let base: { host: string; port: number };
    let server: FastifyInstance;

    beforeAll(async () => {
      server = t.app;
      await server.listen({ port: 0, host: '127.0.0.1' });
      const address = server.server.address() as AddressInfo;
      base = { host: address.address, port: address.port };
    });

    function raw(rawPath: string): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const req = http.request({ ...base, path: rawPath, method: 'GET' }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    }

    it('refuses paths that climb out of the build folder', async () => {
      for (const rawPath of [
        '/../secret.txt',
        '/assets/../../secret.txt',
        '/%2e%2e/secret.txt',
        '/assets/%2e%2e/%2e%2e/secret.txt',
        '/..%2fsecret.txt',
        '/assets/..%5c..%5csecret.txt',
        '/%2e%2e%2f%2e%2e%2fsecret',
      ]) {
        const response = await raw(rawPath);
        expect(response.body, rawPath).not.toContain('hunter2');
        expect(response.status, rawPath).toBe(404);
        expect(JSON.parse(response.body)).toMatchObject({ code: 'not_found' });
      }
      // A NUL is refused before any route looks at the path (input guard or here).
      const nul = await raw('/..%00/secret.txt');
      expect(nul.body).not.toContain('hunter2');
      expect([400, 404]).toContain(nul.status);
      expect((await raw('/login')).status).toBe(200);
    });
  });
});

describe('the build’s compress script', () => {
  it('writes a brotli and a gzip copy of every text file over 1 KB, and of nothing else', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'pgel-compress-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'assets', 'big-Ab12Cd34.js'), SCRIPT);
      writeFileSync(path.join(dist, 'index.html'), INDEX);
      writeFileSync(path.join(dist, 'favicon.svg'), FAVICON);
      writeFileSync(path.join(dist, 'logo.png'), Buffer.alloc(4096, 7));
      const here = path.dirname(fileURLToPath(import.meta.url));
      const script = path.resolve(here, '../../../web/scripts/compress.mjs');
      execFileSync(process.execPath, [script, dist], { stdio: 'pipe' });

      for (const file of ['assets/big-Ab12Cd34.js', 'index.html']) {
        const original = readFileSync(path.join(dist, file));
        expect(brotliDecompressSync(readFileSync(path.join(dist, `${file}.br`)))).toEqual(original);
        expect(gunzipSync(readFileSync(path.join(dist, `${file}.gz`)))).toEqual(original);
      }
      // Too small to gain anything, or not text.
      for (const file of ['favicon.svg', 'logo.png']) {
        expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(false);
        expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(false);
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
