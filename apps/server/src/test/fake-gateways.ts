import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback stand-ins for Razorpay's and PhonePe's HTTP APIs (only the calls our adapters make).
 * They refuse what the real APIs refuse (wrong credentials, malformed bodies), so a test that
 * passes proves what the adapter sends, not just that it sent something.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

type Reply = { status: number; body: unknown; type?: string };
type Handler = (request: RecordedRequest) => Reply;

const randomId = (bytes = 7) => randomBytes(bytes).toString('hex');
const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const header = (request: RecordedRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

async function serve(handler: Handler, requests: RecordedRequest[]) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      let reply: Reply;
      try {
        reply = handler(recorded);
      } catch (err) {
        reply = { status: 500, body: { error: String(err) } };
      }
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': reply.type ?? 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------- Razorpay

type RazorpayPayment = { orderId: string; amount: number; status: 'captured' | 'authorized' | 'failed' };

export type FakeRazorpay = {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  orders: Map<string, { id: string; amount: number; currency: string; receipt: string }>;
  /** The next POST /v1/orders answers this status (500 by default) instead of creating an order. */
  failNextOrder(status?: number): void;
  /** What GET /v1/payments/:id answers (unknown payment ids answer 404). */
  setPayment(paymentId: string, p: RazorpayPayment): void;
  /** The signature Checkout hands the page: hex HMAC-SHA256(keySecret, `${orderId}|${paymentId}`). */
  signPayment(orderId: string, paymentId: string): string;
  /** A signed webhook delivery; it also records the payment (as setPayment) so the API agrees with it. */
  webhook(
    event: 'payment.captured' | 'payment.failed',
    orderId: string,
    paymentId: string,
    amount: number,
  ): { body: string; signature: string };
  close(): Promise<void>;
};

const razorpayError = (status: number, description: string): Reply => ({
  status,
  body: { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA' } },
});

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = `rzp_test_${randomId()}`;
  const keySecret = randomId(16);
  const webhookSecret = randomId(16);
  const requests: RecordedRequest[] = [];
  const orders: FakeRazorpay['orders'] = new Map();
  const payments = new Map<string, RazorpayPayment>();
  let failNext: number | null = null;
  const basic = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const paymentEntity = (id: string, p: RazorpayPayment) => ({
    id,
    entity: 'payment',
    amount: p.amount,
    currency: 'INR',
    status: p.status,
    order_id: p.orderId,
    method: 'card',
    captured: p.status === 'captured',
    error_code: p.status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
    error_description: p.status === 'failed' ? 'Payment processing failed because of incorrect OTP' : null,
    created_at: Math.floor(Date.now() / 1000),
  });

  const server = await serve((request) => {
    if (header(request, 'authorization') !== basic) return razorpayError(401, 'Authentication failed');
    if (request.method === 'POST' && request.path === '/v1/orders') {
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return razorpayError(status, 'Something went wrong, please try again');
      }
      const body = parseJson(request.body);
      if (!body) return razorpayError(400, 'The request body is not valid JSON');
      const { amount, currency, receipt, notes } = body;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
        return razorpayError(400, 'The amount must be an integer in paise.');
      if (currency !== 'INR') return razorpayError(400, 'The currency must be INR.');
      if (typeof receipt !== 'string' || receipt.length === 0 || receipt.length > 40)
        return razorpayError(400, 'The receipt may not be greater than 40 characters.');
      const id = `order_${randomId()}`;
      orders.set(id, { id, amount, currency, receipt });
      return {
        status: 200,
        body: {
          id,
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency,
          receipt,
          status: 'created',
          attempts: 0,
          notes: notes ?? [],
          created_at: Math.floor(Date.now() / 1000),
        },
      };
    }
    const payment = request.method === 'GET' && /^\/v1\/payments\/([^/?]+)$/.exec(request.path);
    if (payment) {
      const id = decodeURIComponent(payment[1] ?? '');
      const found = payments.get(id);
      return found
        ? { status: 200, body: paymentEntity(id, found) }
        : razorpayError(400, 'The id provided does not exist');
    }
    return razorpayError(404, 'The requested URL was not found on the server.');
  }, requests);

  const setPayment = (paymentId: string, p: RazorpayPayment) => void payments.set(paymentId, { ...p });
  return {
    url: server.url,
    keyId,
    keySecret,
    webhookSecret,
    requests,
    orders,
    failNextOrder: (status = 500) => {
      failNext = status;
    },
    setPayment,
    signPayment: (orderId, paymentId) => hmacHex(keySecret, `${orderId}|${paymentId}`),
    webhook: (event, orderId, paymentId, amount) => {
      const p: RazorpayPayment = {
        orderId,
        amount,
        status: event === 'payment.captured' ? 'captured' : 'failed',
      };
      setPayment(paymentId, p);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: ['payment'],
        payload: { payment: { entity: paymentEntity(paymentId, p) } },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: hmacHex(webhookSecret, body) };
    },
    close: server.close,
  };
}

export function razorpayEnv(fake: FakeRazorpay): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_URL: fake.url,
    PAYMENT_SANDBOX: 'auto',
  };
}

// ---------------------------------------------------------------- PhonePe (Standard Checkout v2)

type PhonePeOrder = {
  merchantOrderId: string;
  amount: number;
  redirectUrl: string;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  transactionId: string | null;
};

export type FakePhonePe = {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookUsername: string;
  webhookPassword: string;
  requests: RecordedRequest[];
  orders: Map<string, PhonePeOrder>;
  /** The next POST /checkout/v2/pay answers this status (500 by default). */
  failNextOrder(status?: number): void;
  /** Revokes every token issued so far: the next API call with one answers 401. */
  expireTokens(): void;
  /** The student paid (or failed) on PhonePe's page: the status API answers this from now on. */
  complete(merchantOrderId: string, state: 'COMPLETED' | 'FAILED'): void;
  /** An authenticated callback; a still PENDING order is first completed with the event's state. */
  webhook(
    event: 'checkout.order.completed' | 'checkout.order.failed',
    merchantOrderId: string,
  ): { body: string; authorization: string };
  close(): Promise<void>;
};

export const PHONEPE_CLIENT_VERSION = 1;
const phonePeError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { success: false, code, message, data: {} },
});

export async function startFakePhonePe(): Promise<FakePhonePe> {
  const clientId = `FAKE_${randomId(5).toUpperCase()}`;
  const clientSecret = randomId(16);
  const webhookUsername = `hook_${randomId(4)}`;
  const webhookPassword = randomId(12);
  const requests: RecordedRequest[] = [];
  const orders: FakePhonePe['orders'] = new Map();
  const gatewayIds = new Map<string, string>();
  const tokens = new Set<string>();
  let failNext: number | null = null;
  let url = '';

  const paymentDetails = (o: PhonePeOrder) =>
    o.state === 'PENDING' || !o.transactionId
      ? []
      : [
          {
            paymentMode: 'UPI_QR',
            transactionId: o.transactionId,
            timestamp: Date.now(),
            amount: o.amount,
            state: o.state,
            ...(o.state === 'FAILED' ? { errorCode: 'TXN_FAILED', detailedErrorCode: 'ZM' } : {}),
          },
        ];
  const orderView = (o: PhonePeOrder) => ({
    orderId: gatewayIds.get(o.merchantOrderId) ?? `OMO${randomId()}`,
    merchantOrderId: o.merchantOrderId,
    state: o.state,
    amount: o.amount,
    expireAt: Date.now() + 20 * 60_000,
    ...(o.state === 'FAILED' ? { errorCode: 'TXN_FAILED', detailedErrorCode: 'ZM' } : {}),
    paymentDetails: paymentDetails(o),
  });

  const handle = (request: RecordedRequest): Reply => {
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/oauth/token') {
      if (!header(request, 'content-type')?.startsWith('application/x-www-form-urlencoded'))
        return phonePeError(400, 'BAD_REQUEST', 'form body expected');
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'client_credentials')
        return phonePeError(400, 'BAD_REQUEST', 'grant_type must be client_credentials');
      if (
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret ||
        form.get('client_version') !== String(PHONEPE_CLIENT_VERSION)
      )
        return phonePeError(401, 'UNAUTHORIZED', 'Client Not Found');
      const token = `fake-token-${randomId(12)}`;
      tokens.add(token);
      const now = Math.floor(Date.now() / 1000);
      return {
        status: 200,
        body: {
          access_token: token,
          encrypted_access_token: token,
          expires_in: null,
          issued_at: now,
          expires_at: now + 3600,
          session_expires_at: now + 3600,
          token_type: 'O-Bearer',
        },
      };
    }
    if (path.startsWith('/checkout-page/'))
      return { status: 200, body: '<h1>PhonePe (fake)</h1>', type: 'text/html' };
    const auth = header(request, 'authorization') ?? '';
    if (!auth.startsWith('O-Bearer ') || !tokens.has(auth.slice('O-Bearer '.length)))
      return phonePeError(401, 'UNAUTHORIZED', 'Unauthorized');
    if (request.method === 'POST' && path === '/checkout/v2/pay') {
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return phonePeError(
          status,
          'INTERNAL_SERVER_ERROR',
          'There is an error trying to process your request',
        );
      }
      const body = parseJson(request.body);
      const flow = body?.paymentFlow as Record<string, unknown> | undefined;
      const merchantUrls = flow?.merchantUrls as Record<string, unknown> | undefined;
      const { merchantOrderId, amount, expireAfter } = body ?? {};
      if (typeof merchantOrderId !== 'string' || !/^[A-Za-z0-9_-]{1,63}$/.test(merchantOrderId))
        return phonePeError(400, 'BAD_REQUEST', 'merchantOrderId: up to 63 letters, digits, _ or -');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
        return phonePeError(400, 'BAD_REQUEST', 'amount: an integer in paise, at least 100');
      if (
        expireAfter !== undefined &&
        (typeof expireAfter !== 'number' || expireAfter < 300 || expireAfter > 3600)
      )
        return phonePeError(400, 'BAD_REQUEST', 'expireAfter: 300 to 3600 seconds');
      if (flow?.type !== 'PG_CHECKOUT' || typeof merchantUrls?.redirectUrl !== 'string')
        return phonePeError(400, 'BAD_REQUEST', 'paymentFlow: PG_CHECKOUT with merchantUrls.redirectUrl');
      if (orders.has(merchantOrderId)) return phonePeError(400, 'BAD_REQUEST', 'Duplicate merchantOrderId');
      const order: PhonePeOrder = {
        merchantOrderId,
        amount,
        redirectUrl: `${url}/checkout-page/${merchantOrderId}`,
        state: 'PENDING',
        transactionId: null,
      };
      orders.set(merchantOrderId, order);
      gatewayIds.set(merchantOrderId, `OMO${randomId()}`);
      const { orderId, state, expireAt } = orderView(order);
      return { status: 200, body: { orderId, state, expireAt, redirectUrl: order.redirectUrl } };
    }
    const status = request.method === 'GET' && /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(path);
    if (status) {
      const order = orders.get(decodeURIComponent(status[1] ?? ''));
      if (!order) return phonePeError(404, 'ORDER_NOT_FOUND', 'No order found');
      const { merchantOrderId: _hidden, ...view } = orderView(order);
      return { status: 200, body: view };
    }
    return phonePeError(404, 'NOT_FOUND', 'Not found');
  };
  const server = await serve(handle, requests);
  url = server.url;

  const complete = (merchantOrderId: string, state: 'COMPLETED' | 'FAILED') => {
    const order = orders.get(merchantOrderId);
    if (!order) throw new Error(`fake PhonePe: no order ${merchantOrderId}`);
    order.state = state;
    order.transactionId = `OM${randomId(10).toUpperCase()}`;
  };
  return {
    url,
    clientId,
    clientSecret,
    webhookUsername,
    webhookPassword,
    requests,
    orders,
    failNextOrder: (code = 500) => {
      failNext = code;
    },
    expireTokens: () => tokens.clear(),
    complete,
    webhook: (event, merchantOrderId) => {
      const state = event === 'checkout.order.completed' ? 'COMPLETED' : 'FAILED';
      const known = orders.get(merchantOrderId);
      if (known?.state === 'PENDING') complete(merchantOrderId, state);
      const order = known ?? {
        merchantOrderId,
        amount: 100,
        redirectUrl: '',
        state,
        transactionId: `OM${randomId()}`,
      };
      const body = JSON.stringify({
        event,
        type: event === 'checkout.order.completed' ? 'CHECKOUT_ORDER_COMPLETED' : 'CHECKOUT_ORDER_FAILED',
        payload: { merchantId: clientId, ...orderView(order) },
      });
      return { body, authorization: sha256hex(`${webhookUsername}:${webhookPassword}`) };
    },
    close: server.close,
  };
}

export function phonePeEnv(fake: FakePhonePe): Record<string, string> {
  return {
    PHONEPE_CLIENT_ID: fake.clientId,
    PHONEPE_CLIENT_SECRET: fake.clientSecret,
    PHONEPE_CLIENT_VERSION: String(PHONEPE_CLIENT_VERSION),
    PHONEPE_AUTH_URL: fake.url,
    PHONEPE_API_URL: fake.url,
    PHONEPE_WEBHOOK_USERNAME: fake.webhookUsername,
    PHONEPE_WEBHOOK_PASSWORD: fake.webhookPassword,
  };
}
