import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  post,
  type TestApp,
  type TestResponse,
} from '../test/helpers';
import { SESSION_COOKIE } from './session';

// Issue 15: the security headers of API answers and of the served web app, and the flags of the
// session cookie, on an http:// APP_URL (a laptop, a LAN) and on an https:// one (a public server).
const INDEX =
  '<!doctype html><html><head><title>PG e-Logbook</title></head><body><div id="root"></div></body></html>';

/** The CSP as a map of directive to its sources. */
function csp(response: TestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

function expectCommonHeaders(response: TestResponse) {
  const policy = csp(response);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  // The app's own service worker and manifest only (issue 29).
  expect(policy.get('worker-src')).toEqual(["'self'"]);
  expect(policy.get('manifest-src')).toEqual(["'self'"]);
  // No other site may frame the app (clickjacking): CSP frame-ancestors and, for old browsers,
  // X-Frame-Options.
  expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

/** The Set-Cookie line of the session cookie. */
function sessionSetCookie(response: TestResponse): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : [String(header ?? '')];
  const line = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(header)}`);
  return line;
}

function attributes(setCookie: string): Map<string, string> {
  const [, ...parts] = setCookie.split(';');
  return new Map(
    parts.map((part) => {
      const [name = '', value = ''] = part.trim().split('=');
      return [name.toLowerCase(), value];
    }),
  );
}

describe.each([
  { scheme: 'http', appUrl: 'http://app.test' },
  { scheme: 'https', appUrl: 'https://logbook.example.org' },
])('security headers and cookie flags, APP_URL $scheme', ({ scheme, appUrl }) => {
  const https = scheme === 'https';
  let root: string;
  let t: TestApp;
  let email: string;
  let password: string;
  let cookie: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pgel-headers-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'sw.js'), "importScripts('/workbox-5d1c2a9e.js');\n");
    t = await buildTestApp({ webDist: dist, env: { APP_URL: appUrl } });
    const user = await createUser(t.db, { placement: await createPlacement(t.db) });
    email = user.email;
    password = user.password;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  function expectHsts(response: TestResponse) {
    if (https) {
      const hsts = String(response.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
      expect(hsts).toContain('includeSubDomains');
    } else {
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  }

  it('sets them on the session cookie at sign-in', async () => {
    const response = await post(
      t.app,
      '/api/v1/auth/login',
      { email, password },
      { remoteAddress: freshIp() },
    );
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response);
    expectHsts(response);
    const line = sessionSetCookie(response);
    const flags = attributes(line);
    expect(flags.has('httponly')).toBe(true);
    expect(['Lax', 'Strict']).toContain(flags.get('samesite'));
    expect(flags.get('path')).toBe('/');
    // Secure exactly when the app is served over https.
    expect(flags.has('secure')).toBe(https);
    cookie = `${SESSION_COOKIE}=${line.slice(SESSION_COOKIE.length + 1).split(';')[0]}`;
  });

  it('sets them on API answers, signed in and not', async () => {
    const signedIn = await get(t.app, '/api/v1/auth/me', { cookie });
    expect(signedIn.statusCode).toBe(200);
    const anonymous = await get(t.app, '/api/v1/auth/me');
    expect(anonymous.statusCode).toBe(401);
    const unknown = await get(t.app, '/api/v1/no-such-route');
    expect(unknown.statusCode).toBe(404);
    for (const response of [signedIn, anonymous, unknown]) {
      expectCommonHeaders(response);
      expectHsts(response);
    }
  });

  it('sets them on the web app: index.html and a client route', async () => {
    for (const url of ['/', '/login', '/dashboard']) {
      const page = await get(t.app, url);
      expect(page.statusCode).toBe(200);
      expect(String(page.headers['content-type'])).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
      expectCommonHeaders(page);
      expectHsts(page);
    }
  });

  it('sets them on the service worker script (issue 29)', async () => {
    const worker = await get(t.app, '/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expectCommonHeaders(worker);
    expectHsts(worker);
  });

  it('clears the cookie at logout with the same flags', async () => {
    const response = await post(t.app, '/api/v1/auth/logout', {}, { cookie });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response);
    const flags = attributes(sessionSetCookie(response));
    expect(flags.get('expires')).toContain('1970');
    expect(flags.has('httponly')).toBe(true);
    expect(flags.get('path')).toBe('/');
    expect(flags.has('secure')).toBe(https);
  });
});
