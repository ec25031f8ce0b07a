import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../../test/session-user';
import { type FakeRoute, fakeApi, PATIENTLY, readDialog } from '../../records/components/test-support';
import { PaymentReturnPage } from './payment-return-page';
import { order, renderPage, UNPAID } from './test-support';

const ORDER = order({ gateway: 'phonepe' });
const VERIFY = `POST /payments/orders/${ORDER.id}/verify`;
const URL_BACK = `/payment/return?order=${ORDER.id}`;

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const answer = (status: 'paid' | 'failed' | 'pending' | 'refund_due', message = 'ok'): FakeRoute => ({
  status: 200,
  body: { status, message, order: order({ status: status === 'pending' ? 'created' : status }) },
});

function openReturn(verify: FakeRoute | ((body: unknown) => FakeRoute), url = URL_BACK, props = {}) {
  const sent = fakeApi({
    [VERIFY]: verify,
    'GET /auth/me': { status: 200, body: { user: sessionUser({ paid: true }) } },
  });
  const rendered = renderPage('/payment/return', <PaymentReturnPage {...props} />, url, { user: UNPAID });
  const verifies = () => sent.filter((r) => r.method === 'POST' && r.path.endsWith('/verify'));
  return { sent, verifies, ...rendered };
}

describe('PaymentReturnPage', () => {
  it('verifies the order with an empty body and, once paid, signs in again and opens the dashboard', async () => {
    const { router, verifies } = openReturn(answer('paid'));
    const success = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.successTitle }, PATIENTLY);
    expect(success.textContent).toContain(PAYMENT_MESSAGES.success);
    expect(verifies()[0]?.body).toEqual({});
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 6000 });
  });

  it('asks again while the bank has not answered, then acts on its answer', async () => {
    let calls = 0;
    const { router, verifies } = openReturn(
      () => {
        calls += 1;
        return calls < 3 ? answer('pending') : answer('failed');
      },
      URL_BACK,
      { pollMs: 50 },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), PATIENTLY);
    expect(verifies().length).toBeGreaterThanOrEqual(3);
    expect((await readDialog(PAYMENT_MESSAGES.paymentFailedTitle)).textContent).toContain(
      PAYMENT_MESSAGES.verificationFailed,
    );
  });

  it('stops asking at the time limit and offers to check again', async () => {
    const { verifies } = openReturn(answer('pending'), URL_BACK, { pollMs: 40, pollLimitMs: 200 });
    expect(await screen.findByRole('button', { name: 'Check again' }, PATIENTLY)).toBeTruthy();
    expect(screen.getByText(PAYMENT_MESSAGES.pending)).toBeTruthy();
    const asked = verifies().length;
    expect(asked).toBeGreaterThanOrEqual(2);
    // 200 ms at one call per 40 ms: a bounded number of calls, then none.
    expect(asked).toBeLessThanOrEqual(8);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(verifies().length).toBe(asked);
  });

  it('shows the reason for a payment to be refunded and returns to the cart', async () => {
    const { router } = openReturn(answer('refund_due', PAYMENT_MESSAGES.duplicatePayment));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), PATIENTLY);
    expect((await readDialog('Payment Received')).textContent).toContain(PAYMENT_MESSAGES.duplicatePayment);
  });

  it('without an order says Invalid Access and goes to the cart', async () => {
    const { router, verifies } = openReturn(answer('paid'), '/payment/return');
    expect((await readDialog('Error')).textContent).toContain(PAYMENT_MESSAGES.invalidAccess);
    expect(router.state.location.pathname).toBe('/cart');
    expect(verifies()).toHaveLength(0);
  });
});
