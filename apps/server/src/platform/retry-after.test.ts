import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { CHECK_THROTTLE, CHECK_TOO_MANY } from '@pgel/shared/reports/documents';
import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { INQUIRY_MESSAGES, LAUNCH } from '@pgel/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../db/schema/index';
import {
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  post,
  type TestApp,
  type TestResponse,
  unique,
} from '../test/helpers';
import { createOrder, seededPackage, studentWithSession } from '../test/payments-world';
import { AppError, registerErrorHandler } from './errors';
import { DEFAULT_RETRY_AFTER_SECONDS, registerRetryAfter, TooManyRequests } from './retry-after';

const LAUNCH_PASSWORD = 'Open-Sesame-2027';

/**
 * Issue 27, part 6, finding 3: `/check/{code}` answered 429 without Retry-After, and so did every
 * other throttle. Now each 429 says how long to wait: until the refusing counter's window ends.
 */
describe('Retry-After on every 429 of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LAUNCH_PASSWORD } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A counter already at `attempts`, its window begun `secondsAgo` (as if the requests were made). */
  const counter = (key: string, attempts: number, secondsAgo: number) =>
    t.db
      .insert(loginThrottle)
      .values({ key, attempts, windowStartedAt: sql`now() - make_interval(secs => ${secondsAgo})` })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { attempts, windowStartedAt: sql`now() - make_interval(secs => ${secondsAgo})` },
      });
  /** The 429, its message and its Retry-After, which must lie in [low, high] seconds. */
  const expectRetryAfter = (response: TestResponse, message: string, low: number, high: number) => {
    expect([response.statusCode, response.json.message]).toEqual([429, message]);
    const header = String(response.headers['retry-after']);
    expect(header).toMatch(/^\d+$/);
    const seconds = Number(header);
    expect(seconds).toBeGreaterThanOrEqual(low);
    expect(seconds).toBeLessThanOrEqual(high);
    return seconds;
  };
  const found: Record<string, number> = {};

  it('the public document check: the 61st check from one address waits out the 15-minute window', async () => {
    const remoteAddress = freshIp();
    for (let i = 0; i < CHECK_THROTTLE.maxPerWindow; i += 1) {
      expect((await get(t.app, '/api/v1/check/ZZZZZZZZZZ', { remoteAddress })).statusCode).toBe(404);
    }
    const refused = await get(t.app, '/api/v1/check/ZZZZZZZZZZ', { remoteAddress });
    found.check = expectRetryAfter(refused, CHECK_TOO_MANY, 890, 900);
    // Later in the window, only what is left of it.
    const later = freshIp();
    await counter(`doc-check:ip:${later}`, CHECK_THROTTLE.maxPerWindow, 600);
    const refusedLater = await get(t.app, '/api/v1/check/ZZZZZZZZZZ', { remoteAddress: later });
    found['check, 10 minutes into its window'] = expectRetryAfter(refusedLater, CHECK_TOO_MANY, 290, 300);
  });

  it('sign-in: the 6th attempt after five wrong passwords waits the 15 minutes its message names', async () => {
    const user = await createUser(t.db, { placement: await createPlacement(t.db) });
    const remoteAddress = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(
        t.app,
        '/api/v1/auth/login',
        { email: user.email, password: `Wrong-Password-${i}` },
        { remoteAddress },
      );
      expect(wrong.statusCode).toBe(401);
    }
    const refused = await post(
      t.app,
      '/api/v1/auth/login',
      { email: user.email, password: user.password },
      { remoteAddress },
    );
    found.login = expectRetryAfter(refused, LOGIN_MESSAGES.tooManyAttempts, 900, 900);
  });

  it('payments: coupon guesses and orders wait until their window ends', async () => {
    const s = await studentWithSession(t.db);
    await counter(`coupon:user:${s.id}`, 10, 300);
    const coupon = await post(t.app, '/api/v1/coupons/validate', { code: 'NOPE1234' }, { cookie: s.cookie });
    found.coupon = expectRetryAfter(coupon, PAYMENT_MESSAGES.tooManyCouponAttempts, 590, 600);

    const buyer = await studentWithSession(t.db);
    await counter(`payment-order:user:${buyer.id}`, 20, 1800);
    const single = await seededPackage(t.db);
    const order = await createOrder(t.app, buyer.cookie, { packageId: single.id, gateway: 'sandbox' });
    found.order = expectRetryAfter(order, PAYMENT_MESSAGES.tooManyOrders, 1790, 1800);
  });

  it('the launch gate and the contact form wait until their window ends', async () => {
    const ip = freshIp();
    await counter(`launch:ip:${ip}`, 10, 60);
    const launch = await post(
      t.app,
      '/api/v1/settings/launch/check',
      { password: LAUNCH_PASSWORD },
      { remoteAddress: ip },
    );
    found.launch = expectRetryAfter(launch, LAUNCH.tooManyAttempts, 830, 840);

    await counter(`inquiry:ip:${ip}`, 10, 3000);
    const inquiry = await post(
      t.app,
      '/api/v1/inquiries',
      {
        name: 'Priya Nair',
        phone: '9876543210',
        email: `${unique('visitor')}@example.org`,
        subject: 'Institutional package',
        message: 'Please call us.',
      },
      { remoteAddress: ip },
    );
    found.inquiry = expectRetryAfter(inquiry, INQUIRY_MESSAGES.tooMany, 590, 600);
    console.log(`Retry-After seconds (${t.kind}): ${JSON.stringify(found)}`);
  });
});

describe('registerRetryAfter', () => {
  it("takes the refusal's seconds, else the route's, else the default; leaves other errors alone", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerRetryAfter(app);
    app.get('/own', async () => {
      throw new TooManyRequests('wait', 42.2);
    });
    app.get('/route', { config: { retryAfterSeconds: 900 } }, async () => {
      throw AppError.tooManyRequests('wait');
    });
    app.get('/plain', async () => {
      throw AppError.tooManyRequests('wait');
    });
    app.get(
      '/hook',
      { onRequest: async () => Promise.reject(AppError.tooManyRequests('wait')) },
      async () => 'x',
    );
    app.get('/other', async () => {
      throw AppError.conflict('no');
    });
    const header = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      return [response.statusCode, response.headers['retry-after'], response.json().message];
    };
    expect(await header('/own')).toEqual([429, '43', 'wait']);
    expect(await header('/route')).toEqual([429, '900', 'wait']);
    expect(await header('/plain')).toEqual([429, String(DEFAULT_RETRY_AFTER_SECONDS), 'wait']);
    expect(await header('/hook')).toEqual([429, String(DEFAULT_RETRY_AFTER_SECONDS), 'wait']);
    expect(await header('/other')).toEqual([409, undefined, 'no']);
    await app.close();
  });
});
