import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { truncateText } from '@pgel/shared/text';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { issueInvoice } from './invoices.issue';
import type { OrderRow } from './payments.repository';
import * as repo from './payments.repository';

/** Why a paid order is refunded instead of activating the package (payment_orders.failure_reason). */
export const REFUND_REASONS = {
  duplicate: 'duplicate_payment',
  couponExhausted: 'coupon_exhausted',
} as const;

/** Who settles: the student's page (verify) or the gateway's webhook; for the audit row. */
export type SettleSource = {
  via: 'page' | 'webhook';
  actorId: string | null;
  ip: string | null;
  event?: string;
};

export type Settled = { order: OrderRow; changed: boolean };

/** What settling a payment needs: the database, and for the invoice's mail the app's address and a kick. */
export type SettleDeps = {
  db: Database;
  /** The web app's address, for the link in the invoice mail. */
  appUrl: string;
  /** Called after a commit that queued the invoice mail, to send it soon. */
  onQueued?: () => void;
};

/** What the gateway confirmed: its payment id and, when it says, the amount captured. */
export type CapturedPayment = { paymentId: string; amountPaise?: number };

/** The audit action of a second payment for a settled order (to be refunded by hand). */
export const DUPLICATE_PAYMENT_ACTION = 'payment.duplicate_payment';

/** What the audit keeps of an order: amounts and gateway ids, never a signature or a key. */
function auditOf(order: OrderRow, source: SettleSource) {
  return {
    status: order.status,
    gateway: order.gateway,
    gatewayOrderId: order.gatewayOrderId,
    gatewayPaymentId: order.gatewayPaymentId,
    amountPaise: order.amountPaise,
    discountPaise: order.discountPaise,
    couponCode: order.couponCode,
    via: source.via,
    ...(source.event ? { event: source.event } : {}),
  };
}

/**
 * A payment the gateway says is captured, settled once in one transaction (the page's verify and
 * the webhook may arrive together; the order's row lock makes the second one see the first's
 * result and change nothing). A 'failed' order may still become paid: the gateway has the last
 * word. The coupon's use is taken here, not when the order was made, by the conditional UPDATE;
 * a payment that finds it used up (or the student already active) is kept as refund_due. An
 * order that becomes paid gets its GST tax invoice in the same transaction (invoices.issue.ts),
 * whose mail is sent once it commits.
 */
export async function settlePaid(
  deps: SettleDeps,
  orderId: string,
  payment: CapturedPayment,
  source: SettleSource,
): Promise<Settled> {
  const settled = await deps.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw AppError.notFound(PAYMENT_MESSAGES.orderNotFound);
    if (order.status === 'paid' || order.status === 'refund_due') {
      if (payment.paymentId !== order.gatewayPaymentId) {
        await recordDuplicatePayment(tx, order, payment, source);
      }
      return { order, changed: false };
    }
    const user = await repo.lockUser(tx, order.userId);
    if (!user) throw AppError.notFound(PAYMENT_MESSAGES.orderNotFound);

    let refundReason: string | null = null;
    if (user.paid) refundReason = REFUND_REASONS.duplicate;
    else if (order.couponId && !(await repo.redeemCoupon(tx, order.couponId))) {
      refundReason = REFUND_REASONS.couponExhausted;
    }

    const updated = await repo.updateOrder(
      tx,
      order.id,
      refundReason
        ? { status: 'refund_due', gatewayPaymentId: payment.paymentId, failureReason: refundReason }
        : { status: 'paid', gatewayPaymentId: payment.paymentId, failureReason: null, paidNow: true },
    );
    if (!refundReason) await repo.markUserPaid(tx, order.userId);
    await writeAudit(tx, {
      actorId: source.actorId,
      action: refundReason ? 'payment.refund_due' : 'payment.paid',
      entity: 'payment',
      entityId: order.id,
      collegeId: user.collegeId,
      ip: source.ip,
      before: { status: order.status },
      after: { ...auditOf(updated, source), ...(refundReason ? { reason: refundReason } : {}) },
    });
    // The GST invoice (issue 28): only for a payment that bought the package (a refund_due one
    // is money to give back), in this transaction, so it is issued exactly once per order.
    if (!refundReason) await issueInvoice(tx, updated, deps.appUrl);
    return { order: updated, changed: true };
  });
  // Its mail is queued; send it now rather than at the outbox's next poll.
  if (settled.changed && settled.order.status === 'paid') deps.onQueued?.();
  return settled;
}

/**
 * A second captured payment for an order already settled with another (the student paid twice at
 * the gateway, e.g. two tabs): the order stays as it is, but the money must be refunded, so the
 * audit log keeps one row per such payment. Called under the order's row lock, so a replay of
 * the same payment (webhooks are retried) finds the row and writes nothing more.
 */
async function recordDuplicatePayment(
  tx: Tx,
  order: OrderRow,
  payment: CapturedPayment,
  source: SettleSource,
): Promise<void> {
  const [seen] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'payment'),
        eq(auditLog.entityId, order.id),
        eq(auditLog.action, DUPLICATE_PAYMENT_ACTION),
        sql`${auditLog.after} ->> 'paymentId' = ${payment.paymentId}`,
      ),
    )
    .limit(1);
  if (seen) return;
  const user = await repo.lockUser(tx, order.userId);
  await writeAudit(tx, {
    actorId: source.actorId,
    action: DUPLICATE_PAYMENT_ACTION,
    entity: 'payment',
    entityId: order.id,
    collegeId: user?.collegeId ?? null,
    ip: source.ip,
    after: {
      gateway: order.gateway,
      paymentId: payment.paymentId,
      amountPaise: payment.amountPaise ?? order.amountPaise,
      reason: REFUND_REASONS.duplicate,
    },
  });
}

/**
 * A payment the gateway says failed. Only a 'created' order becomes 'failed' (a paid one never
 * goes back); the student may still pay the same order again, which settlePaid accepts.
 */
export async function settleFailed(
  db: Database,
  orderId: string,
  failure: { paymentId: string | null; reason: string },
  source: SettleSource,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw AppError.notFound(PAYMENT_MESSAGES.orderNotFound);
    if (order.status !== 'created') return { order, changed: false };
    const reason = truncateText(failure.reason, 300);
    const updated = await repo.updateOrder(tx, order.id, { status: 'failed', failureReason: reason });
    const user = await repo.lockUser(tx, order.userId);
    await writeAudit(tx, {
      actorId: source.actorId,
      action: 'payment.failed',
      entity: 'payment',
      entityId: order.id,
      collegeId: user?.collegeId ?? null,
      ip: source.ip,
      before: { status: order.status },
      after: { ...auditOf(updated, source), failedPaymentId: failure.paymentId, reason },
    });
    return { order: updated, changed: true };
  });
}

/** What the page tells the student about an order in this state. */
export function messageFor(order: OrderRow): string {
  switch (order.status) {
    case 'paid':
      return PAYMENT_MESSAGES.success;
    case 'refund_due':
      return order.failureReason === REFUND_REASONS.couponExhausted
        ? COUPON_MESSAGES.exhaustedAtVerify
        : PAYMENT_MESSAGES.duplicatePayment;
    case 'failed':
      return PAYMENT_MESSAGES.verificationFailed;
    default:
      return PAYMENT_MESSAGES.pending;
  }
}
