import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createUser,
  login,
  post,
  type TestApp,
  type UserFixture,
} from '../test/helpers';

const LOGOUT = '/api/v1/auth/logout';
const CROSS_ORIGIN = { code: 'forbidden', message: SESSION_MESSAGES.crossOrigin };

/**
 * Issue 27, part 6, finding 2: a write with no Origin but another site's Referer passed the
 * origin check. Now a Referer is judged as an Origin would be when Origin is missing; writes with
 * neither header (curl, servers, tests) and the gateways' webhooks still pass.
 */
describe('origin check: a write without Origin is judged by its Referer', () => {
  let t: TestApp;
  let user: UserFixture;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await createUser(t.db, { placement: await createPlacement(t.db) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const sessionCount = async () =>
    (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).length;
  /** Signs in, then logs out with `headers`; the answer and the sessions before and after it. */
  const logout = async (headers: Record<string, string>) => {
    const cookie = await login(t.app, user.email, user.password);
    const before = await sessionCount();
    const response = await post(t.app, LOGOUT, {}, { cookie, headers });
    return { response, before, after: await sessionCount() };
  };

  it("refuses another site's Referer with the cross-origin message and leaves the session alone", async () => {
    const foreign = [
      'http://evil.example/attack.html',
      'https://evil.example/',
      // Only the origin counts: the app's address in the path or as a prefix of the host is not it.
      'https://evil.example/http://app.test/',
      'http://app.test.evil.example/',
      'https://app.test/', // another scheme is another origin
      'http://app.test:8080/',
      'not a url',
      'about:blank',
    ];
    for (const referer of foreign) {
      const { response, before, after } = await logout({ referer });
      expect({ referer, status: response.statusCode, body: response.json }).toEqual({
        referer,
        status: 403,
        body: CROSS_ORIGIN,
      });
      expect(after).toBe(before);
    }
    const signIn = await post(
      t.app,
      '/api/v1/auth/login',
      { email: user.email, password: user.password },
      { headers: { referer: 'http://evil.example/login' } },
    );
    expect([signIn.statusCode, signIn.json]).toEqual([403, CROSS_ORIGIN]);
    console.log(`origin check (${t.kind}): ${foreign.length + 1} writes with a foreign Referer refused`);
  });

  it('lets through a Referer of the app or of this host, and a write with neither header', async () => {
    const allowed: Array<Record<string, string>> = [
      { referer: `${APP_URL}/student/profile?tab=1` },
      { referer: `${APP_URL}/` },
      { referer: 'https://pgel.example:8443/student', host: 'pgel.example:8443' },
      { referer: 'http://pgel.example/student', host: 'pgel.example' },
      {},
      // An Origin of ours decides; the Referer is not looked at.
      { origin: APP_URL, referer: 'http://evil.example/' },
    ];
    for (const headers of allowed) {
      const { response, before, after } = await logout(headers);
      expect({ headers, status: response.statusCode }).toEqual({ headers, status: 200 });
      expect(after).toBe(before - 1);
    }
  });

  it("lets a gateway's webhook through whatever Referer it carries (its signature decides)", async () => {
    for (const gateway of ['razorpay', 'phonepe']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/webhooks/${gateway}`,
        headers: { 'content-type': 'application/json', referer: `https://${gateway}.example/dashboard` },
        payload: '{"event":"payment.captured"}',
      });
      // Not the origin check's 403: the route itself answers (no such gateway configured here).
      expect(response.statusCode).not.toBe(403);
      expect([401, 404]).toContain(response.statusCode);
    }
  });
});
