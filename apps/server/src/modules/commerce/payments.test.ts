import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { PACKAGE_MESSAGES } from '@pgel/shared/commerce/packages';
import { GATEWAY_LABELS, PAYMENT_MESSAGES, paymentReturnPath } from '@pgel/shared/commerce/payments';
import { priceBreakdown } from '@pgel/shared/commerce/pricing';
import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, packages, paymentOrders, sandboxPayments } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createRecordRow,
  createUser,
  del,
  freshIp,
  get,
  login,
  type Placement,
  post,
  sessionCookieOf,
  type TestApp,
} from '../../test/helpers';
import {
  completeSandbox,
  couponRow,
  createCoupon,
  createOrder,
  isPaid,
  orderRow,
  paymentAudit,
  sandboxIdOf,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';

/** Buying a package through the local sandbox gateway, end to end through the API (issue 13). */
describe('payments through the sandbox gateway', () => {
  let t: TestApp;
  let placement: Placement;
  let single: Awaited<ReturnType<typeof seededPackage>>;

  beforeAll(async () => {
    t = await buildTestApp();
    placement = await createPlacement(t.db);
    single = await seededPackage(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const orderCount = async (userId: string) =>
    (await t.db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.userId, userId)))[0]?.n;

  it('offers only the sandbox when no gateway has keys', async () => {
    const s = await studentWithSession(t.db);
    const response = await get(t.app, '/api/v1/payments/gateways', { cookie: s.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ items: [{ id: 'sandbox', label: GATEWAY_LABELS.sandbox }] });
  });

  it('an unpaid student signs in to the payment message, pays with a coupon, and is signed in again', async () => {
    const student = await createUser(t.db, { placement, paid: false, verifyByHod: true });
    const signedIn = await post(
      t.app,
      '/api/v1/auth/login',
      { email: student.email, password: student.password },
      { remoteAddress: freshIp() },
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json.message).toBe(PAYMENT_MESSAGES.loginPaymentPending);
    const cookie = sessionCookieOf(signedIn) as string;

    // The logbook is closed until the package is bought.
    const entry = await createRecordRow(t.db, { kind: 'teaching', studentId: student.id, placement });
    const refused = await del(t.app, `/api/v1/records/${entry}`, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json.message).toBe(PAYMENT_MESSAGES.paymentRequired);

    const coupon = await createCoupon(t.db, { discountPaise: 50_000, quantity: 3, code: 'SAVE500NOW' });
    const created = await createOrder(t.app, cookie, {
      packageId: single.id,
      gateway: 'sandbox',
      couponCode: ' save500now ',
      // Whatever the page claims about money is not read.
      amountPaise: 100,
      totalPaise: 100,
      discountPaise: 999_900,
    });
    expect(created.statusCode, created.body).toBe(201);
    const expected = priceBreakdown(single.offerPricePaise, 50_000);
    const order = created.json.order as { id: string; amountPaise: number; status: string };
    expect(created.json.order).toMatchObject({
      gateway: 'sandbox',
      packageId: single.id,
      packageTitle: 'Single',
      couponCode: 'SAVE500NOW',
      offerPaise: expected.offerPaise,
      discountPaise: 50_000,
      taxablePaise: expected.taxablePaise,
      gstPaise: expected.gstPaise,
      amountPaise: expected.totalPaise,
      status: 'created',
      paidAt: null,
    });
    const gatewayOrderId = sandboxIdOf(created);
    expect(gatewayOrderId).toMatch(/^sbx_/);
    expect(created.json.checkout).toEqual({
      type: 'redirect',
      url: `${APP_URL}/sandbox-checkout/${gatewayOrderId}`,
    });

    const stored = await orderRow(t.db, order.id);
    expect(stored).toMatchObject({
      userId: student.id,
      amountPaise: expected.totalPaise,
      gstPaise: expected.gstPaise,
      gatewayOrderId,
      couponId: coupon.id,
      status: 'created',
    });
    const [sandboxRow] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.gatewayOrderId, gatewayOrderId));
    expect(sandboxRow).toMatchObject({
      amountPaise: expected.totalPaise,
      userId: student.id,
      state: 'pending',
      returnUrl: `${APP_URL}${paymentReturnPath(order.id)}`,
    });
    // The coupon is only used when the payment is verified.
    expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(0);

    // Before paying, the gateway says pending and nothing changes.
    const early = await verifyOrder(t.app, cookie, order.id);
    expect(early.statusCode).toBe(200);
    expect(early.json).toMatchObject({ status: 'pending', message: PAYMENT_MESSAGES.pending });
    expect(sessionCookieOf(early)).toBeUndefined();

    const page = await get(t.app, `/api/v1/payments/sandbox/${gatewayOrderId}`, { cookie });
    expect(page.json).toEqual({
      gatewayOrderId,
      amountPaise: expected.totalPaise,
      description: 'Single package, 3 years',
      state: 'pending',
    });
    const paid = await completeSandbox(t.app, cookie, gatewayOrderId, 'success');
    expect(paid.statusCode).toBe(200);
    expect(paid.json).toEqual({ returnUrl: `${APP_URL}${paymentReturnPath(order.id)}` });

    const verified = await verifyOrder(t.app, cookie, order.id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json).toMatchObject({ status: 'paid', message: PAYMENT_MESSAGES.success });
    expect(verified.json.order).toMatchObject({ id: order.id, status: 'paid' });
    expect(await isPaid(t.db, student.id)).toBe(true);
    const settled = await orderRow(t.db, order.id);
    expect(settled?.status).toBe('paid');
    expect(settled?.gatewayPaymentId).toMatch(/^sbxpay_/);
    expect(settled?.paidAt).toBeInstanceOf(Date);
    expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(1);
    expect(await paymentAudit(t.db, order.id)).toEqual([
      'payment.order_created',
      'payment.sandbox_completed',
      'payment.paid',
    ]);
    const [paidAudit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'payment.paid')));
    expect(paidAudit?.actorId).toBe(student.id);
    expect(paidAudit?.after).toMatchObject({
      amountPaise: expected.totalPaise,
      gatewayOrderId,
      gatewayPaymentId: settled?.gatewayPaymentId,
      couponCode: 'SAVE500NOW',
    });

    // Signed out and signed in again: the old session is gone, the new cookie works.
    const rotated = sessionCookieOf(verified);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    expect((await get(t.app, '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
    const me = await get(t.app, '/api/v1/auth/me', { cookie: rotated });
    expect(me.statusCode).toBe(200);
    expect(me.json.user).toMatchObject({ id: student.id, paid: true });

    // Asking again changes nothing and signs nobody in again.
    const auditBefore = await t.db.select({ n: count() }).from(auditLog);
    const again = await verifyOrder(t.app, rotated as string, order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json).toMatchObject({ status: 'paid', message: PAYMENT_MESSAGES.success });
    expect(sessionCookieOf(again)).toBeUndefined();
    expect(await orderRow(t.db, order.id)).toEqual(settled);
    expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(1);
    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);

    // The logbook is open now.
    const deleted = await del(t.app, `/api/v1/records/${entry}`, { cookie: rotated });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // A paid student buys nothing more, and signs in to the plain message.
    const more = await createOrder(t.app, rotated as string, { packageId: single.id, gateway: 'sandbox' });
    expect(more.statusCode).toBe(409);
    expect(more.json.message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    const next = await post(
      t.app,
      '/api/v1/auth/login',
      { email: student.email, password: student.password },
      { remoteAddress: freshIp() },
    );
    expect(next.json.message).toBe(LOGIN_MESSAGES.success);
  });

  it('a failed payment leaves the student unpaid and the coupon unused', async () => {
    const s = await studentWithSession(t.db);
    const coupon = await createCoupon(t.db, { discountPaise: 10_000, quantity: 1 });
    const created = await createOrder(t.app, s.cookie, {
      packageId: single.id,
      gateway: 'sandbox',
      couponCode: coupon.code,
    });
    const orderId = (created.json.order as { id: string }).id;
    await completeSandbox(t.app, s.cookie, sandboxIdOf(created), 'failure');
    const verified = await verifyOrder(t.app, s.cookie, orderId);
    expect(verified.statusCode).toBe(200);
    expect(verified.json).toMatchObject({ status: 'failed', message: PAYMENT_MESSAGES.verificationFailed });
    expect(sessionCookieOf(verified)).toBeUndefined();
    expect((await orderRow(t.db, orderId))?.status).toBe('failed');
    expect(await isPaid(t.db, s.id)).toBe(false);
    expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(0);
    expect(await paymentAudit(t.db, orderId)).toEqual([
      'payment.order_created',
      'payment.sandbox_completed',
      'payment.failed',
    ]);
    // Pay after Fail on the same sandbox order: its first answer stands.
    await completeSandbox(t.app, s.cookie, sandboxIdOf(created), 'success');
    expect((await verifyOrder(t.app, s.cookie, orderId)).json.status).toBe('failed');
  });

  it("another student's order is not found; staff do not buy", async () => {
    const owner = await studentWithSession(t.db);
    const other = await studentWithSession(t.db);
    const created = await createOrder(t.app, owner.cookie, { packageId: single.id, gateway: 'sandbox' });
    const orderId = (created.json.order as { id: string }).id;
    const gatewayOrderId = sandboxIdOf(created);
    for (const response of [
      await get(t.app, `/api/v1/payments/orders/${orderId}`, { cookie: other.cookie }),
      await verifyOrder(t.app, other.cookie, orderId),
      await get(t.app, `/api/v1/payments/sandbox/${gatewayOrderId}`, { cookie: other.cookie }),
      await completeSandbox(t.app, other.cookie, gatewayOrderId, 'success'),
      await get(t.app, '/api/v1/payments/orders/not-a-uuid', { cookie: owner.cookie }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json.message).toBe(PAYMENT_MESSAGES.orderNotFound);
    }
    const [row] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.gatewayOrderId, gatewayOrderId));
    expect(row?.state).toBe('pending');
    const mine = await get(t.app, `/api/v1/payments/orders/${orderId}`, { cookie: owner.cookie });
    expect(mine.json).toMatchObject({ id: orderId, status: 'created' });

    for (const role of ['hod', 'master'] as const) {
      const staff = await createUser(t.db, { role, placement });
      const cookie = await login(t.app, staff.email, staff.password, 'staff', { remoteAddress: freshIp() });
      const refused = await createOrder(t.app, cookie, { packageId: single.id, gateway: 'sandbox' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json.message).toBe(PAYMENT_MESSAGES.studentsOnly);
      expect(await orderCount(staff.id)).toBe(0);
    }
  });

  it('refuses what cannot be bought, and makes no order', async () => {
    const s = await studentWithSession(t.db);
    const [hidden] = await t.db
      .insert(packages)
      .values({ title: 'Hidden', pricePaise: 100_000, offerPricePaise: 100_000, active: false })
      .returning();
    const big = await createCoupon(t.db, { discountPaise: single.offerPricePaise, quantity: 5 });
    const usedUp = await createCoupon(t.db, { discountPaise: 100, quantity: 2, usedCount: 2 });
    const gone = await createCoupon(t.db, { discountPaise: 100, quantity: 2, deleted: true });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        { packageId: single.id, gateway: 'sandbox', couponCode: big.code },
        409,
        PAYMENT_MESSAGES.paymentIssue,
      ],
      [{ packageId: hidden?.id, gateway: 'sandbox' }, 404, PACKAGE_MESSAGES.notFound],
      [
        { packageId: '00000000-0000-4000-8000-000000000000', gateway: 'sandbox' },
        404,
        PACKAGE_MESSAGES.notFound,
      ],
      [{ packageId: single.id, gateway: 'sandbox', couponCode: 'NOSUCHCODE' }, 404, COUPON_MESSAGES.invalid],
      [{ packageId: single.id, gateway: 'sandbox', couponCode: gone.code }, 404, COUPON_MESSAGES.invalid],
      [{ packageId: single.id, gateway: 'sandbox', couponCode: usedUp.code }, 409, COUPON_MESSAGES.used],
      [{ packageId: single.id, gateway: 'razorpay' }, 400, PAYMENT_MESSAGES.gatewayUnavailable],
      [{ packageId: single.id, gateway: 'cash' }, 400, 'Please choose a payment method'],
      [{ gateway: 'sandbox' }, 400, 'Please choose a package'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(t.app, '/api/v1/payments/orders', body, { cookie: s.cookie });
      expect([response.statusCode, response.json.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await orderCount(s.id)).toBe(0);
    expect((await couponRow(t.db, big.id))?.usedCount).toBe(0);
  });

  it('a second payment after the package is active, or after the coupon ran out, is kept for refund', async () => {
    const coupon = await createCoupon(t.db, { discountPaise: 20_000, quantity: 1 });
    const a = await studentWithSession(t.db);
    const b = await studentWithSession(t.db);
    const orders: Array<{ who: typeof a; id: string }> = [];
    for (const who of [a, a, b]) {
      const created = await createOrder(t.app, who.cookie, {
        packageId: single.id,
        gateway: 'sandbox',
        couponCode: who === a && orders.length === 1 ? undefined : coupon.code,
      });
      expect(created.statusCode, created.body).toBe(201);
      await completeSandbox(t.app, who.cookie, sandboxIdOf(created), 'success');
      orders.push({ who, id: (created.json.order as { id: string }).id });
    }
    const [first, duplicate, late] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    const firstAnswer = await verifyOrder(t.app, a.cookie, first.id);
    expect(firstAnswer.json.status).toBe('paid');
    // a's session was replaced; the duplicate is verified from the new one.
    const dup = await verifyOrder(t.app, sessionCookieOf(firstAnswer) as string, duplicate.id);
    expect(dup.json).toMatchObject({ status: 'refund_due', message: PAYMENT_MESSAGES.duplicatePayment });
    const lateAnswer = await verifyOrder(t.app, b.cookie, late.id);
    expect(lateAnswer.json).toMatchObject({
      status: 'refund_due',
      message: COUPON_MESSAGES.exhaustedAtVerify,
    });
    expect(sessionCookieOf(lateAnswer)).toBeUndefined();
    expect(await isPaid(t.db, b.id)).toBe(false);
    expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(1);
    expect(await paymentAudit(t.db, late.id)).toContain('payment.refund_due');
    const refunds = await t.db
      .select({ id: paymentOrders.id, reason: paymentOrders.failureReason })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.status, 'refund_due'), isNull(paymentOrders.paidAt)));
    expect(refunds.map((r) => r.id).sort()).toEqual([duplicate.id, late.id].sort());
  });
});
