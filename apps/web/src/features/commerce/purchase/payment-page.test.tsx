import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { GATEWAY_LABELS, PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { priceBreakdown } from '@pgel/shared/commerce/pricing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../../test/session-user';
import { type FakeRoute, fakeApi, PATIENTLY, readDialog } from '../../records/components/test-support';
import { PaymentPage, PRICE_CHANGED } from './payment-page';
import type { PaymentState } from './payment-state';
import { order, PACKAGE_ID, renderPage, UNPAID } from './test-support';

const STATE: PaymentState = {
  packageId: PACKAGE_ID,
  packageTitle: 'Single',
  couponCode: 'SAVE500X',
  gateway: 'razorpay',
  gatewayLabel: GATEWAY_LABELS.razorpay,
  breakdown: priceBreakdown(999_900, 50_000),
};
/** The order as the server prices it: the same figures the page was shown with. */
const ORDER = order({
  couponCode: 'SAVE500X',
  offerPaise: STATE.breakdown.offerPaise,
  discountPaise: STATE.breakdown.discountPaise,
  taxablePaise: STATE.breakdown.taxablePaise,
  gstPaise: STATE.breakdown.gstPaise,
  amountPaise: STATE.breakdown.totalPaise,
});
/** The order priced without the coupon (used up meanwhile or the state is old): ₹ 11,798.82. */
const DEARER_ORDER = order();
const RAZORPAY_CHECKOUT = {
  type: 'razorpay',
  scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
  keyId: 'rzp_test_key',
  gatewayOrderId: 'order_ABC',
  amountPaise: 1_120_882,
  currency: 'INR',
  name: 'PG e-Logbook',
  description: 'Single',
  prefill: { name: 'Asha Nair', email: 'asha@example.test', contact: '9876543210' },
};
const HANDLER_FIELDS = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_ABC',
  razorpay_signature: 'sig',
};
const VERIFY = `POST /payments/orders/${ORDER.id}/verify`;
const PAID_USER = sessionUser({ paid: true });

type Routes = Record<string, FakeRoute | ((body: unknown) => FakeRoute)>;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

/** Razorpay's 'payment.failed' argument for a declined card. */
const DECLINED = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment has been declined by the bank',
    source: 'bank',
    step: 'payment_authorization',
    reason: 'payment_declined',
    metadata: { order_id: 'order_ABC', payment_id: 'pay_2' },
  },
};

/**
 * Razorpay Checkout as checkout.js defines it: records the options and the `on` listeners;
 * `open` plays the student: pays; closes it; has two attempts declined, then closes it; or has
 * one declined, then pays on the retry Checkout offers.
 */
function fakeRazorpay(student: 'pays' | 'closes' | 'fails' | 'fails then pays') {
  const opened: Array<Record<string, unknown>> = [];
  class Razorpay {
    private readonly listeners = new Map<string, Array<(response: unknown) => void>>();
    constructor(private readonly options: Record<string, unknown>) {}
    on(event: string, listener: (response: unknown) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    open() {
      opened.push(this.options);
      const fail = () => {
        for (const listener of this.listeners.get('payment.failed') ?? []) listener(DECLINED);
      };
      const payHandler = () => (this.options.handler as (r: unknown) => void)(HANDLER_FIELDS);
      const close = () => (this.options.modal as { ondismiss: () => void }).ondismiss();
      if (student === 'pays') payHandler();
      else if (student === 'closes') close();
      else if (student === 'fails') {
        fail();
        fail();
        close();
      } else {
        fail();
        payHandler();
      }
    }
  }
  vi.stubGlobal('Razorpay', Razorpay);
  return opened;
}

function openPayment(routes: Routes, state: unknown = STATE) {
  const sent = fakeApi({
    'POST /payments/orders': { status: 201, body: { order: ORDER, checkout: RAZORPAY_CHECKOUT } },
    'GET /auth/me': { status: 200, body: { user: PAID_USER } },
    ...routes,
  });
  const rendered = renderPage('/payment', <PaymentPage />, '/payment', { user: UNPAID, state });
  return { sent, ...rendered };
}

/** Pay, then the confirm dialog's Pay. */
async function pay() {
  fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹ 11,208.82' }, PATIENTLY));
  const confirm = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.confirmTitle }, PATIENTLY);
  expect(confirm.textContent).toContain(PAYMENT_MESSAGES.confirmText('₹ 11,208.82', GATEWAY_LABELS.razorpay));
  fireEvent.click(within(confirm).getByRole('button', { name: 'Pay' }));
}

describe('PaymentPage', () => {
  it('without its state says Invalid Access and goes back to the cart', async () => {
    const { router } = openPayment({}, null);
    expect((await readDialog('Error')).textContent).toContain(PAYMENT_MESSAGES.invalidAccess);
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('without a signed-in user says so and goes to the login page', async () => {
    fakeApi({ 'GET /auth/me': { status: 401, body: { code: 'unauthorized', message: 'Please sign in' } } });
    const { router } = renderPage('/payment', <PaymentPage />, '/payment', { user: null, state: STATE });
    expect((await readDialog('Error')).textContent).toContain(PAYMENT_MESSAGES.invalidAccessNoUser);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the summary; a confirmed Pay orders, opens Checkout, verifies, signs in again and opens the dashboard', async () => {
    const opened = fakeRazorpay('pays');
    const { sent, router, queryClient } = openPayment({
      [VERIFY]: {
        status: 200,
        body: { status: 'paid', message: 'Payment verified', order: order({ status: 'paid' }) },
      },
    });
    const summary = await screen.findByRole('region', { name: 'Payment' }, PATIENTLY);
    expect(summary.textContent).toContain('Single');
    expect(summary.textContent).toContain('SAVE500X');
    expect(summary.textContent).toContain(GATEWAY_LABELS.razorpay);
    await pay();

    const success = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.successTitle }, PATIENTLY);
    expect(success.textContent).toContain(PAYMENT_MESSAGES.success);
    // Amounts come from the server: the page sends only what was chosen.
    expect(sent.find((r) => r.method === 'POST' && r.path === '/payments/orders')?.body).toEqual({
      packageId: PACKAGE_ID,
      gateway: 'razorpay',
      couponCode: 'SAVE500X',
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_ABC',
      amount: 1_120_882,
      currency: 'INR',
      name: 'PG e-Logbook',
      description: 'Single',
      prefill: RAZORPAY_CHECKOUT.prefill,
    });
    expect(sent.find((r) => r.path === `/payments/orders/${ORDER.id}/verify`)?.body).toEqual(HANDLER_FIELDS);
    // Not before the 2 s: then the fresh user (now paid) and the dashboard.
    expect(router.state.location.pathname).toBe('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 6000 });
    expect(sent.some((r) => r.path === '/auth/me')).toBe(true);
    expect(queryClient.getQueryData<{ paid: boolean }>(['auth', 'me'])?.paid).toBe(true);
  });

  it('says when the checkout script cannot load', async () => {
    // No window.Razorpay: the page adds checkout.js, which the test browser refuses to load.
    const { sent } = openPayment({});
    await pay();
    expect((await readDialog('Error')).textContent).toContain(PAYMENT_MESSAGES.scriptFailed);
    expect(sent.some((r) => r.path.endsWith('/verify'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Pay ₹ 11,208.82' })).toBeTruthy();
  });

  it('says when the student closes Checkout without paying', async () => {
    fakeRazorpay('closes');
    const { sent } = openPayment({});
    await pay();
    expect(await screen.findByText(PAYMENT_MESSAGES.cancelled, {}, PATIENTLY)).toBeTruthy();
    expect(sent.some((r) => r.path.endsWith('/verify'))).toBe(false);
  });

  it("shows the server's refusal of the order (a used coupon), or the spec's message otherwise", async () => {
    openPayment({
      'POST /payments/orders': { status: 409, body: { code: 'conflict', message: COUPON_MESSAGES.used } },
    });
    await pay();
    expect((await readDialog('Error')).textContent).toContain(COUPON_MESSAGES.used);
  });

  it("says 'Failed to create payment order' when the server fails", async () => {
    openPayment({
      'POST /payments/orders': { status: 500, body: { code: 'error', message: 'Something went wrong' } },
    });
    await pay();
    expect((await readDialog('Error')).textContent).toContain(PAYMENT_MESSAGES.createOrderFailed);
  });

  it("sends the student to a redirect gateway's page", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    openPayment({
      'POST /payments/orders': {
        status: 201,
        body: {
          order: { ...ORDER, gateway: 'phonepe' },
          checkout: { type: 'redirect', url: 'https://pay.example.test/p/1' },
        },
      },
    });
    await pay();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.test/p/1'), PATIENTLY);
  });

  it('says Payment Failed when the payment is not verified', async () => {
    fakeRazorpay('pays');
    const { router } = openPayment({
      [VERIFY]: { status: 400, body: { code: 'bad_request', message: PAYMENT_MESSAGES.verificationFailed } },
    });
    await pay();
    expect((await readDialog(PAYMENT_MESSAGES.paymentFailedTitle)).textContent).toContain(
      PAYMENT_MESSAGES.verificationFailed,
    );
    expect(router.state.location.pathname).toBe('/payment');
  });

  it("shows the server's message for a payment to be refunded", async () => {
    fakeRazorpay('pays');
    openPayment({
      [VERIFY]: {
        status: 200,
        body: {
          status: 'refund_due',
          message: COUPON_MESSAGES.exhaustedAtVerify,
          order: order({ status: 'refund_due' }),
        },
      },
    });
    await pay();
    expect((await readDialog('Payment Received')).textContent).toContain(COUPON_MESSAGES.exhaustedAtVerify);
  });

  it('says Payment Failed once when Checkout reports failed attempts, and not that the student cancelled', async () => {
    const opened = fakeRazorpay('fails');
    const { sent, router } = openPayment({});
    await pay();
    const failed = await screen.findByRole(
      'dialog',
      { name: PAYMENT_MESSAGES.paymentFailedTitle },
      PATIENTLY,
    );
    expect(failed.textContent).toContain(PAYMENT_MESSAGES.verificationFailed);
    expect(opened).toHaveLength(1);
    expect(screen.getAllByRole('dialog', { name: PAYMENT_MESSAGES.paymentFailedTitle })).toHaveLength(1);
    expect(screen.queryByText(PAYMENT_MESSAGES.cancelled)).toBeNull();
    // The webhook tells the server; the page invents no verify fields.
    expect(sent.some((r) => r.path.endsWith('/verify'))).toBe(false);
    fireEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), PATIENTLY);
    expect(screen.queryByText(PAYMENT_MESSAGES.cancelled)).toBeNull();
    expect(router.state.location.pathname).toBe('/payment');
    expect(screen.getByRole('button', { name: 'Pay ₹ 11,208.82' })).toBeTruthy();
  });

  it('verifies a retry that succeeds in Checkout after a failed attempt, without a failure dialog', async () => {
    fakeRazorpay('fails then pays');
    const { sent } = openPayment({
      [VERIFY]: {
        status: 200,
        body: { status: 'paid', message: 'Payment verified', order: order({ status: 'paid' }) },
      },
    });
    await pay();
    expect(
      await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.successTitle }, PATIENTLY),
    ).toBeTruthy();
    expect(sent.find((r) => r.path.endsWith('/verify'))?.body).toEqual(HANDLER_FIELDS);
    expect(screen.queryByRole('dialog', { name: PAYMENT_MESSAGES.paymentFailedTitle })).toBeNull();
  });

  it('asks before paying a price the server changed, then pays it', async () => {
    const opened = fakeRazorpay('pays');
    const { sent } = openPayment({
      'POST /payments/orders': {
        status: 201,
        body: {
          order: DEARER_ORDER,
          checkout: { ...RAZORPAY_CHECKOUT, amountPaise: DEARER_ORDER.amountPaise },
        },
      },
      [VERIFY]: {
        status: 200,
        body: { status: 'paid', message: 'Payment verified', order: order({ status: 'paid' }) },
      },
    });
    await pay();
    const changed = await screen.findByRole('dialog', { name: PRICE_CHANGED.title }, PATIENTLY);
    expect(changed.textContent).toContain(PRICE_CHANGED.text('₹ 11,798.82'));
    expect(changed.textContent).toContain(
      'The price has changed since you chose the package. The amount to pay is now ₹ 11,798.82. Continue?',
    );
    // No gateway before the student agrees to the new amount.
    expect(opened).toHaveLength(0);
    fireEvent.click(within(changed).getByRole('button', { name: 'Pay ₹ 11,798.82' }));
    expect(
      await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.successTitle }, PATIENTLY),
    ).toBeTruthy();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.amount).toBe(1_179_882);
    expect(sent.some((r) => r.path.endsWith('/verify'))).toBe(true);
  });

  it("opens no gateway when the student declines the changed price, and shows the server's figures", async () => {
    const opened = fakeRazorpay('pays');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { sent, router } = openPayment({
      'POST /payments/orders': {
        status: 201,
        body: { order: DEARER_ORDER, checkout: { type: 'redirect', url: 'https://pay.example.test/p/1' } },
      },
    });
    await pay();
    const changed = await screen.findByRole('dialog', { name: PRICE_CHANGED.title }, PATIENTLY);
    fireEvent.click(within(changed).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), PATIENTLY);
    expect(opened).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
    expect(sent.some((r) => r.path.endsWith('/verify'))).toBe(false);
    expect(router.state.location.pathname).toBe('/payment');
    // Back on the page, which now shows (and would confirm) what the server charges.
    const button = await screen.findByRole('button', { name: 'Pay ₹ 11,798.82' }, PATIENTLY);
    expect(button.hasAttribute('data-loading')).toBe(false);
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toContain('₹ 11,798.82');
  });
});
