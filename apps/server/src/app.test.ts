import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from './db/schema/index';
import { buildTestApp, createUser, get, inject, post, type TestApp, testDbKind } from './test/helpers';

describe('app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    // Registered before the first request, while routes can still be added.
    t.app.get('/api/v1/test-only/explode', async () => {
      throw new Error('secret detail: connection string postgres://admin:hunter2@db');
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports health with the database it uses', async () => {
    const response = await get(t.app, '/api/v1/health');
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ status: 'ok', database: testDbKind() });
  });

  it('publishes an OpenAPI document listing the auth routes', async () => {
    const response = await get(t.app, '/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json.paths ?? {}) as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/auth/staff-login',
        '/api/v1/auth/logout',
        '/api/v1/auth/me',
        '/api/v1/auth/signup',
        '/api/v1/auth/forgot-password',
        '/api/v1/auth/reset-password',
        '/api/v1/auth/change-password',
        '/api/v1/auth/verify/{token}',
        '/api/v1/auth/sponsors/{referralId}',
        '/api/v1/settings/public',
        '/api/v1/settings/launch/check',
        '/api/v1/settings/launch',
        '/api/v1/inquiries',
        '/api/v1/files',
        '/api/v1/files/{id}',
        '/api/v1/notifications',
        '/api/v1/notifications/{id}/read',
        '/api/v1/profile',
        '/api/v1/people/teachers',
      ]),
    );
    expect(paths).not.toContain('/api/v1/openapi.json');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await get(t.app, '/api/v1/no-such-thing?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json).toEqual({
      code: 'not_found',
      message: 'Route GET /api/v1/no-such-thing not found',
    });
  });

  it('hides the detail of an unexpected error behind the generic message', async () => {
    const response = await get(t.app, '/api/v1/test-only/explode');
    expect(response.statusCode).toBe(500);
    expect(response.json).toEqual({ code: 'internal', message: 'Something went wrong. Please try again.' });
    expect(response.json.message).toBe(GENERIC_MESSAGES.tryAgain);
    expect(response.body).not.toMatch(/secret|hunter2|stack|at .*\.ts/);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await inject(t.app, 'POST', '/api/v1/auth/login', '{"email": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.code).toBeTypeOf('string');
    expect(response.json.message).toBeTypeOf('string');
    expect(response.body).not.toMatch(/at .*\.js/);
  });

  it('answers a body over 1 MB with 413 and an unknown content type with 415', async () => {
    const big = await inject(
      t.app,
      'POST',
      '/api/v1/auth/login',
      JSON.stringify({ email: 'x'.repeat(1_100_000) }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json.message).toBe('Request is too large');
    const xml = await inject(t.app, 'POST', '/api/v1/auth/login', '<login/>', {
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json.message).toBe('Unsupported content type');
  });

  it('refuses text with a NUL character with a 400, not a database error', async () => {
    const response = await post(t.app, '/api/v1/auth/forgot-password', { email: 'a\u0000@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({
      code: 'validation',
      message: 'Text must not contain invalid characters.',
    });
  });

  it('sends security headers', async () => {
    const response = await get(t.app, '/api/v1/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('refuses a state-changing request from another origin', async () => {
    const response = await post(t.app, '/api/v1/auth/logout', {}, { origin: 'http://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({ code: 'forbidden', message: 'Cross-origin requests are not allowed.' });
  });
});

describe('app behind an HTTPS proxy (APP_URL https, TRUST_PROXY=true)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { APP_URL: 'https://logbook.example.org', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets a Secure session cookie, accepts its own origin and records the client address', async () => {
    const user = await createUser(t.db);
    const response = await post(
      t.app,
      '/api/v1/auth/login',
      { email: user.email, password: user.password },
      { origin: 'https://logbook.example.org', headers: { 'x-forwarded-for': '203.0.113.7' } },
    );
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.actorId, user.id)));
    expect(audit?.ip).toBe('203.0.113.7');
  });

  it('refuses the plain-http origin of the same host', async () => {
    const response = await post(t.app, '/api/v1/auth/logout', {}, { origin: 'http://logbook.example.org' });
    expect(response.statusCode).toBe(403);
  });
});

describe('app with the built web app', () => {
  let webDist: string;

  beforeAll(() => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'pgel-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>PG e-Logbook</title>');
  });
  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
  });

  // `npm start` builds the web app first, so this is the production configuration.
  it('serves index.html for page routes and keeps JSON 404s for the API', async () => {
    const t = await buildTestApp({ webDist });
    try {
      const page = await get(t.app, '/dashboard');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>PG e-Logbook</title>');
      const api = await get(t.app, '/api/v1/no-such-thing');
      expect(api.statusCode).toBe(404);
      expect(api.json).toEqual({ code: 'not_found', message: 'Route GET /api/v1/no-such-thing not found' });
      const postToPage = await post(t.app, '/dashboard', {});
      expect(postToPage.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
