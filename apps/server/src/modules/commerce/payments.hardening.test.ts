import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginThrottle, sessions } from '../../db/schema/index';
import { createSession, SESSION_COOKIE } from '../../platform/session';
import { type FakeRazorpay, razorpayEnv, startFakeRazorpay } from '../../test/fake-gateways';
import { buildTestApp, get, post, sessionCookieOf, type TestApp } from '../../test/helpers';
import {
  completeSandbox,
  createCoupon,
  createOrder,
  orderRow,
  sandboxIdOf,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';
import { DUPLICATE_PAYMENT_ACTION } from './payments.settle';
import {
  COUPON_THROTTLE_MESSAGE,
  MAX_COUPON_FAILURES_PER_USER,
  MAX_ORDERS_PER_USER,
  PAYMENT_THROTTLE_MESSAGE,
} from './payments.throttle';

const SESSION_SETTINGS = { idleMs: 50 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000, secureCookie: false };

const postWebhook = (t: TestApp, body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/razorpay',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
  });

/** A second payment at the gateway for an order already paid is kept for refund, once (issue 13). */
describe('payments: a second payment for a settled order', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await buildTestApp({ env: razorpayEnv(fake) });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const duplicateRows = (orderId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, DUPLICATE_PAYMENT_ACTION)));

  it('writes one audit row per extra payment id; replays of either payment write nothing more', async () => {
    const single = await seededPackage(t.db);
    const s = await studentWithSession(t.db);
    const created = await createOrder(t.app, s.cookie, { packageId: single.id, gateway: 'razorpay' });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json.order as { id: string; amountPaise: number };
    const gatewayOrderId = (created.json.checkout as { gatewayOrderId: string }).gatewayOrderId;

    const first = fake.webhook('payment.captured', gatewayOrderId, 'pay_first001', order.amountPaise);
    expect((await postWebhook(t, first.body, first.signature)).statusCode).toBe(200);
    const settled = await orderRow(t.db, order.id);
    expect(settled).toMatchObject({ status: 'paid', gatewayPaymentId: 'pay_first001' });

    // The first payment again: the same payment, nothing to refund.
    expect((await postWebhook(t, first.body, first.signature)).statusCode).toBe(200);
    expect(await duplicateRows(order.id)).toEqual([]);

    const second = fake.webhook('payment.captured', gatewayOrderId, 'pay_second01', order.amountPaise);
    const answer = await postWebhook(t, second.body, second.signature);
    expect([answer.statusCode, answer.json()]).toEqual([200, { received: true }]);
    const rows = await duplicateRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'payment',
      entityId: order.id,
      actorId: null,
      after: {
        gateway: 'razorpay',
        paymentId: 'pay_second01',
        amountPaise: order.amountPaise,
        reason: 'duplicate_payment',
      },
    });
    // The order itself still names the first payment.
    expect(await orderRow(t.db, order.id)).toEqual(settled);

    // Gateways retry deliveries: the same second payment is recorded once.
    expect((await postWebhook(t, second.body, second.signature)).statusCode).toBe(200);
    expect(await duplicateRows(order.id)).toHaveLength(1);

    // A third payment is another refund.
    const third = fake.webhook('payment.captured', gatewayOrderId, 'pay_third001', order.amountPaise);
    expect((await postWebhook(t, third.body, third.signature)).statusCode).toBe(200);
    const all = await duplicateRows(order.id);
    expect(all.map((r) => (r.after as { paymentId: string }).paymentId).sort()).toEqual([
      'pay_second01',
      'pay_third001',
    ]);
  });
});

describe('payments: session rotation and throttles (sandbox)', () => {
  let t: TestApp;
  let single: Awaited<ReturnType<typeof seededPackage>>;
  beforeAll(async () => {
    t = await buildTestApp();
    single = await seededPackage(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The user's sessions a cookie can still use (a rotation ends the replaced one: payments.replay.ts). */
  const sessionIdsOf = async (userId: string) =>
    (
      await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    ).map((r) => r.id);

  /** Ends the throttle windows of one user's keys, as if the time had passed. */
  const endWindows = (userId: string) =>
    t.db
      .update(loginThrottle)
      .set({ windowStartedAt: sql`now() - interval '2 hours'` })
      .where(like(loginThrottle.key, `%:user:${userId}`));

  it('two verifies at once after the sandbox pays: one new session, one cookie', async () => {
    const s = await studentWithSession(t.db);
    const [oldSession] = await sessionIdsOf(s.id);
    const created = await createOrder(t.app, s.cookie, { packageId: single.id, gateway: 'sandbox' });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = (created.json.order as { id: string }).id;
    expect((await completeSandbox(t.app, s.cookie, sandboxIdOf(created), 'success')).statusCode).toBe(200);

    const answers = await Promise.all([
      verifyOrder(t.app, s.cookie, orderId),
      verifyOrder(t.app, s.cookie, orderId),
    ]);
    // Each answer is the paid order, also to a request that arrives after the other one's
    // rotation has ended its session (issue 27: it was a 401).
    for (const a of answers) expect([a.statusCode, a.json.status], a.body).toEqual([200, 'paid']);
    const cookies = answers.map(sessionCookieOf).filter((c): c is string => c !== undefined);
    expect(cookies).toHaveLength(1);

    const now = await sessionIdsOf(s.id);
    expect(now).toHaveLength(1);
    expect(now).not.toContain(oldSession);
    expect((await get(t.app, '/api/v1/auth/me', { cookie: s.cookie })).statusCode).toBe(401);
    const me = await get(t.app, '/api/v1/auth/me', { cookie: cookies[0] });
    expect(me.statusCode).toBe(200);
    expect(me.json.user).toMatchObject({ id: s.id, paid: true });
    const rotations = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.id), eq(auditLog.action, 'auth.session_rotated')));
    expect(rotations).toHaveLength(1);
  });

  it('two polls at once of an order paid after their session began: one rotation, one cookie', async () => {
    const s = await studentWithSession(t.db);
    const [tabSession] = await sessionIdsOf(s.id);
    // Another signed-in window pays; its verify rotates only its own session.
    const other = await createSession(t.db, SESSION_SETTINGS, s.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    const otherCookie = `${SESSION_COOKIE}=${other.token}`;
    const created = await createOrder(t.app, otherCookie, { packageId: single.id, gateway: 'sandbox' });
    const orderId = (created.json.order as { id: string }).id;
    await completeSandbox(t.app, otherCookie, sandboxIdOf(created), 'success');
    const paid = await verifyOrder(t.app, otherCookie, orderId);
    expect(paid.json.status).toBe('paid');
    const before = await sessionIdsOf(s.id);
    expect(before).toHaveLength(2);
    expect(before).toContain(tabSession);

    // The first window (its session older than the payment) polls twice at once: both see the
    // order paid and their session older than it, and race to rotate it.
    const answers = await Promise.all([
      verifyOrder(t.app, s.cookie, orderId),
      verifyOrder(t.app, s.cookie, orderId),
    ]);
    for (const a of answers) expect([a.statusCode, a.json.status], a.body).toEqual([200, 'paid']);
    const cookies = answers.map(sessionCookieOf).filter((c): c is string => c !== undefined);
    expect(cookies).toHaveLength(1);
    const after = await sessionIdsOf(s.id);
    expect(after).not.toContain(tabSession);
    expect(after.filter((id) => !before.includes(id))).toHaveLength(1);
    expect(after).toHaveLength(2);
    expect((await get(t.app, '/api/v1/auth/me', { cookie: cookies[0] })).statusCode).toBe(200);
  });

  it('refuses the 11th failed coupon look-up, then even a good code, until the window ends', async () => {
    const s = await studentWithSession(t.db);
    const good = await createCoupon(t.db, { discountPaise: 10_000, quantity: 5 });
    const usedUp = await createCoupon(t.db, { discountPaise: 10_000, quantity: 1, usedCount: 1 });
    const validate = (code: string) =>
      post(t.app, '/api/v1/coupons/validate', { code }, { cookie: s.cookie });

    // Successful validations do not count.
    for (let i = 0; i < 12; i += 1) expect((await validate(good.code)).statusCode).toBe(200);

    // Ten misses, on either route, as unknown or used-up codes.
    for (let i = 0; i < MAX_COUPON_FAILURES_PER_USER; i += 1) {
      const response =
        i % 3 === 0
          ? await createOrder(t.app, s.cookie, {
              packageId: single.id,
              gateway: 'sandbox',
              couponCode: `NOPE${i}XYZ`,
            })
          : await validate(i % 3 === 1 ? usedUp.code : `WRONG${i}CODE`);
      expect(response.statusCode, response.body).toBe(i % 3 === 1 ? 409 : 404);
    }
    const refused = await validate('STILLWRONG');
    expect([refused.statusCode, refused.json.message]).toEqual([429, COUPON_THROTTLE_MESSAGE]);
    const goodRefused = await validate(good.code);
    expect([goodRefused.statusCode, goodRefused.json.message]).toEqual([429, COUPON_THROTTLE_MESSAGE]);
    const orderRefused = await createOrder(t.app, s.cookie, {
      packageId: single.id,
      gateway: 'sandbox',
      couponCode: good.code,
    });
    expect([orderRefused.statusCode, orderRefused.json.message]).toEqual([429, COUPON_THROTTLE_MESSAGE]);
    // Another student is not held back by this one's guesses.
    const other = await studentWithSession(t.db);
    const theirs = await post(
      t.app,
      '/api/v1/coupons/validate',
      { code: good.code },
      { cookie: other.cookie },
    );
    expect(theirs.statusCode).toBe(200);

    await endWindows(s.id);
    const after = await validate(good.code);
    expect([after.statusCode, after.json.message]).toEqual([200, COUPON_MESSAGES.applied]);
  });

  it('refuses the 21st order of a student within the hour', async () => {
    const s = await studentWithSession(t.db);
    for (let i = 0; i < MAX_ORDERS_PER_USER; i += 1) {
      const created = await createOrder(t.app, s.cookie, { packageId: single.id, gateway: 'sandbox' });
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await createOrder(t.app, s.cookie, { packageId: single.id, gateway: 'sandbox' });
    expect([refused.statusCode, refused.json.message]).toEqual([429, PAYMENT_THROTTLE_MESSAGE]);
    const other = await studentWithSession(t.db);
    expect(
      (await createOrder(t.app, other.cookie, { packageId: single.id, gateway: 'sandbox' })).statusCode,
    ).toBe(201);
    await endWindows(s.id);
    expect(
      (await createOrder(t.app, s.cookie, { packageId: single.id, gateway: 'sandbox' })).statusCode,
    ).toBe(201);
  });
});
