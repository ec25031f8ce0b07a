import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { SESSION_COOKIE } from '../../platform/session';
import { buildTestApp, get, post, type TestApp, type TestResponse } from '../../test/helpers';
import {
  completeSandbox,
  couponRow,
  createCoupon,
  createOrder,
  isPaid,
  paymentAudit,
  sandboxIdOf,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';
import { REPLACED_SESSION_GRACE_MS } from './payments.replay';

const PARALLEL = 20;
/** Connections a browser opens to one host over HTTP/1.1: the rest of a burst waits for one. */
const BROWSER_CONNECTIONS = 6;

/**
 * Issue 27, part 6, finding 4: one browser sent 20 verifications of one paid order at once with
 * one session cookie, and 7 were answered 401: the first replaced the session (a payment rotates
 * it) and the rest arrived with the replaced one. A repeat of a verification that succeeded now
 * answers the paid state, in parallel or after, while the replaced session opens nothing else.
 */
describe('payments: repeated verification of a paid order from one browser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A student whose sandbox payment of an order (with a coupon) is done at the gateway, not yet verified. */
  async function paidAtGateway() {
    const single = await seededPackage(t.db);
    const coupon = await createCoupon(t.db, { discountPaise: 100_000, quantity: 5 });
    const student = await studentWithSession(t.db);
    const created = await createOrder(t.app, student.cookie, {
      packageId: single.id,
      gateway: 'sandbox',
      couponCode: coupon.code,
    });
    expect(created.statusCode, created.body).toBe(201);
    const paid = await completeSandbox(t.app, student.cookie, sandboxIdOf(created), 'success');
    expect(paid.statusCode, paid.body).toBe(200);
    return { student, coupon, orderId: (created.json.order as { id: string }).id };
  }

  const rotationsOf = async (userId: string) =>
    t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'user'),
          eq(auditLog.entityId, userId),
          eq(auditLog.action, 'auth.session_rotated'),
        ),
      );
  const newCookieOf = (answers: TestResponse[]) => {
    const set = answers.flatMap((a) => a.cookies.filter((c) => c.name === SESSION_COOKIE && c.value));
    return { count: set.length, cookie: set[0] ? `${SESSION_COOKIE}=${set[0].value}` : undefined };
  };

  // As a browser sends them (six connections, each next request as soon as one is free, so most
  // arrive after the first has settled the order and replaced the session: 14 of 20 were 401
  // before the fix), and all at once (every settlement and rotation racing on PostgreSQL).
  it.each([
    ['over six connections', BROWSER_CONNECTIONS],
    ['all at once', PARALLEL],
  ])(
    `answers ${PARALLEL} verifications with one cookie, %s, 200 and the paid state; settles once`,
    async (how, connections) => {
      const { student, coupon, orderId } = await paidAtGateway();

      const answers = await overConnections(connections, PARALLEL, () =>
        verifyOrder(t.app, student.cookie, orderId),
      );
      const statuses = answers.map((a) => a.statusCode);
      console.log(`${PARALLEL} verifies ${how} (${t.kind}): ${JSON.stringify(countOf(statuses))}`);
      expect(statuses).toEqual(answers.map(() => 200));
      const first = answers[0]?.json;
      expect(first?.status).toBe('paid');
      for (const answer of answers) expect(answer.json).toEqual(first);

      // One settlement: one use of the coupon, one "paid" audit row, the student paid.
      expect((await couponRow(t.db, coupon.id))?.usedCount).toBe(1);
      expect((await paymentAudit(t.db, orderId)).filter((a) => a === 'payment.paid')).toHaveLength(1);
      expect(await isPaid(t.db, student.id)).toBe(true);
      // One rotation: one new session, one cookie handed out.
      expect(await rotationsOf(student.id)).toHaveLength(1);
      const rotated = newCookieOf(answers);
      expect(rotated.count).toBe(1);

      // After the burst, the replaced cookie still gets the same answer from this one route.
      const later = await verifyOrder(t.app, student.cookie, orderId);
      expect([later.statusCode, later.json]).toEqual([200, first]);
      expect(later.cookies.filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
      // The new cookie is signed in and answers the same.
      const me = await get(t.app, '/api/v1/auth/me', { cookie: rotated.cookie });
      expect(me.statusCode).toBe(200);
      const again = await verifyOrder(t.app, rotated.cookie as string, orderId);
      expect([again.statusCode, again.json]).toEqual([200, first]);
    },
  );

  it('gives the replaced session nothing else, and nothing once the new one ends or the grace is over', async () => {
    const single = await seededPackage(t.db);
    const { student, orderId } = await paidAtGateway();
    const done = await verifyOrder(t.app, student.cookie, orderId);
    expect([done.statusCode, done.json.status]).toEqual([200, 'paid']);
    const replaced = student.cookie;
    const current = newCookieOf([done]).cookie as string;

    // Any other route, another order's verify: the replaced session is dead.
    expect((await get(t.app, '/api/v1/auth/me', { cookie: replaced })).statusCode).toBe(401);
    expect((await get(t.app, `/api/v1/payments/orders/${orderId}`, { cookie: replaced })).statusCode).toBe(
      401,
    );
    const other = await createOrder(t.app, current, { packageId: single.id, gateway: 'sandbox' });
    expect(other.statusCode).toBe(409); // already paid: no second order; a made-up id instead
    const unknown = await verifyOrder(t.app, replaced, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/logout', {}, { cookie: replaced })).statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/auth/me', { cookie: current })).statusCode).toBe(200);

    // Still answered within the grace...
    expect((await verifyOrder(t.app, replaced, orderId)).statusCode).toBe(200);
    // ...not once the grace is over (the rotation aged by hand)...
    const ageRotation = (seconds: number) =>
      t.db
        .update(auditLog)
        .set({ createdAt: sql`${auditLog.createdAt} - make_interval(secs => ${seconds})` })
        .where(
          and(
            eq(auditLog.entityId, student.id),
            eq(auditLog.action, 'auth.session_rotated'),
            sql`${auditLog.after} ->> 'orderId' = ${orderId}`,
          ),
        );
    await ageRotation(REPLACED_SESSION_GRACE_MS / 1000);
    expect((await verifyOrder(t.app, replaced, orderId)).statusCode).toBe(401);
    await ageRotation(-REPLACED_SESSION_GRACE_MS / 1000 + 1);
    expect((await verifyOrder(t.app, replaced, orderId)).statusCode).toBe(200);
    // ...and not once the session that replaced it has signed out.
    expect((await post(t.app, '/api/v1/auth/logout', {}, { cookie: current })).statusCode).toBe(200);
    expect((await verifyOrder(t.app, replaced, orderId)).statusCode).toBe(401);
  });

  it('answers nothing to the replaced session once the password changed', async () => {
    const { student, orderId } = await paidAtGateway();
    const done = await verifyOrder(t.app, student.cookie, orderId);
    expect(done.statusCode).toBe(200);
    const current = newCookieOf([done]).cookie as string;
    expect((await verifyOrder(t.app, student.cookie, orderId)).statusCode).toBe(200);
    const changed = await post(
      t.app,
      '/api/v1/auth/change-password',
      {
        currentPassword: student.password,
        newPassword: 'New-Password-27',
        confirmPassword: 'New-Password-27',
      },
      { cookie: current },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await verifyOrder(t.app, student.cookie, orderId)).statusCode).toBe(401);
  });
});

/** Runs `total` calls of `send`, at most `connections` at a time, answers in the order sent. */
async function overConnections<T>(connections: number, total: number, send: () => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  let next = 0;
  const connection = async () => {
    while (next < total) {
      const i = next;
      next += 1;
      answers[i] = await send();
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  return answers;
}

function countOf(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
