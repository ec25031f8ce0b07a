import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PhonePeSettings } from '../../../config';
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
 * PhonePe Standard Checkout v2 (UPI; the student is redirected to PhonePe's page), a thin
 * adapter over the documented HTTP API (developer.phonepe.com: Authorization, Create Payment,
 * Order Status, Webhook Handling). The `pg-sdk-node` SDK hard-codes PhonePe's hosts, so it could
 * not be pointed at a loopback fake in tests; the three calls we need are plain HTTPS.
 */

const TIMEOUT_MS = 15_000;
/** A token is replaced this long before PhonePe's expires_at, so no call races its expiry. */
const TOKEN_MARGIN_MS = 60_000;
/** How long PhonePe keeps the order payable (documented range 300-3600 s). */
const EXPIRE_AFTER_S = 1200;
/** PhonePe's merchantOrderId: at most 63 characters, no specials but _ and - (our uuids fit). */
const MERCHANT_ORDER_ID = /^[A-Za-z0-9_-]{1,63}$/;
/** The only webhook events that settle an order (refund events carry a COMPLETED state too). */
const ORDER_EVENTS = new Set([
  'checkout.order.completed',
  'checkout.order.failed',
  'CHECKOUT_ORDER_COMPLETED',
  'CHECKOUT_ORDER_FAILED',
]);

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_at: z.number().optional() });
const PayAnswer = z.object({
  orderId: z.string().optional(),
  state: z.string().optional(),
  redirectUrl: z.url(),
});
const Attempt = z.object({ transactionId: z.string().optional(), state: z.string().optional() });
const OrderState = z.object({
  orderId: z.string().optional(),
  state: z.string(),
  amount: z.coerce.number().int(),
  errorCode: z.string().optional(),
  detailedErrorCode: z.string().optional(),
  paymentDetails: z.array(Attempt).optional(),
});
const WebhookBody = z.object({
  event: z.string().optional(),
  type: z.string().optional(),
  payload: z.looseObject({
    merchantOrderId: z.string().optional(),
    originalMerchantOrderId: z.string().optional(),
  }),
});
const OrderPayload = OrderState.extend({ merchantOrderId: z.string() });

type Answer = { status: number; json: unknown };
type Token = { value: string; expiresAtMs: number };

export class PhonePeGateway implements PaymentGateway {
  readonly id = 'phonepe' as const;
  private token: Token | null = null;
  private tokenRequest: Promise<Token> | null = null;

  constructor(
    readonly settings: PhonePeSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async createOrder(input: GatewayOrderInput): Promise<GatewayOrder> {
    if (!MERCHANT_ORDER_ID.test(input.orderId)) throw new GatewayError('order id unfit for PhonePe', this.id);
    const answer = await this.api('POST', '/checkout/v2/pay', {
      merchantOrderId: input.orderId,
      amount: input.amountPaise,
      expireAfter: EXPIRE_AFTER_S,
      metaInfo: { udf1: input.customer.id },
      paymentFlow: {
        type: 'PG_CHECKOUT',
        message: input.description,
        merchantUrls: { redirectUrl: input.returnUrl },
      },
    });
    if (answer.status < 200 || answer.status >= 300) {
      throw new GatewayError(`PhonePe answered ${answer.status}${codeOf(answer.json)}`, this.id);
    }
    const pay = PayAnswer.safeParse(answer.json);
    if (!pay.success) throw new GatewayError('PhonePe answered an order without a redirect URL', this.id);
    // Our order id is the merchantOrderId: the status API and the webhooks name orders by it.
    return { gatewayOrderId: input.orderId, checkout: { type: 'redirect', url: pay.data.redirectUrl } };
  }

  /** The return page carries no proof, so PhonePe's Order Status API decides. */
  async confirm(input: ConfirmInput): Promise<PaymentOutcome> {
    let answer: Answer;
    try {
      answer = await this.api('GET', `/checkout/v2/order/${encodeURIComponent(input.gatewayOrderId)}/status`);
    } catch (err) {
      // Unreachable now: the page polls again, or the webhook settles the order.
      if (err instanceof GatewayError) return { status: 'pending' };
      throw err;
    }
    // Only a definite "no such order" (400/404) is refused; a rate limit (429), a 5xx or any
    // other passing trouble may hide a payment already made, so the order stays pending.
    if (answer.status !== 400 && answer.status !== 404 && (answer.status < 200 || answer.status >= 300)) {
      return { status: 'pending' };
    }
    if (answer.status < 200 || answer.status >= 300) {
      return { status: 'invalid', reason: `PhonePe status ${answer.status}${codeOf(answer.json)}` };
    }
    const order = OrderState.safeParse(answer.json);
    return order.success ? outcomeOf(order.data) : { status: 'pending' };
  }

  /** PhonePe sends Authorization: SHA256("username:password") of the credentials set on its dashboard. */
  parseWebhook(request: WebhookRequest): WebhookEvent | null {
    const creds = this.settings.webhook;
    const presented = request.headers.authorization;
    if (!creds || typeof presented !== 'string') return null;
    const expected = createHash('sha256').update(`${creds.username}:${creds.password}`).digest('hex');
    const a = Buffer.from(presented.trim().toLowerCase(), 'utf8');
    const b = Buffer.from(expected, 'utf8');
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    let json: unknown;
    try {
      json = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      return null;
    }
    const body = WebhookBody.safeParse(json);
    if (!body.success) return null;
    // PhonePe asks to go by `event` (`type` is being retired) and by payload.state for the result.
    const event = body.data.event ?? body.data.type ?? 'unknown';
    if (!ORDER_EVENTS.has(event)) {
      // Refund events (payload.originalMerchantOrderId) change nothing here.
      const { merchantOrderId, originalMerchantOrderId } = body.data.payload;
      return {
        gatewayOrderId: merchantOrderId ?? originalMerchantOrderId ?? '',
        event,
        outcome: { status: 'pending' },
      };
    }
    const order = OrderPayload.safeParse(body.data.payload);
    if (!order.success) return null;
    return { gatewayOrderId: order.data.merchantOrderId, event, outcome: outcomeOf(order.data) };
  }

  /** An authorised call; a 401 means the token was revoked or expired early, so it is renewed once. */
  private async api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const first = await this.send(method, path, body, await this.accessToken());
    if (first.status !== 401) return first;
    this.token = null;
    return this.send(method, path, body, await this.accessToken());
  }

  private async send(method: 'GET' | 'POST', path: string, body: unknown, token: string): Promise<Answer> {
    return this.request(`${this.settings.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `O-Bearer ${token}`,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** The OAuth token, kept in memory until shortly before it expires; concurrent calls share one request. */
  private async accessToken(): Promise<string> {
    const cached = this.token;
    if (cached && Date.now() < cached.expiresAtMs - TOKEN_MARGIN_MS) return cached.value;
    this.tokenRequest ??= this.fetchToken()
      .then((token) => {
        this.token = token;
        return token;
      })
      .finally(() => {
        this.tokenRequest = null;
      });
    return (await this.tokenRequest).value;
  }

  private async fetchToken(): Promise<Token> {
    const answer = await this.request(`${this.settings.authUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.settings.clientId,
        client_version: String(this.settings.clientVersion),
        client_secret: this.settings.clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
    });
    const token = TokenAnswer.safeParse(answer.json);
    if (answer.status < 200 || answer.status >= 300 || !token.success) {
      throw new GatewayError(
        `PhonePe token request answered ${answer.status}${codeOf(answer.json)}`,
        this.id,
      );
    }
    const expiresAt = token.data.expires_at;
    // Documented in epoch seconds; a value in milliseconds is taken as such.
    const expiresAtMs =
      expiresAt === undefined ? Date.now() + 10 * 60_000 : expiresAt > 1e12 ? expiresAt : expiresAt * 1000;
    return { value: token.data.access_token, expiresAtMs };
  }

  /** Network failures become GatewayError; the message never holds the secret or a token. */
  private async request(url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new GatewayError(`PhonePe unreachable (${(err as Error).name})`, this.id);
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the callers judge by the status.
    }
    return { status: response.status, json };
  }
}

function codeOf(json: unknown): string {
  const code = (json as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `: ${code.slice(0, 100)}` : '';
}

/** PhonePe's word on an order: rely on its root `state` (COMPLETED, FAILED, else still pending). */
function outcomeOf(order: z.infer<typeof OrderState>): PaymentOutcome {
  const attempts = order.paymentDetails ?? [];
  if (order.state === 'COMPLETED') {
    const paid = attempts.find((a) => a.state === 'COMPLETED') ?? attempts[0];
    const paymentId = paid?.transactionId ?? order.orderId;
    if (!paymentId) return { status: 'pending' };
    return { status: 'paid', paymentId, amountPaise: order.amount };
  }
  if (order.state === 'FAILED') {
    const reason = [order.errorCode, order.detailedErrorCode].filter(Boolean).join(' ') || 'Payment failed';
    return { status: 'failed', paymentId: attempts[0]?.transactionId ?? null, reason };
  }
  return { status: 'pending' };
}
