import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type PhonePeSettings } from '../../../config';
import { type FakePhonePe, phonePeEnv, startFakePhonePe } from '../../../test/fake-gateways';
import { GatewayError, type GatewayOrderInput } from './gateway';
import { PhonePeGateway } from './phonepe';

describe('PhonePe gateway (against a loopback fake of Standard Checkout v2)', () => {
  let fake: FakePhonePe;
  let settings: PhonePeSettings;

  beforeAll(async () => {
    fake = await startFakePhonePe();
    // Through loadConfig, so phonePeEnv and the config agree on the variable names.
    const loaded = loadConfig(phonePeEnv(fake)).payments.phonepe;
    if (!loaded) throw new Error('phonePeEnv did not configure PhonePe');
    settings = loaded;
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const tokenCalls = () => fake.requests.filter((r) => r.path === '/v1/oauth/token');
  const input = (amountPaise = 235_882): GatewayOrderInput => ({
    orderId: randomUUID(),
    amountPaise,
    description: 'Gold package (12 months)',
    customer: { id: randomUUID(), name: 'Asha Rao', email: 'asha@example.org', phone: '9876543210' },
    returnUrl: 'http://app.test/payment/return?order=abc',
  });

  it('gets a token with the client credentials, then creates the order with it and redirects to PhonePe', async () => {
    const gateway = new PhonePeGateway(settings);
    const order = input();
    const created = await gateway.createOrder(order);

    expect(created).toEqual({
      gatewayOrderId: order.orderId,
      checkout: { type: 'redirect', url: `${fake.url}/checkout-page/${order.orderId}` },
    });
    const [token, pay] = fake.requests;
    expect(token?.path).toBe('/v1/oauth/token');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      client_id: fake.clientId,
      client_version: '1',
      client_secret: fake.clientSecret,
      grant_type: 'client_credentials',
    });
    expect(pay?.path).toBe('/checkout/v2/pay');
    expect(pay?.headers.authorization).toMatch(/^O-Bearer fake-token-/);
    expect(JSON.parse(pay?.body ?? '')).toEqual({
      merchantOrderId: order.orderId,
      amount: 235_882,
      expireAfter: 1200,
      metaInfo: { udf1: order.customer.id },
      paymentFlow: {
        type: 'PG_CHECKOUT',
        message: 'Gold package (12 months)',
        merchantUrls: { redirectUrl: 'http://app.test/payment/return?order=abc' },
      },
    });
    expect(fake.orders.get(order.orderId)).toMatchObject({ amount: 235_882, state: 'PENDING' });
  });

  it('reuses its token until it expires, and renews it once when PhonePe answers 401', async () => {
    const gateway = new PhonePeGateway(settings);
    await gateway.createOrder(input());
    const second = input();
    await gateway.createOrder(second);
    expect(tokenCalls()).toHaveLength(1);

    fake.expireTokens();
    expect(await gateway.confirm({ gatewayOrderId: second.orderId, proof: {} })).toEqual({
      status: 'pending',
    });
    expect(tokenCalls()).toHaveLength(2);
    const [old, renewed] = fake.requests
      .filter((r) => r.path.startsWith('/checkout/v2/order/'))
      .map((r) => r.headers.authorization);
    expect(old).not.toBe(renewed);
  });

  it('asks for a new token shortly before expires_at', async () => {
    // A token server whose tokens expire in 30 s (inside the adapter's safety margin).
    const shortLived: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      if (!String(url).endsWith('/v1/oauth/token')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return Response.json(
        { ...body, expires_at: Math.floor(Date.now() / 1000) + 30 },
        { status: response.status },
      );
    };
    const gateway = new PhonePeGateway(settings, shortLived);
    await gateway.createOrder(input());
    await gateway.createOrder(input());
    expect(tokenCalls()).toHaveLength(2);
  });

  it('turns an error answer, wrong credentials and an unreachable API into GatewayError', async () => {
    const gateway = new PhonePeGateway(settings);
    fake.failNextOrder(500);
    const failed = await gateway.createOrder(input()).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(GatewayError);
    expect((failed as GatewayError).gateway).toBe('phonepe');

    const wrong = new PhonePeGateway({ ...settings, clientSecret: 'not-the-secret' });
    const refused = await wrong.createOrder(input()).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as Error).message).not.toContain('not-the-secret');

    const gone = await startFakePhonePe();
    await gone.close();
    const offline = new PhonePeGateway({ ...settings, authUrl: gone.url, apiUrl: gone.url });
    await expect(offline.createOrder(input())).rejects.toBeInstanceOf(GatewayError);
    // Asked for a status it cannot reach, the adapter says pending: the page polls, the webhook settles.
    expect(await offline.confirm({ gatewayOrderId: randomUUID(), proof: {} })).toEqual({ status: 'pending' });

    // The fake refuses what PhonePe refuses (amounts below 100 paise, ids it cannot take).
    await expect(gateway.createOrder(input(99))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.createOrder({ ...input(), orderId: 'not/allowed' })).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('maps the order status: PENDING, COMPLETED (transaction id and amount) and FAILED; unknown orders are invalid', async () => {
    const gateway = new PhonePeGateway(settings);
    const paid = input(50_000);
    await gateway.createOrder(paid);
    expect(await gateway.confirm({ gatewayOrderId: paid.orderId, proof: {} })).toEqual({ status: 'pending' });

    fake.complete(paid.orderId, 'COMPLETED');
    const transactionId = fake.orders.get(paid.orderId)?.transactionId;
    expect(await gateway.confirm({ gatewayOrderId: paid.orderId, proof: {} })).toEqual({
      status: 'paid',
      paymentId: transactionId,
      amountPaise: 50_000,
    });
    expect(fake.requests.at(-1)?.path).toBe(`/checkout/v2/order/${paid.orderId}/status`);

    const failed = input();
    await gateway.createOrder(failed);
    fake.complete(failed.orderId, 'FAILED');
    expect(await gateway.confirm({ gatewayOrderId: failed.orderId, proof: {} })).toEqual({
      status: 'failed',
      paymentId: fake.orders.get(failed.orderId)?.transactionId,
      reason: 'TXN_FAILED ZM',
    });

    expect((await gateway.confirm({ gatewayOrderId: randomUUID(), proof: {} })).status).toBe('invalid');
  });

  it('keeps an order pending when PhonePe answers a rate limit or a 5xx: the payment may have been made', async () => {
    const order = input(50_000);
    let statusAnswer = 429;
    const troubled: typeof fetch = async (url, init) =>
      String(url).includes('/checkout/v2/order/')
        ? Response.json({ code: 'TOO_MANY_REQUESTS' }, { status: statusAnswer })
        : fetch(url, init);
    const gateway = new PhonePeGateway(settings, troubled);
    await gateway.createOrder(order);
    fake.complete(order.orderId, 'COMPLETED');
    expect(await gateway.confirm({ gatewayOrderId: order.orderId, proof: {} })).toEqual({
      status: 'pending',
    });
    statusAnswer = 503;
    expect(await gateway.confirm({ gatewayOrderId: order.orderId, proof: {} })).toEqual({
      status: 'pending',
    });
  });

  describe('webhooks', () => {
    const request = (body: string, authorization?: string) => ({
      rawBody: Buffer.from(body),
      headers: authorization === undefined ? {} : { authorization },
    });

    it('reads an authenticated checkout.order.completed and checkout.order.failed by payload.state', async () => {
      const gateway = new PhonePeGateway(settings);
      const order = input(70_000);
      await gateway.createOrder(order);
      const completed = fake.webhook('checkout.order.completed', order.orderId);
      const event = gateway.parseWebhook(request(completed.body, completed.authorization));
      expect(event).toEqual({
        gatewayOrderId: order.orderId,
        event: 'checkout.order.completed',
        outcome: {
          status: 'paid',
          paymentId: fake.orders.get(order.orderId)?.transactionId,
          amountPaise: 70_000,
        },
      });
      // A redelivery parses identically (settling it twice changes nothing).
      expect(gateway.parseWebhook(request(completed.body, completed.authorization))).toEqual(event);

      const other = input();
      await gateway.createOrder(other);
      const failed = fake.webhook('checkout.order.failed', other.orderId);
      expect(gateway.parseWebhook(request(failed.body, failed.authorization))?.outcome).toMatchObject({
        status: 'failed',
      });
    });

    it('refuses a missing or wrong Authorization and any webhook without configured credentials', () => {
      const gateway = new PhonePeGateway(settings);
      const { body, authorization } = fake.webhook('checkout.order.completed', randomUUID());
      expect(gateway.parseWebhook(request(body))).toBeNull();
      const wrong = createHash('sha256').update(`${fake.webhookUsername}:guess`).digest('hex');
      expect(gateway.parseWebhook(request(body, wrong))).toBeNull();
      // Basic credentials in clear are not what PhonePe sends.
      const basic = `Basic ${Buffer.from(`${fake.webhookUsername}:${fake.webhookPassword}`).toString('base64')}`;
      expect(gateway.parseWebhook(request(body, basic))).toBeNull();
      expect(
        new PhonePeGateway({ ...settings, webhook: undefined }).parseWebhook(request(body, authorization)),
      ).toBeNull();
    });

    it('does not settle an order from a refund event even though its state is COMPLETED', () => {
      const gateway = new PhonePeGateway(settings);
      const { authorization } = fake.webhook('checkout.order.completed', randomUUID());
      const refund = JSON.stringify({
        event: 'pg.refund.completed',
        payload: {
          originalMerchantOrderId: 'm-1',
          merchantRefundId: 'r-1',
          refundId: 'OMR1',
          state: 'COMPLETED',
          amount: 100,
          paymentDetails: [{ transactionId: 'OM1', state: 'COMPLETED' }],
        },
      });
      expect(gateway.parseWebhook(request(refund, authorization))).toEqual({
        gatewayOrderId: 'm-1',
        event: 'pg.refund.completed',
        outcome: { status: 'pending' },
      });
    });
  });
});
