import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  completeSandbox,
  couponRow,
  createCoupon,
  createOrder,
  sandboxIdOf,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';

const STUDENTS = 50;
const USES = 10;

/**
 * Fifty students pay with one 10-use coupon and all fifty verifications arrive at once: the
 * coupon's conditional UPDATE hands out exactly ten uses (PGlite runs the transactions one after
 * another; PostgreSQL really races them on the coupon's row).
 */
describe('payments: one coupon, many payments at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`settles exactly ${USES} of ${STUDENTS} payments with the coupon; the rest are kept for refund`, async () => {
    const single = await seededPackage(t.db);
    const coupon = await createCoupon(t.db, { discountPaise: 100_000, quantity: USES });
    const students = await Promise.all(Array.from({ length: STUDENTS }, () => studentWithSession(t.db)));
    const orders: Array<{ cookie: string; id: string; userId: string }> = [];
    for (const s of students) {
      const created = await createOrder(t.app, s.cookie, {
        packageId: single.id,
        gateway: 'sandbox',
        couponCode: coupon.code,
      });
      expect(created.statusCode, created.body).toBe(201);
      await completeSandbox(t.app, s.cookie, sandboxIdOf(created), 'success');
      orders.push({ cookie: s.cookie, id: (created.json.order as { id: string }).id, userId: s.id });
    }
    // No use is taken before verification.
    expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(0);

    const answers = await Promise.all(orders.map((o) => verifyOrder(t.app, o.cookie, o.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 200));
    const statuses = answers.map((a) => a.json.status);
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(USES);
    expect(statuses.filter((s) => s === 'refund_due')).toHaveLength(STUDENTS - USES);

    expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(USES);
    const ids = orders.map((o) => o.id);
    const paidOrders = await t.db
      .select({ userId: paymentOrders.userId })
      .from(paymentOrders)
      .where(and(inArray(paymentOrders.id, ids), eq(paymentOrders.status, 'paid')));
    const refundDue = await t.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(inArray(paymentOrders.id, ids), eq(paymentOrders.status, 'refund_due')));
    expect(paidOrders).toHaveLength(USES);
    expect(refundDue).toHaveLength(STUDENTS - USES);
    const paidUsers = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(
            users.id,
            orders.map((o) => o.userId),
          ),
          eq(users.paid, true),
        ),
      );
    expect(paidUsers.map((u) => u.id).sort()).toEqual(paidOrders.map((o) => o.userId).sort());
  });
});
