import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { auditLog, coupons, packages, paymentOrders, users } from '../db/schema/index';
import { createSession, SESSION_COOKIE } from '../platform/session';
import { createUser, inject, post, type TestResponse, type UserFixtureOptions, unique } from './helpers';

/**
 * Fixtures for the payment tests (issue 13): the seeded packages, coupons written straight into
 * the table, and the sandbox gateway's checkout driven through the API as its page does.
 */

/** One of the four packages migration 0014 seeds ('Single' is ₹ 9,999). */
export async function seededPackage(db: Database, title = 'Single') {
  const [row] = await db.select().from(packages).where(eq(packages.title, title)).limit(1);
  if (!row) throw new Error(`no seeded package ${title}`);
  return row;
}

export async function createCoupon(
  db: Database,
  options: { discountPaise: number; quantity: number; usedCount?: number; code?: string; deleted?: boolean },
) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: (options.code ?? unique('CPN')).toUpperCase(),
      discountPaise: options.discountPaise,
      quantity: options.quantity,
      usedCount: options.usedCount ?? 0,
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

/**
 * A student with a session made straight in the database (no argon2 login), for tests that need
 * many at once. Unpaid unless told otherwise.
 */
export async function studentWithSession(db: Database, options: UserFixtureOptions = {}) {
  const user = await createUser(db, { paid: false, ...options });
  const { token } = await createSession(
    db,
    { idleMs: 50 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000, secureCookie: false },
    user.id,
    { ip: '127.0.0.1', userAgent: 'vitest' },
  );
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

export type OrderBody = { packageId: string; gateway: string; couponCode?: string };

export const createOrder = (
  app: FastifyInstance,
  cookie: string,
  body: OrderBody & Record<string, unknown>,
) => post(app, '/api/v1/payments/orders', body, { cookie });

export const verifyOrder = (app: FastifyInstance, cookie: string, orderId: string, body: unknown = {}) =>
  post(app, `/api/v1/payments/orders/${orderId}/verify`, body, { cookie });

/** The sandbox's gateway order id, from the checkout address the page is sent to. */
export function sandboxIdOf(created: TestResponse): string {
  const checkout = created.json.checkout as { type: string; url: string };
  const id = checkout.url.split('/').pop();
  if (checkout.type !== 'redirect' || !id) throw new Error(`not a sandbox checkout: ${created.body}`);
  return decodeURIComponent(id);
}

/** The sandbox page's Pay (success) or Fail (failure) button. */
export const completeSandbox = (
  app: FastifyInstance,
  cookie: string,
  gatewayOrderId: string,
  outcome: 'success' | 'failure',
) => inject(app, 'POST', `/api/v1/payments/sandbox/${gatewayOrderId}/complete`, { outcome }, { cookie });

export async function orderRow(db: Database, id: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return row;
}

export async function couponRow(db: Database, id: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

export async function isPaid(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ paid: users.paid }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.paid ?? false;
}

/** The audit actions written about one order, oldest first. */
export async function paymentAudit(db: Database, orderId: string): Promise<string[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, orderId))
    .orderBy(auditLog.createdAt);
  return rows.filter((r) => r.entity === 'payment').map((r) => r.action);
}
