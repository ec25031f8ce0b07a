import { PAYMENT_MESSAGES, paymentReturnPath } from '@pgel/shared/commerce/payments';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, PATIENTLY } from '../../records/components/test-support';
import { SandboxCheckoutPage } from './sandbox-checkout-page';
import { renderPage, UNPAID } from './test-support';

const GATEWAY_ORDER = 'sbx_123';
const RETURN_URL = paymentReturnPath('00000000-0000-4000-8000-00000000bb01');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openSandbox(state: 'pending' | 'completed' = 'pending') {
  const sent = fakeApi({
    [`GET /payments/sandbox/${GATEWAY_ORDER}`]: {
      status: 200,
      body: { gatewayOrderId: GATEWAY_ORDER, amountPaise: 1_120_882, description: 'Single (3 years)', state },
    },
    [`POST /payments/sandbox/${GATEWAY_ORDER}/complete`]: { status: 200, body: { returnUrl: RETURN_URL } },
  });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  renderPage('/sandbox-checkout/:id', <SandboxCheckoutPage />, `/sandbox-checkout/${GATEWAY_ORDER}`, {
    user: UNPAID,
  });
  return { sent, assign };
}

describe('SandboxCheckoutPage', () => {
  it('labels itself a test payment and shows the amount and description', async () => {
    openSandbox();
    expect((await screen.findByRole('note', {}, PATIENTLY)).textContent).toContain(
      PAYMENT_MESSAGES.sandboxLabel,
    );
    expect(await screen.findByText('₹ 11,208.82', {}, PATIENTLY)).toBeTruthy();
    expect(screen.getByText('Single (3 years)')).toBeTruthy();
  });

  it.each([
    ['Pay (test success)', 'success'],
    ['Fail payment', 'failure'],
  ])('%s settles the test order and returns to the app', async (label, outcome) => {
    const { sent, assign } = openSandbox();
    fireEvent.click(await screen.findByRole('button', { name: label }, PATIENTLY));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(RETURN_URL), PATIENTLY);
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ outcome });
  });

  it('offers no buttons for an order already settled', async () => {
    openSandbox('completed');
    expect(await screen.findByText(/already completed/, {}, PATIENTLY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay (test success)' })).toBeNull();
  });
});
