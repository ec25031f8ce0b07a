import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type RazorpaySettings } from '../../../config';
import { type FakeRazorpay, razorpayEnv, startFakeRazorpay } from '../../../test/fake-gateways';
import { GatewayError, type GatewayOrderInput } from './gateway';
import { RazorpayGateway } from './razorpay';

describe('Razorpay gateway (against a loopback fake of its API)', () => {
  let fake: FakeRazorpay;
  let settings: RazorpaySettings;
  let gateway: RazorpayGateway;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    // Through loadConfig, so razorpayEnv and the config agree on the variable names.
    const loaded = loadConfig(razorpayEnv(fake)).payments.razorpay;
    if (!loaded) throw new Error('razorpayEnv did not configure Razorpay');
    settings = loaded;
    gateway = new RazorpayGateway(settings);
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  function orderInput(amountPaise = 235_882): GatewayOrderInput {
    return {
      orderId: randomUUID(),
      amountPaise,
      description: 'Gold package (12 months)',
      customer: { id: randomUUID(), name: 'Asha Rao', email: 'asha@example.org', phone: '9876543210' },
      returnUrl: 'http://app.test/payment/return?order=x',
    };
  }

  it('creates the order with Basic auth, the amount in paise and our id as receipt, and hands Checkout its fields', async () => {
    const input = orderInput();
    const order = await gateway.createOrder(input);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/orders');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({
      amount: 235_882,
      currency: 'INR',
      receipt: input.orderId,
      notes: { orderId: input.orderId, userId: input.customer.id },
    });
    const created = fake.orders.get(order.gatewayOrderId);
    expect(created).toEqual({
      id: order.gatewayOrderId,
      amount: 235_882,
      currency: 'INR',
      receipt: input.orderId,
    });
    expect(order.checkout).toEqual({
      type: 'razorpay',
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      keyId: fake.keyId,
      gatewayOrderId: order.gatewayOrderId,
      amountPaise: 235_882,
      currency: 'INR',
      name: 'PG e-Logbook',
      description: 'Gold package (12 months)',
      prefill: { name: 'Asha Rao', email: 'asha@example.org', contact: '9876543210' },
    });
    expect(JSON.stringify(order)).not.toContain(fake.keySecret);
  });

  it('turns an error answer, wrong keys, an unreachable API and a wrong amount into GatewayError without the secret', async () => {
    fake.failNextOrder(503);
    const failed = await gateway.createOrder(orderInput()).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(GatewayError);
    expect((failed as GatewayError).gateway).toBe('razorpay');
    expect((failed as Error).message).toContain('503');

    const wrongKey = new RazorpayGateway({ ...settings, keySecret: 'not-the-secret' });
    const refused = await wrongKey.createOrder(orderInput()).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as Error).message).toContain('401');
    expect((refused as Error).message).not.toContain('not-the-secret');

    // A port nothing listens on: the fake's, after a throwaway fake is closed.
    const gone = await startFakeRazorpay();
    await gone.close();
    const offline = new RazorpayGateway({ ...settings, apiUrl: gone.url });
    const unreachable = await offline.createOrder(orderInput()).catch((err: unknown) => err);
    expect(unreachable).toBeInstanceOf(GatewayError);
    expect((unreachable as Error).message).not.toContain(settings.keySecret);

    const halfPrice: typeof fetch = async (url, init) => {
      const body = JSON.parse(String(init?.body));
      return fetch(url, { ...init, body: JSON.stringify({ ...body, amount: Math.floor(body.amount / 2) }) });
    };
    const tampered = new RazorpayGateway(settings, halfPrice);
    await expect(tampered.createOrder(orderInput())).rejects.toBeInstanceOf(GatewayError);
  });

  it('the fake refuses a body the real API refuses, so the tests above prove what was sent', async () => {
    await expect(gateway.createOrder({ ...orderInput(), amountPaise: 10.5 })).rejects.toThrow(/400/);
    await expect(gateway.createOrder({ ...orderInput(), orderId: 'x'.repeat(41) })).rejects.toBeInstanceOf(
      GatewayError,
    );
    expect(fake.requests.filter((r) => r.path === '/v1/orders')).toHaveLength(1);
  });

  it('confirms a payment whose signature checks out and whose captured amount Razorpay reports', async () => {
    const { gatewayOrderId } = await gateway.createOrder(orderInput(50_000));
    fake.setPayment('pay_ok1', { orderId: gatewayOrderId, amount: 50_000, status: 'captured' });
    const proof = {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: 'pay_ok1',
      razorpay_signature: fake.signPayment(gatewayOrderId, 'pay_ok1'),
    };
    expect(await gateway.confirm({ gatewayOrderId, proof })).toEqual({
      status: 'paid',
      paymentId: 'pay_ok1',
      amountPaise: 50_000,
    });
    expect(fake.requests.at(-1)?.path).toBe('/v1/payments/pay_ok1');

    fake.setPayment('pay_auth', { orderId: gatewayOrderId, amount: 50_000, status: 'authorized' });
    const authorized = { ...proof, razorpay_payment_id: 'pay_auth' };
    authorized.razorpay_signature = fake.signPayment(gatewayOrderId, 'pay_auth');
    expect((await gateway.confirm({ gatewayOrderId, proof: authorized })).status).toBe('pending');

    fake.setPayment('pay_bad', { orderId: gatewayOrderId, amount: 50_000, status: 'failed' });
    const failed = {
      ...proof,
      razorpay_payment_id: 'pay_bad',
      razorpay_signature: fake.signPayment(gatewayOrderId, 'pay_bad'),
    };
    expect(await gateway.confirm({ gatewayOrderId, proof: failed })).toEqual({
      status: 'failed',
      paymentId: 'pay_bad',
      reason: 'Payment processing failed because of incorrect OTP',
    });
  });

  it('refuses missing fields, a tampered signature and a proof for another order without asking Razorpay', async () => {
    const { gatewayOrderId } = await gateway.createOrder(orderInput());
    const other = await gateway.createOrder(orderInput());
    fake.requests.length = 0;
    const signature = fake.signPayment(gatewayOrderId, 'pay_x');
    const good = {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: 'pay_x',
      razorpay_signature: signature,
    };

    const cases = [
      {},
      { ...good, razorpay_signature: undefined },
      { ...good, razorpay_signature: `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}` },
      { ...good, razorpay_signature: 'short' },
      { ...good, razorpay_payment_id: 'pay_y' },
      // Genuinely signed, but for the other order: a student may not pay one order with another's proof.
      {
        razorpay_order_id: other.gatewayOrderId,
        razorpay_payment_id: 'pay_x',
        razorpay_signature: fake.signPayment(other.gatewayOrderId, 'pay_x'),
      },
    ];
    for (const proof of cases) {
      expect((await gateway.confirm({ gatewayOrderId, proof })).status).toBe('invalid');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('answers pending when the signature is genuine but Razorpay cannot be asked', async () => {
    const { gatewayOrderId } = await gateway.createOrder(orderInput());
    const proof = {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: 'pay_unknown_yet',
      razorpay_signature: fake.signPayment(gatewayOrderId, 'pay_unknown_yet'),
    };
    // The fake does not know the payment (as if Razorpay answered an error): pending, not invalid.
    expect(await gateway.confirm({ gatewayOrderId, proof })).toEqual({ status: 'pending' });
  });

  describe('webhooks', () => {
    const request = (body: string, signature?: string) => ({
      rawBody: Buffer.from(body),
      headers: signature === undefined ? {} : { 'x-razorpay-signature': signature },
    });

    it('reads a signed payment.captured and payment.failed, the same each time the body is delivered', () => {
      const captured = fake.webhook('payment.captured', 'order_abc', 'pay_abc', 12_345);
      const event = gateway.parseWebhook(request(captured.body, captured.signature));
      expect(event).toEqual({
        gatewayOrderId: 'order_abc',
        event: 'payment.captured',
        outcome: { status: 'paid', paymentId: 'pay_abc', amountPaise: 12_345 },
      });
      // Razorpay retries deliveries: a replay parses identically (settling it twice is idempotent).
      expect(gateway.parseWebhook(request(captured.body, captured.signature))).toEqual(event);

      const failed = fake.webhook('payment.failed', 'order_abc', 'pay_def', 12_345);
      expect(gateway.parseWebhook(request(failed.body, failed.signature))).toEqual({
        gatewayOrderId: 'order_abc',
        event: 'payment.failed',
        outcome: {
          status: 'failed',
          paymentId: 'pay_def',
          reason: 'Payment processing failed because of incorrect OTP',
        },
      });
    });

    it('refuses a missing or wrong signature, a body changed after signing, and any webhook without a secret', () => {
      const { body, signature } = fake.webhook('payment.captured', 'order_abc', 'pay_abc', 12_345);
      expect(gateway.parseWebhook(request(body))).toBeNull();
      expect(gateway.parseWebhook(request(body, 'f'.repeat(64)))).toBeNull();
      expect(gateway.parseWebhook(request(body.replace('12345', '1'), signature))).toBeNull();
      const noSecret = new RazorpayGateway({ ...settings, webhookSecret: undefined });
      expect(noSecret.parseWebhook(request(body, signature))).toBeNull();
    });

    it('reads order.paid as paid and other signed events as changing nothing', () => {
      const paidBody = JSON.stringify({
        event: 'order.paid',
        payload: {
          payment: { entity: { id: 'pay_o', order_id: 'order_o', amount: 700, status: 'captured' } },
          order: { entity: { id: 'order_o', amount_paid: 700 } },
        },
      });
      // Signed as Razorpay documents it, independently of the adapter's helper.
      const sign = (body: string) => createHmac('sha256', fake.webhookSecret).update(body).digest('hex');
      expect(gateway.parseWebhook(request(paidBody, sign(paidBody)))?.outcome).toEqual({
        status: 'paid',
        paymentId: 'pay_o',
        amountPaise: 700,
      });
      const authorizedBody = paidBody.replace('order.paid', 'payment.authorized');
      expect(gateway.parseWebhook(request(authorizedBody, sign(authorizedBody)))).toEqual({
        gatewayOrderId: 'order_o',
        event: 'payment.authorized',
        outcome: { status: 'pending' },
      });
    });
  });
});
