import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { RazorpaySettings } from '../../../config';
import {
  type ConfirmInput,
  GatewayError,
  type GatewayOrder,
  type GatewayOrderInput,
  type PaymentGateway,
  type PaymentOutcome,
  type WebhookEvent,
  type WebhookRequest,
} from './gateway';

/**
 * Razorpay (Checkout in the page), a thin adapter over its documented REST API
 * (https://razorpay.com/docs/api/orders/, /payments/, /webhooks/). The official `razorpay` npm
 * SDK hard-codes https://api.razorpay.com, so it could not be pointed at a loopback fake in tests;
 * the two calls we need are plain HTTPS with Basic auth.
 */

/** Razorpay's limit on `receipt`. */
const RECEIPT_MAX = 40;
const TIMEOUT_MS = 15_000;

const OrderAnswer = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});
const PaymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string().optional(),
  status: z.string(),
  error_description: z.string().nullish(),
});
const WebhookBody = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: PaymentEntity }).optional(),
    order: z
      .object({ entity: z.object({ id: z.string(), amount_paid: z.number().int().optional() }) })
      .optional(),
  }),
});

export function hmacHex(secret: string, text: string | Buffer): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Compares a presented hex signature with the expected one without leaking where they differ. */
export function sameHex(presented: string, expected: string): boolean {
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export class RazorpayGateway implements PaymentGateway {
  readonly id = 'razorpay' as const;
  constructor(
    readonly settings: RazorpaySettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async createOrder(input: GatewayOrderInput): Promise<GatewayOrder> {
    if (input.orderId.length > RECEIPT_MAX)
      throw new GatewayError('order id too long for a receipt', this.id);
    const answer = OrderAnswer.safeParse(
      await this.call('POST', '/v1/orders', {
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.orderId,
        notes: { orderId: input.orderId, userId: input.customer.id },
      }),
    );
    if (!answer.success) throw new GatewayError('Razorpay answered an order without id or amount', this.id);
    // Checkout charges the order's amount, so an order for another amount must never reach the page.
    if (answer.data.amount !== input.amountPaise || answer.data.currency !== 'INR') {
      throw new GatewayError(`Razorpay order ${answer.data.id} is for another amount`, this.id);
    }
    return {
      gatewayOrderId: answer.data.id,
      checkout: {
        type: 'razorpay',
        scriptUrl: this.settings.checkoutScriptUrl,
        keyId: this.settings.keyId,
        gatewayOrderId: answer.data.id,
        amountPaise: input.amountPaise,
        currency: 'INR',
        name: 'PG e-Logbook',
        description: input.description,
        prefill: { name: input.customer.name, email: input.customer.email, contact: input.customer.phone },
      },
    };
  }

  /**
   * Checkout's handler fields are checked first (Razorpay's documented signature,
   * HMAC-SHA256(key secret, "order_id|payment_id")), then the payment itself is read so the
   * amount and state come from Razorpay, not from the page.
   */
  async confirm(input: ConfirmInput): Promise<PaymentOutcome> {
    const {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    } = input.proof;
    if (!orderId || !paymentId || !signature) return { status: 'invalid', reason: 'missing payment fields' };
    if (orderId !== input.gatewayOrderId)
      return { status: 'invalid', reason: 'payment is for another order' };
    if (!sameHex(signature, hmacHex(this.settings.keySecret, `${orderId}|${paymentId}`))) {
      return { status: 'invalid', reason: 'signature mismatch' };
    }
    let payment: z.infer<typeof PaymentEntity>;
    try {
      const parsed = PaymentEntity.safeParse(
        await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
      );
      if (!parsed.success) return { status: 'pending' };
      payment = parsed.data;
    } catch (err) {
      // The signature is genuine, so the payment exists; the webhook (or a later verify) settles it.
      if (err instanceof GatewayError) return { status: 'pending' };
      throw err;
    }
    if (payment.order_id !== input.gatewayOrderId)
      return { status: 'invalid', reason: 'payment is for another order' };
    return outcomeOf(payment);
  }

  /** X-Razorpay-Signature is the hex HMAC-SHA256 of the raw body with the webhook secret. */
  parseWebhook(request: WebhookRequest): WebhookEvent | null {
    const secret = this.settings.webhookSecret;
    const signature = headerValue(request.headers, 'x-razorpay-signature');
    if (!secret || !signature || !sameHex(signature, hmacHex(secret, request.rawBody))) return null;
    let json: unknown;
    try {
      json = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      return null;
    }
    const body = WebhookBody.safeParse(json);
    if (!body.success) return null;
    const { event, payload } = body.data;
    const payment = payload.payment?.entity;
    const gatewayOrderId = payment?.order_id ?? payload.order?.entity.id ?? '';
    if (payment && (event === 'payment.captured' || event === 'order.paid' || event === 'payment.failed')) {
      return { gatewayOrderId, event, outcome: outcomeOf(payment) };
    }
    return { gatewayOrderId, event, outcome: { status: 'pending' } };
  }

  /** One call to Razorpay; network failures and error answers become GatewayError (no secrets in it). */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const auth = Buffer.from(`${this.settings.keyId}:${this.settings.keySecret}`).toString('base64');
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new GatewayError(`Razorpay unreachable (${(err as Error).name})`, this.id);
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: reported below by status or as a malformed answer by the caller.
    }
    if (!response.ok) {
      const description = (json as { error?: { description?: unknown } } | null)?.error?.description;
      const detail = typeof description === 'string' ? `: ${description.slice(0, 200)}` : '';
      throw new GatewayError(`Razorpay answered ${response.status}${detail}`, this.id);
    }
    return json;
  }
}

/**
 * Only 'captured' is paid. An 'authorized' payment is not money received: with manual capture,
 * or a late authorisation, Razorpay refunds it by itself if nobody captures it within days, so it
 * stays pending until the `payment.captured` webhook (or a later verification) says captured.
 */
function outcomeOf(payment: z.infer<typeof PaymentEntity>): PaymentOutcome {
  if (payment.status === 'captured') {
    return { status: 'paid', paymentId: payment.id, amountPaise: payment.amount };
  }
  if (payment.status === 'failed') {
    return { status: 'failed', paymentId: payment.id, reason: payment.error_description ?? 'Payment failed' };
  }
  return { status: 'pending' };
}
