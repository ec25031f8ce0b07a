import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginThrottle, paymentOrders } from '../../db/schema/index';
import {
  type FakePhonePe,
  type FakeRazorpay,
  phonePeEnv,
  razorpayEnv,
  startFakePhonePe,
  startFakeRazorpay,
} from '../../test/fake-gateways';
import {
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  inject,
  login,
  type TestApp,
  type TestResponse,
} from '../../test/helpers';
import {
  createOrder,
  paymentAudit,
  sandboxIdOf,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';

type Caller = 'anonymous' | 'student' | 'otherStudent' | 'hod' | 'master';
const CALLERS: Caller[] = ['anonymous', 'student', 'otherStudent', 'hod', 'master'];
type Method = 'GET' | 'POST';
type Case = {
  route: string;
  method: Method;
  status: Record<Caller, number>;
  path: () => Promise<{ url: string; body?: unknown }>;
};

const ownerOnly = (ok: number): Record<Caller, number> => ({
  anonymous: 401,
  student: ok,
  otherStudent: 404,
  hod: 404,
  master: 404,
});

/** Who may use each payments route (contract "Payments"); the webhooks answer to signatures only. */
describe('payments: access to every route', () => {
  let t: TestApp;
  let razorpay: FakeRazorpay;
  let phonepe: FakePhonePe;
  const cookies: Partial<Record<Caller, string>> = {};
  let studentId: string;
  let packageId: string;

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    phonepe = await startFakePhonePe();
    t = await buildTestApp({
      env: { ...razorpayEnv(razorpay), ...phonePeEnv(phonepe), PAYMENT_SANDBOX: 'on' },
    });
    packageId = (await seededPackage(t.db)).id;
    const placement = await createPlacement(t.db);
    const student = await studentWithSession(t.db, { placement });
    cookies.student = student.cookie;
    studentId = student.id;
    cookies.otherStudent = (await studentWithSession(t.db, { placement })).cookie;
    for (const role of ['hod', 'master'] as const) {
      const staff = await createUser(t.db, { role, placement });
      cookies[role] = await login(t.app, staff.email, staff.password, 'staff', { remoteAddress: freshIp() });
    }
  });
  afterAll(async () => {
    await t?.close();
    await razorpay?.close();
    await phonepe?.close();
  });

  /** A fresh sandbox order of the student's, so each caller meets one in the same state. */
  async function studentOrder() {
    // The cases make more orders than one student may in an hour (payments.throttle.ts).
    await t.db.delete(loginThrottle).where(like(loginThrottle.key, 'payment-order:%'));
    const created = await createOrder(t.app, cookies.student as string, { packageId, gateway: 'sandbox' });
    expect(created.statusCode, created.body).toBe(201);
    return { id: (created.json.order as { id: string }).id, gatewayOrderId: sandboxIdOf(created) };
  }

  const cases: Case[] = [
    {
      route: 'GET /payments/gateways',
      method: 'GET',
      status: { anonymous: 401, student: 200, otherStudent: 200, hod: 200, master: 200 },
      path: async () => ({ url: '/api/v1/payments/gateways' }),
    },
    {
      route: 'POST /payments/orders',
      method: 'POST',
      status: { anonymous: 401, student: 201, otherStudent: 201, hod: 403, master: 403 },
      path: async () => ({ url: '/api/v1/payments/orders', body: { packageId, gateway: 'sandbox' } }),
    },
    {
      route: 'GET /payments/orders/:id',
      method: 'GET',
      status: ownerOnly(200),
      path: async () => ({ url: `/api/v1/payments/orders/${(await studentOrder()).id}` }),
    },
    {
      route: 'POST /payments/orders/:id/verify',
      method: 'POST',
      status: ownerOnly(200),
      path: async () => ({ url: `/api/v1/payments/orders/${(await studentOrder()).id}/verify`, body: {} }),
    },
    {
      route: 'GET /payments/sandbox/:gatewayOrderId',
      method: 'GET',
      status: ownerOnly(200),
      path: async () => ({ url: `/api/v1/payments/sandbox/${(await studentOrder()).gatewayOrderId}` }),
    },
    {
      route: 'POST /payments/sandbox/:gatewayOrderId/complete',
      method: 'POST',
      status: ownerOnly(200),
      path: async () => ({
        url: `/api/v1/payments/sandbox/${(await studentOrder()).gatewayOrderId}/complete`,
        body: { outcome: 'success' },
      }),
    },
  ];

  for (const c of cases) {
    it.each(CALLERS)(`${c.route}: %s`, async (caller) => {
      const { url, body } = await c.path();
      const cookie = cookies[caller];
      const response = await inject(t.app, c.method, url, body, cookie ? { cookie } : {});
      expect(response.statusCode, response.body).toBe(c.status[caller]);
      if (response.statusCode === 404) expect(response.json.message).toBe(PAYMENT_MESSAGES.orderNotFound);
      if (c.route === 'POST /payments/orders' && response.statusCode === 403) {
        expect(response.json.message).toBe(PAYMENT_MESSAGES.studentsOnly);
      }
    });
  }

  it("a tampered verify is refused and audited; another's order is not found and writes nothing", async () => {
    await t.db.delete(loginThrottle).where(like(loginThrottle.key, 'payment-order:%'));
    const created = await createOrder(t.app, cookies.student as string, { packageId, gateway: 'razorpay' });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = (created.json.order as { id: string }).id;
    const gatewayOrderId = (created.json.checkout as { gatewayOrderId: string }).gatewayOrderId;
    razorpay.setPayment('pay_access01', { orderId: gatewayOrderId, amount: 1, status: 'captured' });
    const proof = {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: 'pay_access01',
      razorpay_signature: 'ab'.repeat(32),
    };

    for (const caller of ['otherStudent', 'hod', 'master'] as const) {
      const other = await verifyOrder(t.app, cookies[caller] as string, orderId, proof);
      expect([other.statusCode, other.json.message]).toEqual([404, PAYMENT_MESSAGES.orderNotFound]);
    }
    expect(await paymentAudit(t.db, orderId)).toEqual(['payment.order_created']);

    const own = await verifyOrder(t.app, cookies.student as string, orderId, proof);
    expect([own.statusCode, own.json.message]).toEqual([400, PAYMENT_MESSAGES.verificationFailed]);
    expect(await paymentAudit(t.db, orderId)).toEqual(['payment.order_created', 'payment.verify_refused']);
    const [refused] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'payment.verify_refused')));
    expect(refused?.actorId).toBe(studentId);
    expect(refused?.after).toMatchObject({
      gateway: 'razorpay',
      gatewayOrderId,
      reason: 'signature mismatch',
    });
    expect(JSON.stringify(refused?.after)).not.toContain(proof.razorpay_signature);
    expect((await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)))[0]?.status).toBe(
      'created',
    );
  });

  const webhook = (gateway: string, body: string, headers: Record<string, string>, cookie?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: `/api/v1/payments/webhooks/${gateway}`,
        payload: body,
        headers: { 'content-type': 'application/json', ...headers, ...(cookie ? { cookie } : {}) },
      })
      .then(
        (r) =>
          ({ statusCode: r.statusCode, json: r.json() as Record<string, unknown> }) as Partial<TestResponse>,
      );

  it.each(CALLERS)('webhooks answer to a valid signature only, whoever sends them (%s)', async (caller) => {
    const cookie = cookies[caller];
    const before = await t.db.select({ n: count() }).from(auditLog);
    const orders = await t.db.select({ n: count() }).from(paymentOrders);

    const rz = razorpay.webhook('payment.captured', 'order_unknown', 'pay_unknown', 100);
    expect((await webhook('razorpay', rz.body, {}, cookie)).statusCode).toBe(401);
    expect(
      (await webhook('razorpay', rz.body, { 'x-razorpay-signature': '0'.repeat(64) }, cookie)).statusCode,
    ).toBe(401);
    expect(
      (await webhook('razorpay', `${rz.body} `, { 'x-razorpay-signature': rz.signature }, cookie)).statusCode,
    ).toBe(401);
    // A genuine notice about an order we do not have is acknowledged and changes nothing.
    const good = await webhook('razorpay', rz.body, { 'x-razorpay-signature': rz.signature }, cookie);
    expect([good.statusCode, good.json]).toEqual([200, { received: true }]);

    const pp = phonepe.webhook('checkout.order.completed', 'unknown-order');
    expect((await webhook('phonepe', pp.body, {}, cookie)).statusCode).toBe(401);
    expect((await webhook('phonepe', pp.body, { authorization: 'f'.repeat(64) }, cookie)).statusCode).toBe(
      401,
    );
    expect((await webhook('phonepe', pp.body, { authorization: pp.authorization }, cookie)).statusCode).toBe(
      200,
    );

    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(paymentOrders)).toEqual(orders);
  });

  it('webhooks refuse bodies over 64 KB and other content types; the sandbox has none', async () => {
    const big = JSON.stringify({ event: 'payment.captured', pad: 'x'.repeat(70 * 1024) });
    expect((await webhook('razorpay', big, { 'x-razorpay-signature': 'a' })).statusCode).toBe(413);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/razorpay',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    const sandbox = await webhook('sandbox', '{}', {});
    expect(sandbox.statusCode).toBe(404);
  });
});

describe('payments: webhooks of a gateway without keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are not found', async () => {
    for (const gateway of ['razorpay', 'phonepe']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/webhooks/${gateway}`,
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
