import type { Checkout, GatewayId } from '@pgel/shared/commerce/payments';
import type { Executor } from '../../../db/client';

/**
 * One interface over the payment gateways (issue 13, docs/decisions/013-commerce.md). The
 * commerce service creates our order row, asks the chosen gateway for its order, and later asks
 * the gateway whether the order is paid; it never trusts an amount or a status from the page.
 */
export type GatewayOrderInput = {
  /** Our payment_orders.id: Razorpay's receipt, PhonePe's merchantOrderId, the sandbox's id. */
  orderId: string;
  amountPaise: number;
  description: string;
  customer: { id: string; name: string; email: string; phone: string };
  /** Absolute URL a redirect gateway sends the student back to (APP_URL + paymentReturnPath). */
  returnUrl: string;
};

export type GatewayOrder = {
  /** The gateway's own id of the order, stored in payment_orders.gateway_order_id. */
  gatewayOrderId: string;
  /** What the page does next. */
  checkout: Checkout;
};

/** The gateway's word on an order, after checking signatures or asking its status API. */
export type PaymentOutcome =
  | { status: 'paid'; paymentId: string; amountPaise: number }
  | { status: 'failed'; paymentId: string | null; reason: string }
  | { status: 'pending' }
  /** A signature or proof that does not check out: refused, nothing changes. */
  | { status: 'invalid'; reason: string };

export type ConfirmInput = {
  gatewayOrderId: string;
  /** What the page sent back (Razorpay's handler fields); empty for redirect gateways. */
  proof: {
    razorpay_payment_id?: string;
    razorpay_order_id?: string;
    razorpay_signature?: string;
  };
};

/** A webhook after its signature was checked: which order, and what happened. */
export type WebhookEvent = {
  gatewayOrderId: string;
  outcome: PaymentOutcome;
  /** The gateway's event name, for the audit row. */
  event: string;
};

export type WebhookRequest = { rawBody: Buffer; headers: Record<string, string | string[] | undefined> };

export interface PaymentGateway {
  readonly id: GatewayId;
  createOrder(input: GatewayOrderInput, db: Executor): Promise<GatewayOrder>;
  confirm(input: ConfirmInput, db: Executor): Promise<PaymentOutcome>;
  /**
   * Authenticates and reads a webhook. Returns null when the signature (or credentials) do not
   * check out; returns an event with outcome 'pending' for events that change nothing.
   * Gateways without webhooks (the sandbox) do not implement it.
   */
  parseWebhook?(request: WebhookRequest): WebhookEvent | null;
}

/** A gateway that could not be reached or answered an error: the order is not created (502). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly gateway: GatewayId,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
