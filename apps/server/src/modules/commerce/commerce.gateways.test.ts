import { PAYMENT_MESSAGES, paymentReturnPath } from '@pgel/shared/commerce/payments';
import { priceBreakdown } from '@pgel/shared/commerce/pricing';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentOrders } from '../../db/schema/index';
import {
  type FakePhonePe,
  type FakeRazorpay,
  phonePeEnv,
  razorpayEnv,
  startFakePhonePe,
  startFakeRazorpay,
} from '../../test/fake-gateways';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  get,
  type Placement,
  sessionCookieOf,
  type TestApp,
} from '../../test/helpers';
import {
  createCoupon,
  createOrder,
  isPaid,
  orderRow,
  paymentAudit,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';

type Order = { id: string; amountPaise: number };

/** The audit rows with this action about this order (or, without an order, by this actor). */
const auditRows = (t: TestApp, action: string, where: { orderId?: string; actorId?: string }) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'payment'),
        eq(auditLog.action, action),
        where.orderId ? eq(auditLog.entityId, where.orderId) : undefined,
        where.actorId ? eq(auditLog.actorId, where.actorId) : undefined,
      ),
    );

const postWebhook = (t: TestApp, gateway: string, body: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/webhooks/${gateway}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** The whole app against loopback fakes of Razorpay (issue 13): amounts, signatures, webhooks. */
describe('payments through Razorpay', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let packageId: string;
  let offerPaise: number;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await buildTestApp({ env: razorpayEnv(fake) });
    const single = await seededPackage(t.db);
    packageId = single.id;
    offerPaise = single.offerPricePaise;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function buy(couponCode?: string, placement?: Placement) {
    const s = await studentWithSession(t.db, { placement });
    const created = await createOrder(t.app, s.cookie, { packageId, gateway: 'razorpay', couponCode });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json.order as Order;
    const checkout = created.json.checkout as { type: string; gatewayOrderId: string; amountPaise: number };
    return { s, order, checkout, gatewayOrderId: checkout.gatewayOrderId };
  }

  it('offers Razorpay only (no sandbox when a gateway has keys)', async () => {
    const s = await studentWithSession(t.db);
    const list = await get(t.app, '/api/v1/payments/gateways', { cookie: s.cookie });
    expect((list.json.items as Array<{ id: string }>).map((g) => g.id)).toEqual(['razorpay']);
  });

  it("creates Razorpay's order for the server's amount; a signed, captured payment activates the package", async () => {
    const coupon = await createCoupon(t.db, { discountPaise: 12_345, quantity: 5 });
    const placement = await createPlacement(t.db);
    const { s, order, checkout, gatewayOrderId } = await buy(coupon.code, placement);
    const total = priceBreakdown(offerPaise, 12_345).totalPaise;
    expect(order.amountPaise).toBe(total);
    expect(checkout).toMatchObject({
      type: 'razorpay',
      keyId: fake.keyId,
      amountPaise: total,
      currency: 'INR',
    });
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders').at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      amount: total,
      currency: 'INR',
      receipt: order.id,
    });
    expect(fake.orders.get(gatewayOrderId)?.amount).toBe(total);
    expect((await orderRow(t.db, order.id))?.gatewayOrderId).toBe(gatewayOrderId);

    // A tampered signature changes nothing.
    const paymentId = 'pay_good0001';
    fake.setPayment(paymentId, { orderId: gatewayOrderId, amount: total, status: 'captured' });
    const good = fake.signPayment(gatewayOrderId, paymentId);
    const tampered = await verifyOrder(t.app, s.cookie, order.id, {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json.message).toBe(PAYMENT_MESSAGES.verificationFailed);
    expect((await orderRow(t.db, order.id))?.status).toBe('created');
    expect(await isPaid(t.db, s.id)).toBe(false);
    // The refusal is audited: who, which order, the gateway's reason; never the signature.
    expect(await paymentAudit(t.db, order.id)).toEqual(['payment.order_created', 'payment.verify_refused']);
    const [refusedRow] = await auditRows(t, 'payment.verify_refused', { orderId: order.id });
    expect(refusedRow?.actorId).toBe(s.id);
    expect(refusedRow?.collegeId).toBe(placement.college.id);
    expect(refusedRow?.after).toEqual({
      gateway: 'razorpay',
      gatewayOrderId,
      status: 'created',
      amountPaise: total,
      reason: 'signature mismatch',
    });
    expect(JSON.stringify(refusedRow)).not.toContain(good.slice(0, 16));
    expect(JSON.stringify(refusedRow)).not.toContain(fake.keySecret);

    const verified = await verifyOrder(t.app, s.cookie, order.id, {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: good,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json).toMatchObject({ status: 'paid', message: PAYMENT_MESSAGES.success });
    expect(sessionCookieOf(verified)).toBeDefined();
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payments/${paymentId}`)).toBe(
      true,
    );
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'paid', gatewayPaymentId: paymentId });
    expect(await isPaid(t.db, s.id)).toBe(true);

    // The webhook arriving after the page changes nothing.
    const late = fake.webhook('payment.captured', gatewayOrderId, paymentId, total);
    const hook = await postWebhook(t, 'razorpay', late.body, { 'x-razorpay-signature': late.signature });
    expect(hook.statusCode).toBe(200);
    expect(await paymentAudit(t.db, order.id)).toEqual([
      'payment.order_created',
      'payment.verify_refused',
      'payment.paid',
    ]);
  });

  it('a signed payment.captured webhook settles the order once; replays and bad signatures change nothing', async () => {
    const { s, order, gatewayOrderId } = await buy();
    const delivery = fake.webhook('payment.captured', gatewayOrderId, 'pay_hook0001', order.amountPaise);

    const forged = await postWebhook(t, 'razorpay', delivery.body, {
      'x-razorpay-signature': 'ab'.repeat(32),
    });
    expect(forged.statusCode).toBe(401);
    expect((await orderRow(t.db, order.id))?.status).toBe('created');

    const first = await postWebhook(t, 'razorpay', delivery.body, {
      'x-razorpay-signature': delivery.signature,
    });
    expect([first.statusCode, first.json()]).toEqual([200, { received: true }]);
    const settled = await orderRow(t.db, order.id);
    expect(settled).toMatchObject({ status: 'paid', gatewayPaymentId: 'pay_hook0001' });
    expect(await isPaid(t.db, s.id)).toBe(true);

    const replay = await postWebhook(t, 'razorpay', delivery.body, {
      'x-razorpay-signature': delivery.signature,
    });
    expect(replay.statusCode).toBe(200);
    expect(await orderRow(t.db, order.id)).toEqual(settled);
    const paidRows = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'payment.paid')));
    expect(paidRows[0]?.n).toBe(1);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'payment.paid')));
    expect(row?.actorId).toBeNull();
    expect(JSON.stringify(row?.after)).not.toContain(delivery.signature);

    // The page asks afterwards: paid, and its session (older than the payment) is replaced.
    const page = await verifyOrder(t.app, s.cookie, order.id, {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: 'pay_hook0001',
      razorpay_signature: fake.signPayment(gatewayOrderId, 'pay_hook0001'),
    });
    expect(page.json.status).toBe('paid');
    expect(sessionCookieOf(page)).toBeDefined();
  });

  it('a failed payment fails the order; a later capture of the same order still counts', async () => {
    const { s, order, gatewayOrderId } = await buy();
    const failed = fake.webhook('payment.failed', gatewayOrderId, 'pay_fail0001', order.amountPaise);
    expect(
      (await postWebhook(t, 'razorpay', failed.body, { 'x-razorpay-signature': failed.signature }))
        .statusCode,
    ).toBe(200);
    expect((await orderRow(t.db, order.id))?.status).toBe('failed');
    expect(await isPaid(t.db, s.id)).toBe(false);

    const retry = fake.webhook('payment.captured', gatewayOrderId, 'pay_retry001', order.amountPaise);
    expect(
      (await postWebhook(t, 'razorpay', retry.body, { 'x-razorpay-signature': retry.signature })).statusCode,
    ).toBe(200);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      status: 'paid',
      gatewayPaymentId: 'pay_retry001',
    });
    expect(await isPaid(t.db, s.id)).toBe(true);
    expect(await paymentAudit(t.db, order.id)).toEqual([
      'payment.order_created',
      'payment.failed',
      'payment.paid',
    ]);
  });

  it('a capture for another amount is not believed, by webhook or verify, and is audited once', async () => {
    const placement = await createPlacement(t.db);
    const { s, order, gatewayOrderId } = await buy(undefined, placement);
    const wrong = fake.webhook('payment.captured', gatewayOrderId, 'pay_wrong001', 100);
    const headers = { 'x-razorpay-signature': wrong.signature };
    expect((await postWebhook(t, 'razorpay', wrong.body, headers)).statusCode).toBe(200);
    expect((await orderRow(t.db, order.id))?.status).toBe('created');
    expect(await isPaid(t.db, s.id)).toBe(false);
    const hookRows = await auditRows(t, 'payment.webhook_amount_mismatch', { orderId: order.id });
    expect(hookRows).toHaveLength(1);
    expect(hookRows[0]?.actorId).toBeNull();
    expect(hookRows[0]?.collegeId).toBe(placement.college.id);
    expect(hookRows[0]?.after).toEqual({
      gateway: 'razorpay',
      gatewayOrderId,
      status: 'created',
      event: 'payment.captured',
      paymentId: 'pay_wrong001',
      amountPaise: order.amountPaise,
      capturedPaise: 100,
    });
    expect(JSON.stringify(hookRows[0])).not.toContain(wrong.signature);
    expect(JSON.stringify(hookRows[0])).not.toContain(fake.webhookSecret);

    // The gateway retries its notice: still one row, the order unchanged.
    expect((await postWebhook(t, 'razorpay', wrong.body, headers)).statusCode).toBe(200);
    expect(await auditRows(t, 'payment.webhook_amount_mismatch', { orderId: order.id })).toHaveLength(1);
    expect((await orderRow(t.db, order.id))?.status).toBe('created');

    // The page verifies the same payment with a genuine signature: refused for the amount, audited.
    const verified = await verifyOrder(t.app, s.cookie, order.id, {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: 'pay_wrong001',
      razorpay_signature: fake.signPayment(gatewayOrderId, 'pay_wrong001'),
    });
    expect(verified.statusCode).toBe(400);
    expect(verified.json.message).toBe(PAYMENT_MESSAGES.verificationFailed);
    expect((await orderRow(t.db, order.id))?.status).toBe('created');
    expect(await isPaid(t.db, s.id)).toBe(false);
    const [refused] = await auditRows(t, 'payment.verify_refused', { orderId: order.id });
    expect(refused?.actorId).toBe(s.id);
    expect(refused?.after).toEqual({
      gateway: 'razorpay',
      gatewayOrderId,
      status: 'created',
      amountPaise: order.amountPaise,
      reason: 'amount_mismatch',
      paymentId: 'pay_wrong001',
      capturedPaise: 100,
    });
    expect(await paymentAudit(t.db, order.id)).toEqual([
      'payment.order_created',
      'payment.webhook_amount_mismatch',
      'payment.verify_refused',
    ]);
  });

  it('Razorpay refusing the order: 502, no order is kept, the refusal is audited', async () => {
    const placement = await createPlacement(t.db);
    const s = await studentWithSession(t.db, { placement });
    fake.failNextOrder();
    const refused = await createOrder(t.app, s.cookie, { packageId, gateway: 'razorpay' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json.message).toBe(PAYMENT_MESSAGES.createOrderFailed);
    const rows = await t.db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.userId, s.id));
    expect(rows[0]?.n).toBe(0);
    // The order is gone but the refusal is kept.
    const audit = await auditRows(t, 'payment.order_refused', { actorId: s.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.collegeId).toBe(placement.college.id);
    expect(audit[0]?.after).toEqual({
      packageId,
      packageTitle: 'Single',
      gateway: 'razorpay',
      couponCode: null,
      amountPaise: priceBreakdown(offerPaise, 0).totalPaise,
      reason: expect.stringMatching(/^Razorpay answered 500/),
    });
    expect(await paymentAudit(t.db, audit[0]?.entityId as string)).toEqual(['payment.order_refused']);
    expect(JSON.stringify(audit[0])).not.toContain(fake.keySecret);
  });
});

describe('payments through PhonePe', () => {
  let t: TestApp;
  let fake: FakePhonePe;
  let packageId: string;

  beforeAll(async () => {
    fake = await startFakePhonePe();
    t = await buildTestApp({ env: phonePeEnv(fake) });
    packageId = (await seededPackage(t.db)).id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function buy() {
    const s = await studentWithSession(t.db);
    const created = await createOrder(t.app, s.cookie, { packageId, gateway: 'phonepe' });
    expect(created.statusCode, created.body).toBe(201);
    return {
      s,
      order: created.json.order as Order,
      checkout: created.json.checkout as { type: string; url: string },
    };
  }

  it('redirects to PhonePe for the server amount; the status API decides the verification', async () => {
    const { s, order, checkout } = await buy();
    expect(checkout.type).toBe('redirect');
    // PhonePe's own page for this order, made for our amount and sending the student back to us.
    expect(fake.orders.get(order.id)).toMatchObject({ amount: order.amountPaise, redirectUrl: checkout.url });
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/checkout/v2/pay').at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      merchantOrderId: order.id,
      amount: order.amountPaise,
      paymentFlow: { merchantUrls: { redirectUrl: `${APP_URL}${paymentReturnPath(order.id)}` } },
    });

    const early = await verifyOrder(t.app, s.cookie, order.id);
    expect(early.json.status).toBe('pending');
    fake.complete(order.id, 'COMPLETED');
    const verified = await verifyOrder(t.app, s.cookie, order.id);
    expect(verified.json).toMatchObject({ status: 'paid', message: PAYMENT_MESSAGES.success });
    expect(sessionCookieOf(verified)).toBeDefined();
    expect(await isPaid(t.db, s.id)).toBe(true);
  });

  it('an authenticated callback settles the order; a wrong Authorization is refused', async () => {
    const { s, order } = await buy();
    const callback = fake.webhook('checkout.order.completed', order.id);
    const bad = await postWebhook(t, 'phonepe', callback.body, { authorization: '0'.repeat(64) });
    expect(bad.statusCode).toBe(401);
    expect((await orderRow(t.db, order.id))?.status).toBe('created');
    const good = await postWebhook(t, 'phonepe', callback.body, { authorization: callback.authorization });
    expect(good.statusCode).toBe(200);
    expect((await orderRow(t.db, order.id))?.status).toBe('paid');
    expect(await isPaid(t.db, s.id)).toBe(true);
    const again = await postWebhook(t, 'phonepe', callback.body, { authorization: callback.authorization });
    expect(again.statusCode).toBe(200);
    expect(await paymentAudit(t.db, order.id)).toEqual(['payment.order_created', 'payment.paid']);
  });

  it('a failed callback fails the order', async () => {
    const { s, order } = await buy();
    const callback = fake.webhook('checkout.order.failed', order.id);
    expect(
      (await postWebhook(t, 'phonepe', callback.body, { authorization: callback.authorization })).statusCode,
    ).toBe(200);
    expect((await orderRow(t.db, order.id))?.status).toBe('failed');
    expect(await isPaid(t.db, s.id)).toBe(false);
  });

  it('PhonePe refusing the order: 502 with its own message, no order kept, the refusal audited', async () => {
    const s = await studentWithSession(t.db);
    fake.failNextOrder();
    const refused = await createOrder(t.app, s.cookie, { packageId, gateway: 'phonepe' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json.message).toBe(PAYMENT_MESSAGES.phonePeOrderFailed);
    const rows = await t.db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.userId, s.id));
    expect(rows[0]?.n).toBe(0);
    const audit = await auditRows(t, 'payment.order_refused', { actorId: s.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({
      packageId,
      gateway: 'phonepe',
      reason: expect.stringMatching(/^PhonePe answered 500/),
    });
    expect(JSON.stringify(audit[0])).not.toContain(fake.clientSecret);
  });
});
