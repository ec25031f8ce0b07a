import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRM_MESSAGES } from '@pgel/shared/commerce/crm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, integrationTokens } from '../../db/schema/index';
import { loadDataKey, openSecret } from '../../platform/data-key';
import { APP_URL, buildTestApp, createUser, freshIp, login, post, type TestApp } from '../../test/helpers';
import { CrmError, CrmService } from './crm.service';

const CLIENT_ID = '1000.FAKECLIENT';
const CLIENT_SECRET = 'fake-client-secret-42';
const ACCESS = 'zoho-access-token-9f3b2c';
const REFRESH = 'zoho-refresh-token-77aa1d';

type Seen = { method?: string; url?: string; contentType?: string; form: Record<string, string> };

/** A stand-in for Zoho's accounts server on loopback: the code chooses the answer. */
function fakeZoho(seen: Seen[]): Server {
  return createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], form });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const formOk =
        req.method === 'POST' &&
        req.url === '/oauth/v2/token' &&
        form.grant_type === 'authorization_code' &&
        form.client_id === CLIENT_ID &&
        form.client_secret === CLIENT_SECRET &&
        form.redirect_uri === `${APP_URL}/zoho`;
      if (!formOk) return json(200, { error: 'invalid_client' });
      switch (form.code) {
        case 'good-code':
          return json(200, {
            access_token: ACCESS,
            refresh_token: REFRESH,
            api_domain: 'https://www.zohoapis.in',
            token_type: 'Bearer',
            expires_in: 3600,
          });
        case 'again-code':
          return json(200, {
            access_token: `${ACCESS}-2`,
            api_domain: 'https://www.zohoapis.in',
            expires_in: 3600,
          });
        case 'http-500':
          res.writeHead(500, { 'content-type': 'text/html' });
          return res.end('<h1>oops</h1>');
        case 'hang-up':
          return req.socket.destroy();
        default:
          return json(200, { error: 'invalid_code' });
      }
    });
  });
}

describe('CRM callback (Zoho)', () => {
  const seen: Seen[] = [];
  let zoho: Server;
  let zohoUrl: string;
  let t: TestApp;
  let bare: TestApp;
  let master: string;
  let bareMaster: string;

  beforeAll(async () => {
    zoho = fakeZoho(seen);
    await new Promise<void>((resolve) => zoho.listen(0, '127.0.0.1', resolve));
    zohoUrl = `http://127.0.0.1:${(zoho.address() as AddressInfo).port}`;
    t = await buildTestApp({
      env: { ZOHO_CLIENT_ID: CLIENT_ID, ZOHO_CLIENT_SECRET: CLIENT_SECRET, ZOHO_ACCOUNTS_URL: zohoUrl },
    });
    bare = await buildTestApp();
    const signIn = async (app: TestApp) => {
      const m = await createUser(app.db, { role: 'master' });
      return login(app.app, m.email, m.password, 'staff', { remoteAddress: freshIp() });
    };
    master = await signIn(t);
    bareMaster = await signIn(bare);
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await new Promise((resolve) => zoho?.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const tokenRow = async (app: TestApp = t) =>
    (await app.db.select().from(integrationTokens).where(eq(integrationTokens.provider, 'zoho')))[0];
  const callback = (code: unknown, cookie = master, app: TestApp = t) =>
    post(app.app, '/api/v1/crm/zoho/callback', { code }, { cookie });

  it('answers 409 "not configured" without ZOHO_* settings and stores nothing', async () => {
    const response = await callback('good-code', bareMaster, bare);
    expect(response.statusCode).toBe(409);
    expect(response.json.message).toBe(CRM_MESSAGES.notConfigured);
    expect(await tokenRow(bare)).toBeUndefined();
  });

  it('exchanges the code as a form and keeps the grant sealed: no token text in the row or the audit', async () => {
    const response = await callback(' good-code ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json).toMatchObject({
      message: CRM_MESSAGES.authorised,
      apiDomain: 'https://www.zohoapis.in',
    });
    expect(response.body).not.toContain(ACCESS);
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/oauth/v2/token',
        contentType: 'application/x-www-form-urlencoded',
        form: {
          grant_type: 'authorization_code',
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uri: `${APP_URL}/zoho`,
          code: 'good-code',
        },
      },
    ]);

    const row = await tokenRow();
    expect(row?.apiDomain).toBe('https://www.zohoapis.in');
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ACCESS);
    expect(stored).not.toContain(REFRESH);
    const key = loadDataKey({ dataKey: undefined, dataDir: t.dataDir });
    expect(JSON.parse(openSecret(key, row?.sealedToken ?? ''))).toMatchObject({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      tokenType: 'Bearer',
    });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'integration'));
    expect(audit.map((a) => [a.action, a.entityId])).toEqual([['integration.connect', 'zoho']]);
    const auditText = JSON.stringify(audit);
    for (const secret of [ACCESS, REFRESH, CLIENT_SECRET, 'good-code'])
      expect(auditText).not.toContain(secret);
  });

  it('a second authorisation replaces the access token and keeps the refresh token Zoho gives only once', async () => {
    const response = await callback('again-code');
    expect(response.statusCode, response.body).toBe(200);
    const key = loadDataKey({ dataKey: undefined, dataDir: t.dataDir });
    const grant = JSON.parse(openSecret(key, (await tokenRow())?.sealedToken ?? ''));
    expect(grant).toMatchObject({ accessToken: `${ACCESS}-2`, refreshToken: REFRESH });
  });

  it("shows Zoho's refusal as 502 and leaves the stored connection alone", async () => {
    const before = await tokenRow();
    const refused = await callback('expired-code');
    expect(refused.statusCode).toBe(502);
    expect(refused.json.message).toBe(CRM_MESSAGES.exchangeFailed('invalid_code'));
    const broken = await callback('http-500');
    expect(broken.statusCode).toBe(502);
    expect(broken.json.message).toBe(CRM_MESSAGES.exchangeFailed('HTTP 500'));
    expect(await tokenRow()).toEqual(before);
  });

  it('answers 502 "unreachable" when the connection fails', async () => {
    const response = await callback('hang-up');
    expect(response.statusCode).toBe(502);
    expect(response.json.message).toBe(CRM_MESSAGES.unreachable);
  });

  it('answers "unreachable" when nothing listens at the accounts address', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const service = new CrmService({
      db: t.db,
      zoho: {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        accountsUrl: `http://127.0.0.1:${closed}`,
        redirectUri: `${APP_URL}/zoho`,
      },
      dataKey: loadDataKey({ dataKey: undefined, dataDir: t.dataDir }),
    });
    const actor = {
      id: '00000000-0000-4000-8000-000000000000',
      role: 'master' as const,
      collegeId: null,
      departmentId: null,
    };
    const failure = await service
      .zohoCallback(actor, { code: 'good-code' }, { ip: '127.0.0.1' })
      .catch((err) => err);
    expect(failure).toBeInstanceOf(CrmError);
    expect(failure).toMatchObject({ statusCode: 502, message: CRM_MESSAGES.unreachable });
  });

  it('asks for the code (400) and lets only Master call', async () => {
    const missing = await callback('');
    expect([missing.statusCode, missing.json.message]).toEqual([400, CRM_MESSAGES.missingCode]);
    expect(seen).toEqual([]);
    const hod = await createUser(t.db, { role: 'hod' });
    const hodCookie = await login(t.app, hod.email, hod.password, 'staff', { remoteAddress: freshIp() });
    expect((await callback('good-code', hodCookie)).statusCode).toBe(403);
    expect((await post(t.app, '/api/v1/crm/zoho/callback', { code: 'good-code' })).statusCode).toBe(401);
    expect(seen).toEqual([]);
  });
});
