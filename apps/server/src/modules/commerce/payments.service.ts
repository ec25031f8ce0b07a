import { canBuyPackage, isStudent } from '@pgel/shared/auth/policies';
import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { PACKAGE_MESSAGES, validityLabel } from '@pgel/shared/commerce/packages';
import {
  type CreateOrderInput,
  GATEWAY_LABELS,
  type GatewayId,
  PAYMENT_MESSAGES,
  type PaymentOrder,
  paymentReturnPath,
  type VerifyPaymentInput,
} from '@pgel/shared/commerce/payments';
import { priceBreakdown } from '@pgel/shared/commerce/pricing';
import { isUuid } from '@pgel/shared/schemas/common';
import { truncateText } from '@pgel/shared/text';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/secrets';
import { createSession, type SessionActor, type SessionSettings } from '../../platform/session';
import {
  GatewayError,
  type PaymentGateway,
  type PaymentOutcome,
  type WebhookRequest,
} from './gateways/gateway';
import { SandboxGateway } from './gateways/sandbox';
import { findPackageOnSaleFor } from './packages.repository';
import {
  endSessionForRotation,
  ownerOfReplacedSession,
  SESSION_ROTATED_ACTION,
  sessionIdOfToken,
} from './payments.replay';
import * as repo from './payments.repository';
import { type OrderRow, toPaymentOrder } from './payments.repository';
import { messageFor, type SettleSource, settleFailed, settlePaid } from './payments.settle';
import { admitOrder, throttledCouponLookup } from './payments.throttle';

export type PaymentsDeps = {
  db: Database;
  /** The configured gateways, in the order the page offers them (createGateways). */
  gateways: Map<GatewayId, PaymentGateway>;
  appUrl: string;
  sessionSettings: SessionSettings;
  /** Called after a settlement queued mail (the GST invoice, issue 28), to send it soon. */
  onQueued?: () => void;
};

type Meta = { ip: string; userAgent?: string };

export type VerifyResult = {
  status: 'paid' | 'failed' | 'pending' | 'refund_due';
  message: string;
  order: PaymentOrder;
  /** The package became active after this session began: sign the student in again. */
  rotateSession: boolean;
};

/** What a verification answers about an order in its current state. */
function verifyAnswer(order: OrderRow): Omit<VerifyResult, 'rotateSession'> {
  return {
    status: order.status === 'created' ? 'pending' : (order.status as VerifyResult['status']),
    message: messageFor(order),
    order: toPaymentOrder(order),
  };
}

/** What a webhook did, for the route's log line (nothing secret). */
export type WebhookResult =
  | { kind: 'unknown_order'; gatewayOrderId: string }
  | { kind: 'amount_mismatch'; orderId: string }
  | { kind: 'ignored' | 'settled' | 'unchanged'; orderId: string; event: string };

/**
 * Buying a package (issue 13, contract "Payments"): the server prices the order from the package
 * and the coupon, the chosen gateway takes the money, and a payment counts only once the gateway
 * confirms it (page verify or webhook, whichever comes first; payments.settle.ts).
 */
export class PaymentsService {
  constructor(readonly deps: PaymentsDeps) {}

  gatewayList() {
    return { items: [...this.deps.gateways.keys()].map((id) => ({ id, label: GATEWAY_LABELS[id] })) };
  }

  async createOrder(actor: SessionActor, input: CreateOrderInput, meta: Meta) {
    const { db } = this.deps;
    const buyer = await repo.findBuyer(db, actor.id);
    if (!buyer || !isStudent({ role: buyer.role as SessionActor['role'] })) {
      throw AppError.forbidden(PAYMENT_MESSAGES.studentsOnly);
    }
    if (!canBuyPackage({ role: null, paid: buyer.paid }))
      throw AppError.conflict(PAYMENT_MESSAGES.alreadyPaid);
    const gateway = this.deps.gateways.get(input.gateway);
    if (!gateway) throw AppError.validation(PAYMENT_MESSAGES.gatewayUnavailable);
    // Offered to the buyer's own college (their account's, never an id the page sends; issue 28).
    const onSale = await findPackageOnSaleFor(db, input.packageId, buyer.collegeId);
    if (!onSale) throw AppError.notFound(PACKAGE_MESSAGES.notFound);
    if (!onSale.offered) throw AppError.forbidden(PACKAGE_MESSAGES.notOffered);
    const pkg = onSale.row;
    const who = { userId: buyer.id, ip: meta.ip };
    const { couponCode } = input;
    const coupon = couponCode
      ? await throttledCouponLookup(db, who, async () => {
          const row = await repo.findLiveCoupon(db, couponCode);
          if (!row) throw AppError.notFound(COUPON_MESSAGES.invalid);
          if (row.usedCount >= row.quantity) throw AppError.conflict(COUPON_MESSAGES.used);
          return row;
        })
      : undefined;

    // The amounts come from the package and the coupon only; the page's figures are display.
    const price = priceBreakdown(pkg.offerPricePaise, coupon?.discountPaise ?? 0);
    if (price.totalPaise <= 0) throw AppError.conflict(PAYMENT_MESSAGES.paymentIssue);

    // Counted once the order is sure to reach the gateway: each one makes an order there.
    await admitOrder(db, who);
    // Our row first: its id is the gateway's receipt and the return address's key.
    const order = await repo.insertOrder(db, {
      userId: buyer.id,
      packageId: pkg.id,
      packageTitle: pkg.title,
      validityMonths: pkg.validityMonths,
      gateway: gateway.id,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      offerPaise: price.offerPaise,
      discountPaise: price.discountPaise,
      taxablePaise: price.taxablePaise,
      gstPaise: price.gstPaise,
      amountPaise: price.totalPaise,
    });
    // Made or refused by the gateway, the order's audit row names what it was for, then the outcome.
    const auditOrder = (tx: Executor, action: string, outcome: Record<string, unknown>) =>
      writeAudit(tx, {
        actorId: actor.id,
        action,
        entity: 'payment',
        entityId: order.id,
        collegeId: buyer.collegeId,
        ip: meta.ip,
        after: { packageId: pkg.id, packageTitle: pkg.title, gateway: gateway.id, ...outcome },
      });
    let made: Awaited<ReturnType<PaymentGateway['createOrder']>>;
    try {
      // Outside any transaction: a gateway's HTTP call must not hold row locks.
      made = await gateway.createOrder(
        {
          orderId: order.id,
          amountPaise: price.totalPaise,
          description: `${pkg.title} package, ${validityLabel(pkg.validityMonths)}`,
          customer: { id: buyer.id, name: buyer.name, email: buyer.email, phone: buyer.phone ?? '' },
          returnUrl: `${this.deps.appUrl}${paymentReturnPath(order.id)}`,
        },
        db,
      );
    } catch (err) {
      // The gateway has no such order, so neither do we (the route answers 502). The audit row
      // commits with the delete, on its own: nothing rolls it back when the error goes on up.
      await db.transaction(async (tx) => {
        await repo.deleteOrder(tx, order.id);
        await auditOrder(tx, 'payment.order_refused', {
          couponCode: order.couponCode,
          amountPaise: order.amountPaise,
          // A GatewayError's message names the gateway's status and error code, never a key or
          // a token (gateways/*.ts); anything else is our bug and stays in the server log.
          reason: err instanceof GatewayError ? truncateText(err.message, 300) : 'internal error',
        });
      });
      throw err;
    }
    const saved = await db.transaction(async (tx) => {
      const row = await repo.updateOrder(tx, order.id, { gatewayOrderId: made.gatewayOrderId });
      await auditOrder(tx, 'payment.order_created', {
        gatewayOrderId: made.gatewayOrderId,
        couponCode: row.couponCode,
        offerPaise: row.offerPaise,
        discountPaise: row.discountPaise,
        gstPaise: row.gstPaise,
        amountPaise: row.amountPaise,
      });
      return row;
    });
    return { order: toPaymentOrder(saved), checkout: made.checkout };
  }

  async getOrder(actor: SessionActor, id: string): Promise<PaymentOrder> {
    return toPaymentOrder(await this.ownOrder(actor, id));
  }

  /**
   * The page's check after Checkout or the gateway's return: asks the gateway (a signature, then
   * its status API), never the page. A settled order is answered as it stands, so the page may
   * ask again and again (the return page polls while pending).
   */
  async verify(
    actor: SessionActor,
    id: string,
    proof: VerifyPaymentInput,
    meta: Meta,
  ): Promise<VerifyResult> {
    const { db } = this.deps;
    let order = await this.ownOrder(actor, id);
    if (order.status === 'created' || order.status === 'failed') {
      const gateway = this.deps.gateways.get(order.gateway as GatewayId);
      if (!gateway || !order.gatewayOrderId) throw AppError.validation(PAYMENT_MESSAGES.gatewayUnavailable);
      const outcome = await this.confirm(gateway, order.gatewayOrderId, proof);
      if (outcome.status === 'invalid') {
        // A tampered or missing signature, or a payment of another order: nothing changes but
        // the audit row. It keeps the gateway's reason, never what the page sent as proof.
        await this.auditRefusedVerify(actor, order, meta, { reason: truncateText(outcome.reason, 300) });
        throw AppError.validation(PAYMENT_MESSAGES.verificationFailed);
      }
      if (outcome.status === 'paid' && outcome.amountPaise !== order.amountPaise) {
        // Only a gateway bug or a forged order could do this; nothing changes.
        await this.auditRefusedVerify(actor, order, meta, {
          reason: 'amount_mismatch',
          paymentId: outcome.paymentId,
          capturedPaise: outcome.amountPaise,
        });
        throw AppError.validation(PAYMENT_MESSAGES.verificationFailed);
      }
      const source: SettleSource = { via: 'page', actorId: actor.id, ip: meta.ip };
      if (outcome.status === 'paid') order = (await settlePaid(this.deps, order.id, outcome, source)).order;
      else if (outcome.status === 'failed') order = (await settleFailed(db, order.id, outcome, source)).order;
    }
    return {
      ...verifyAnswer(order),
      rotateSession: order.status === 'paid' && (await this.sessionPredates(actor, order)),
    };
  }

  /**
   * The verify route's answer to a cookie whose session this order's verification replaced
   * (payments.replay.ts): the order as it stands, as the first verification answered it. Anything
   * else is the 401 any ended session gets.
   */
  async replayVerify(token: string | undefined, id: string): Promise<Omit<VerifyResult, 'rotateSession'>> {
    const { db } = this.deps;
    const userId =
      token && isUuid(id) ? await ownerOfReplacedSession(db, hashToken(token), id, new Date()) : undefined;
    const order = userId ? await repo.findOrderOf(db, id, userId) : undefined;
    if (!order) throw AppError.unauthorized();
    return verifyAnswer(order);
  }

  /** The audit row of a verification the server refused (the order is left as it was). */
  private async auditRefusedVerify(
    actor: SessionActor,
    order: OrderRow,
    meta: Meta,
    details: { reason: string; paymentId?: string; capturedPaise?: number },
  ) {
    await writeAudit(this.deps.db, {
      actorId: actor.id,
      action: 'payment.verify_refused',
      entity: 'payment',
      entityId: order.id,
      collegeId: actor.collegeId,
      ip: meta.ip,
      after: {
        gateway: order.gateway,
        gatewayOrderId: order.gatewayOrderId,
        status: order.status,
        amountPaise: order.amountPaise,
        ...details,
      },
    });
  }

  /** A gateway that cannot be reached now leaves the order pending: the webhook or a retry settles it. */
  private async confirm(gateway: PaymentGateway, gatewayOrderId: string, proof: VerifyPaymentInput) {
    try {
      return await gateway.confirm({ gatewayOrderId, proof }, this.deps.db);
    } catch (err) {
      if (err instanceof GatewayError) return { status: 'pending' } satisfies PaymentOutcome;
      throw err;
    }
  }

  /**
   * The package's activation changes what the session may do, so the session that saw it is
   * replaced (as a login would). Once: a session begun after the payment is already the new one.
   */
  private async sessionPredates(actor: SessionActor, order: OrderRow): Promise<boolean> {
    const began = await repo.sessionCreatedAt(this.deps.db, actor.sessionId);
    return began !== undefined && order.paidAt !== null && began.getTime() < order.paidAt.getTime();
  }

  /**
   * Ends the request's session and opens a new one for the same user; the route sets the cookie.
   * Only the request that ends the old session opens the new one (two tabs, or a poll and a
   * click, may verify at once and both see a session older than the payment): the others get
   * null, so one payment makes one new session. The audit row names the order and both sessions:
   * it is what lets this order's verify route still answer the replaced cookie for a while
   * (payments.replay.ts).
   */
  async rotateSession(actor: SessionActor, orderId: string, meta: Meta) {
    return this.deps.db.transaction(async (tx) => {
      if (!(await endSessionForRotation(tx, actor.sessionId, new Date()))) return null;
      const created = await createSession(tx, this.deps.sessionSettings, actor.id, {
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: SESSION_ROTATED_ACTION,
        entity: 'user',
        entityId: actor.id,
        collegeId: actor.collegeId,
        ip: meta.ip,
        after: {
          reason: 'payment',
          orderId,
          replacedSessionId: actor.sessionId,
          sessionId: await sessionIdOfToken(tx, hashToken(created.token)),
        },
      });
      return created;
    });
  }

  /**
   * A gateway's server-to-server notice. Unauthenticated notices are refused (401); one about an
   * order we do not have is acknowledged and ignored (the gateway would retry it forever).
   */
  async webhook(gatewayId: GatewayId, request: WebhookRequest): Promise<WebhookResult> {
    const gateway = this.deps.gateways.get(gatewayId);
    if (!gateway?.parseWebhook) throw AppError.notFound(PAYMENT_MESSAGES.gatewayUnavailable);
    const event = gateway.parseWebhook(request);
    if (!event) throw AppError.unauthorized('Invalid webhook signature');
    const order = await repo.findOrderByGatewayId(this.deps.db, gatewayId, event.gatewayOrderId);
    if (!order) return { kind: 'unknown_order', gatewayOrderId: event.gatewayOrderId };
    const { outcome } = event;
    const source: SettleSource = { via: 'webhook', actorId: null, ip: null, event: event.event };
    if (outcome.status === 'paid') {
      if (outcome.amountPaise !== order.amountPaise) {
        await this.auditWebhookAmountMismatch(order, outcome, event.event);
        return { kind: 'amount_mismatch', orderId: order.id };
      }
      const settled = await settlePaid(this.deps, order.id, outcome, source);
      return { kind: settled.changed ? 'settled' : 'unchanged', orderId: order.id, event: event.event };
    }
    if (outcome.status === 'failed') {
      const settled = await settleFailed(this.deps.db, order.id, outcome, source);
      return { kind: settled.changed ? 'settled' : 'unchanged', orderId: order.id, event: event.event };
    }
    return { kind: 'ignored', orderId: order.id, event: event.event };
  }

  /**
   * A signed capture for another amount than the order's is not believed, but kept in the audit
   * log: once per payment, since gateways retry their notices (under the order's row lock, so
   * two deliveries at once write one row).
   */
  private async auditWebhookAmountMismatch(
    order: OrderRow,
    outcome: Extract<PaymentOutcome, { status: 'paid' }>,
    event: string,
  ) {
    const action = 'payment.webhook_amount_mismatch';
    await this.deps.db.transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, order.id);
      if (!locked || (await repo.hasPaymentAudit(tx, order.id, action, outcome.paymentId))) return;
      const buyer = await repo.findBuyer(tx, order.userId);
      await writeAudit(tx, {
        actorId: null,
        action,
        entity: 'payment',
        entityId: order.id,
        collegeId: buyer?.collegeId ?? null,
        ip: null,
        after: {
          gateway: order.gateway,
          gatewayOrderId: order.gatewayOrderId,
          status: locked.status,
          event,
          paymentId: outcome.paymentId,
          amountPaise: order.amountPaise,
          capturedPaise: outcome.amountPaise,
        },
      });
    });
  }

  /** The sandbox's checkout page: its own order, only while the sandbox is on. */
  async sandboxOrder(actor: SessionActor, gatewayOrderId: string) {
    const row = await this.sandboxPaymentOf(actor, gatewayOrderId);
    return {
      gatewayOrderId: row.gatewayOrderId,
      amountPaise: row.amountPaise,
      description: row.description,
      state: row.state,
    };
  }

  /** The sandbox's Pay / Fail buttons: the gateway's side changes; our order waits for verify. */
  async sandboxComplete(
    actor: SessionActor,
    gatewayOrderId: string,
    outcome: 'success' | 'failure',
    meta: Meta,
  ) {
    const row = await this.sandboxPaymentOf(actor, gatewayOrderId);
    const { db } = this.deps;
    const sandbox = this.deps.gateways.get('sandbox') as SandboxGateway;
    await db.transaction(async (tx) => {
      if (!(await sandbox.complete(tx, row.gatewayOrderId, outcome))) return;
      const order = await repo.findOrderByGatewayId(tx, 'sandbox', row.gatewayOrderId);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'payment.sandbox_completed',
        entity: 'payment',
        entityId: order?.id ?? null,
        collegeId: actor.collegeId,
        ip: meta.ip,
        after: { gatewayOrderId: row.gatewayOrderId, outcome },
      });
    });
    return { returnUrl: row.returnUrl };
  }

  private async sandboxPaymentOf(actor: SessionActor, gatewayOrderId: string) {
    const sandbox = this.deps.gateways.get('sandbox');
    const row =
      sandbox instanceof SandboxGateway
        ? await sandbox.find(this.deps.db, gatewayOrderId, actor.id)
        : undefined;
    if (!row) throw AppError.notFound(PAYMENT_MESSAGES.orderNotFound);
    return row;
  }

  /** The caller's own order; anyone else's is "not found", never "forbidden". */
  private async ownOrder(actor: SessionActor, id: string): Promise<OrderRow> {
    const order = isUuid(id) ? await repo.findOrderOf(this.deps.db, id, actor.id) : undefined;
    if (!order) throw AppError.notFound(PAYMENT_MESSAGES.orderNotFound);
    return order;
  }
}
