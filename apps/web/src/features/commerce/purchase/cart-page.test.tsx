import { COUPON_MESSAGES } from '@pgel/shared/commerce/coupons';
import { PACKAGE_MESSAGES } from '@pgel/shared/commerce/packages';
import { GATEWAY_LABELS, PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NAME } from '../../../components/brand';
import { stubScreenWidth } from '../../../test/screen-width';
import { sessionUser } from '../../../test/session-user';
import { type FakeRoute, fakeApi, PATIENTLY, readDialog } from '../../records/components/test-support';
import { CartPage } from './cart-page';
import { readPaymentState } from './payment-state';
import { SUPPORT_CHAT_SCRIPT_ID } from './support-chat';
import { PACKAGE_ID, pkg, renderPage, UNPAID } from './test-support';

const BOTH_GATEWAYS: FakeRoute = {
  status: 200,
  body: {
    items: [
      { id: 'razorpay', label: GATEWAY_LABELS.razorpay },
      { id: 'phonepe', label: GATEWAY_LABELS.phonepe },
    ],
  },
};
const SANDBOX_ONLY: FakeRoute = {
  status: 200,
  body: { items: [{ id: 'sandbox', label: GATEWAY_LABELS.sandbox }] },
};

const ROUTES: Record<string, FakeRoute | ((body: unknown) => FakeRoute)> = {
  'GET /packages': {
    status: 200,
    body: {
      items: [
        pkg(),
        pkg({
          id: '00000000-0000-4000-8000-00000000aa02',
          title: 'Group',
          description: 'Same department',
          pricePaise: 599_900,
          offerPricePaise: 599_900,
          validityMonths: 18,
        }),
      ],
    },
  },
  'GET /payments/gateways': BOTH_GATEWAYS,
  'GET /settings/public': { status: 500, body: { code: 'error', message: 'down' } },
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  document.getElementById(SUPPORT_CHAT_SCRIPT_ID)?.remove();
});

function openCart(routes: Record<string, FakeRoute | ((body: unknown) => FakeRoute)> = {}, user = UNPAID) {
  const sent = fakeApi({ ...ROUTES, ...routes });
  const rendered = renderPage('/cart', <CartPage />, '/cart', { user });
  return { sent, ...rendered };
}

async function buy(title: string) {
  const card = (await screen.findByRole('article', { name: title }, PATIENTLY)) as HTMLElement;
  fireEvent.click(within(card).getByRole('button', { name: 'Buy Now' }));
  return screen.findByRole('dialog', { name: 'Payment' }, PATIENTLY);
}

/** The breakdown table's rows as label -> amount. */
function breakdownOf(scope: HTMLElement): Record<string, string> {
  const table = within(scope).getByRole('table', { name: 'Price breakdown' });
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent ?? '',
        within(row).getByRole('cell').textContent ?? '',
      ]),
  );
}

describe('CartPage', () => {
  it('shows the product name and each package with its prices, validity and Buy Now', async () => {
    openCart();
    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT_NAME }, PATIENTLY)).toBeTruthy();
    const single = await screen.findByRole('article', { name: 'Single' }, PATIENTLY);
    // Price struck through above the offer price, in INR with Indian grouping.
    expect(within(single).getByLabelText('Price ₹ 12,000').style.textDecoration).toContain('line-through');
    expect(within(single).getByLabelText('Offer price ₹ 9,999')).toBeTruthy();
    expect(within(single).getByText('Valid for 3 years')).toBeTruthy();
    expect(within(single).getByText('For an individual postgraduate student.')).toBeTruthy();
    const group = screen.getByRole('article', { name: 'Group' });
    // No discount: only the offer price.
    expect(within(group).queryByLabelText(/^Price /)).toBeNull();
    expect(within(group).getByText('Valid for 18 months')).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Buy Now' })).toBeTruthy();
  });

  it('shows the sign-in message handed over in the router state, and no notice without it', async () => {
    fakeApi(ROUTES);
    renderPage('/cart', <CartPage />, '/cart', {
      user: UNPAID,
      state: { notice: PAYMENT_MESSAGES.loginPaymentPending },
    });
    const notice = await screen.findByRole('status', { name: 'Sign-in notice' }, PATIENTLY);
    expect(notice.textContent).toBe(PAYMENT_MESSAGES.loginPaymentPending);
    expect(await screen.findByRole('article', { name: 'Single' }, PATIENTLY)).toBeTruthy();
    cleanup();

    // Reached from a link or typed in: the same page, without the notice.
    openCart();
    expect(await screen.findByRole('article', { name: 'Single' }, PATIENTLY)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Sign-in notice' })).toBeNull();
    cleanup();

    // Whatever else the history holds is no notice.
    fakeApi(ROUTES);
    renderPage('/cart', <CartPage />, '/cart', { user: UNPAID, state: { notice: 42 } });
    expect(await screen.findByRole('article', { name: 'Single' }, PATIENTLY)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Sign-in notice' })).toBeNull();
  });

  it('says the packages could not be fetched', async () => {
    openCart({ 'GET /packages': { status: 500, body: { code: 'error', message: 'boom' } } });
    const alert = await screen.findByRole('alert', {}, PATIENTLY);
    expect(alert.textContent).toContain(PACKAGE_MESSAGES.fetchFailed);
  });

  it('sends a visitor nobody signed in as to /logout', async () => {
    const sent = fakeApi({
      ...ROUTES,
      'GET /auth/me': { status: 401, body: { code: 'unauthorized', message: 'Please sign in' } },
    });
    const { router } = renderPage('/cart', <CartPage />, '/cart', { user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'), PATIENTLY);
    expect(sent.some((request) => request.path === '/packages')).toBe(false);
  });

  it('tells a paid student and staff that there is nothing to buy', async () => {
    openCart({}, sessionUser({ paid: true }));
    expect(await screen.findByText(PAYMENT_MESSAGES.alreadyPaid, {}, PATIENTLY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
  });

  it('applies a coupon: empty code, a refused code, then a good one changes the breakdown', async () => {
    const { sent } = openCart({
      'POST /coupons/validate': (body) =>
        (body as { code: string }).code === 'SAVE500X'
          ? {
              status: 200,
              body: { message: COUPON_MESSAGES.applied, code: 'SAVE500X', discountPaise: 50_000 },
            }
          : { status: 409, body: { code: 'conflict', message: COUPON_MESSAGES.used } },
    });
    const modal = await buy('Single');
    expect(breakdownOf(modal)).toEqual({
      'Offer price': '₹ 9,999',
      'Coupon discount': '₹ 0',
      'Taxable amount': '₹ 9,999',
      'GST 18 %': '₹ 1,799.82',
      Total: '₹ 11,798.82',
    });

    const codeInput = within(modal).getByLabelText('Coupon code');
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    expect(await within(modal).findByText(COUPON_MESSAGES.codeRequired)).toBeTruthy();
    expect(sent.some((request) => request.path === '/coupons/validate')).toBe(false);

    fireEvent.change(codeInput, { target: { value: 'USEDCODE' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    expect(await within(modal).findByText(COUPON_MESSAGES.used, {}, PATIENTLY)).toBeTruthy();

    fireEvent.change(codeInput, { target: { value: ' SAVE500X ' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(breakdownOf(modal)['Coupon discount']).toBe('− ₹ 500'), PATIENTLY);
    expect(breakdownOf(modal)).toMatchObject({
      'Taxable amount': '₹ 9,499',
      'GST 18 %': '₹ 1,709.82',
      Total: '₹ 11,208.82',
    });
    expect(sent.filter((request) => request.path === '/coupons/validate').map((r) => r.body)).toEqual([
      { code: 'USEDCODE' },
      { code: 'SAVE500X' },
    ]);
  });

  it('proceeds to /payment with the package, coupon, chosen gateway and amounts', async () => {
    const { router } = openCart({
      'POST /coupons/validate': {
        status: 200,
        body: { message: 'ok', code: 'SAVE500X', discountPaise: 50_000 },
      },
    });
    const modal = await buy('Single');
    fireEvent.change(within(modal).getByLabelText('Coupon code'), { target: { value: 'save500x' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    await within(modal).findByText(/Coupon applied successfully/, {}, PATIENTLY);
    // The card gateway is the default; the student picks UPI.
    const card = await within(modal).findByRole('radio', { name: GATEWAY_LABELS.razorpay }, PATIENTLY);
    expect(card.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(modal).getByRole('radio', { name: GATEWAY_LABELS.phonepe }));
    fireEvent.click(within(modal).getByRole('button', { name: /^Proceed to pay/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'), PATIENTLY);
    expect(readPaymentState(router.state.location.state)).toEqual({
      packageId: PACKAGE_ID,
      packageTitle: 'Single',
      couponCode: 'SAVE500X',
      gateway: 'phonepe',
      gatewayLabel: GATEWAY_LABELS.phonepe,
      breakdown: {
        offerPaise: 999_900,
        discountPaise: 50_000,
        taxablePaise: 949_900,
        gstPaise: 170_982,
        totalPaise: 1_120_882,
      },
    });
  });

  it('refuses a total of 0 with the Payment Issue message', async () => {
    const { router } = openCart({
      'POST /coupons/validate': {
        status: 200,
        body: { message: 'ok', code: 'FREEPASS', discountPaise: 2_000_000 },
      },
    });
    const modal = await buy('Single');
    fireEvent.change(within(modal).getByLabelText('Coupon code'), { target: { value: 'FREEPASS' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(breakdownOf(modal).Total).toBe('₹ 0'), PATIENTLY);
    await within(modal).findByRole('radio', { name: GATEWAY_LABELS.razorpay }, PATIENTLY);
    fireEvent.click(within(modal).getByRole('button', { name: /^Proceed to pay/ }));
    expect((await readDialog('Payment Issue')).textContent).toContain(PAYMENT_MESSAGES.paymentIssue);
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('opens the Payment modal full-screen on a 390 px phone', async () => {
    stubScreenWidth(390);
    openCart();
    const modal = await buy('Single');
    expect(modal.getAttribute('data-full-screen')).toBe('true');
  });

  it('marks the sandbox as a test payment when it is the only gateway', async () => {
    openCart({ 'GET /payments/gateways': SANDBOX_ONLY });
    const modal = await buy('Single');
    const radio = await within(modal).findByRole('radio', { name: GATEWAY_LABELS.sandbox }, PATIENTLY);
    expect(radio.getAttribute('aria-checked')).toBe('true');
    expect(within(modal).getByText('Test payment')).toBeTruthy();
  });

  it('loads the support chat script once when the setting names one, and none when unset', async () => {
    const settings = (supportChatScriptUrl: string | null): FakeRoute => ({
      status: 200,
      body: {
        isLaunched: true,
        launchGateActive: false,
        company: { name: 'PG e-Logbook', address: 'Delhi', phone: '9999999999', email: 'a@b.test' },
        links: { superSpecialitySite: '', diplomaSite: '' },
        videoUrl: null,
        launchGuests: [],
        devToolsDetector: false,
        supportChatScriptUrl,
      },
    });
    const first = openCart({ 'GET /settings/public': settings(null) });
    await screen.findByRole('article', { name: 'Single' }, PATIENTLY);
    await waitFor(() => expect(first.sent.some((r) => r.path === '/settings/public')).toBe(true));
    expect(document.getElementById(SUPPORT_CHAT_SCRIPT_ID)).toBeNull();
    first.unmount();

    const url = 'https://chat.example.test/widget.js';
    const second = openCart({ 'GET /settings/public': settings(url) });
    await screen.findByRole('article', { name: 'Single' }, PATIENTLY);
    const script = await waitFor(() => {
      const found = document.getElementById(SUPPORT_CHAT_SCRIPT_ID) as HTMLScriptElement | null;
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    }, PATIENTLY);
    expect(script.src).toBe(url);
    expect(script.async).toBe(true);
    second.unmount();
    // Another visit to the page in the same tab adds no second copy.
    openCart({ 'GET /settings/public': settings(url) });
    await screen.findByRole('article', { name: 'Single' }, PATIENTLY);
    expect(document.querySelectorAll(`#${SUPPORT_CHAT_SCRIPT_ID}`)).toHaveLength(1);
  });
});
