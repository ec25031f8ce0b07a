import type { GatewayId, OrderStatus, PaymentOrder } from '@pgel/shared/commerce/payments';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { auditLog, coupons, paymentOrders, sessions, users } from '../../db/schema/index';

/** An order row as the service reads it. */
export type OrderRow = typeof paymentOrders.$inferSelect;

/** Who is buying: read from the row, not the session, so a payment settled a moment ago counts. */
export async function findBuyer(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      paid: users.paid,
      collegeId: users.collegeId,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** A live (not deleted) coupon by its normalised code. */
export async function findLiveCoupon(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), isNull(coupons.deletedAt)))
    .limit(1);
  return row;
}

export async function insertOrder(
  db: Executor,
  values: typeof paymentOrders.$inferInsert,
): Promise<OrderRow> {
  const [row] = await db.insert(paymentOrders).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteOrder(db: Executor, id: string): Promise<void> {
  await db.delete(paymentOrders).where(eq(paymentOrders.id, id));
}

export async function findOrderOf(db: Executor, id: string, userId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.userId, userId)))
    .limit(1);
  return row;
}

export async function findOrderByGatewayId(
  db: Executor,
  gateway: GatewayId,
  gatewayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.gatewayOrderId, gatewayOrderId)))
    .limit(1);
  return row;
}

/** Locks the order row for the rest of the transaction: whoever settles it first wins. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
  return row;
}

/** Whether the audit log has this action for the order and the gateway's payment id already. */
export async function hasPaymentAudit(
  db: Executor,
  orderId: string,
  action: string,
  paymentId: string,
): Promise<boolean> {
  const [seen] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'payment'),
        eq(auditLog.entityId, orderId),
        eq(auditLog.action, action),
        sql`${auditLog.after} ->> 'paymentId' = ${paymentId}`,
      ),
    )
    .limit(1);
  return seen !== undefined;
}

/** Locks the buyer's row, so two payments of one student settle one after another. */
export async function lockUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: users.id, paid: users.paid, collegeId: users.collegeId })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

/**
 * Takes one use of a coupon if one is left: a single conditional UPDATE, so however many payments
 * arrive at once the count never passes the quantity (the row lock orders them).
 */
export async function redeemCoupon(tx: Tx, couponId: string): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    // Not `deleted_at is null`: an order keeps the coupon it was priced with, so a coupon Master
    // deletes while a student is at the gateway still counts that student's payment.
    .where(and(eq(coupons.id, couponId), lt(coupons.usedCount, coupons.quantity)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

export async function updateOrder(
  tx: Executor,
  id: string,
  values: Partial<Pick<OrderRow, 'gatewayOrderId' | 'gatewayPaymentId' | 'failureReason'>> & {
    status?: OrderStatus;
    /** The database's clock (`now()`), the one session times are on. */
    paidNow?: true;
  },
): Promise<OrderRow> {
  const { paidNow, ...rest } = values;
  const [row] = await tx
    .update(paymentOrders)
    .set({ ...rest, ...(paidNow ? { paidAt: sql`now()` } : {}), updatedAt: new Date() })
    .where(eq(paymentOrders.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function markUserPaid(tx: Tx, id: string): Promise<void> {
  await tx.update(users).set({ paid: true, updatedAt: new Date() }).where(eq(users.id, id));
}

/** When the request's session began (a session older than the payment is rotated). */
export async function sessionCreatedAt(db: Executor, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.createdAt;
}

/** The order as the API answers it. */
export function toPaymentOrder(row: OrderRow): PaymentOrder {
  return {
    id: row.id,
    gateway: row.gateway as GatewayId,
    packageId: row.packageId,
    packageTitle: row.packageTitle,
    couponCode: row.couponCode,
    offerPaise: row.offerPaise,
    discountPaise: row.discountPaise,
    taxablePaise: row.taxablePaise,
    gstPaise: row.gstPaise,
    amountPaise: row.amountPaise,
    status: row.status as OrderStatus,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}
