import type { Checkout, VerifyPaymentInput } from '@pgel/shared/commerce/payments';

type RazorpayCheckout = Extract<Checkout, { type: 'razorpay' }>;

/** The part of Razorpay Checkout (checkout.js, `window.Razorpay`) the page uses. */
type RazorpayOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  handler: (response: Required<VerifyPaymentInput>) => void;
  modal: { ondismiss: () => void };
  theme?: { color: string };
};
/** The 'payment.failed' event's argument (Razorpay's error object; only what the page reads). */
export type RazorpayFailure = { error?: { description?: string; reason?: string } };
type RazorpayInstance = {
  open: () => void;
  on: (event: 'payment.failed', listener: (response: RazorpayFailure) => void) => void;
};
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** One load per address, shared by every Pay press; forgotten on failure so a retry loads again. */
const loading = new Map<string, Promise<void>>();

/** Loads checkout.js once (a plain <script>, as Razorpay documents); rejects when it cannot. */
export function loadRazorpayScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Razorpay missing after load')));
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.body.appendChild(script);
  });
  loading.set(src, promise);
  promise.catch(() => loading.delete(src));
  return promise;
}

export type CheckoutOutcome =
  | { kind: 'authorised'; response: Required<VerifyPaymentInput> }
  | { kind: 'failed'; failure: RazorpayFailure }
  | { kind: 'dismissed' };

/**
 * Opens Razorpay Checkout over the page for the order the server created and resolves with the
 * handler's three fields (to be verified on the server), or when the student closes it: 'failed'
 * when an attempt failed meanwhile, 'dismissed' otherwise.
 *
 * A failed attempt does not settle anything by itself: Checkout stays open showing Razorpay's
 * reason and lets the student retry (a retry that succeeds still calls the handler), so the
 * failure is only remembered (the first one) and reported when Checkout is closed. The server
 * learns of the failure from Razorpay's webhook, not from the page.
 */
export function openRazorpayCheckout(checkout: RazorpayCheckout): Promise<CheckoutOutcome> {
  const Razorpay = window.Razorpay;
  if (!Razorpay) return Promise.reject(new Error('Razorpay is not loaded'));
  return new Promise((resolve) => {
    let failure: RazorpayFailure | null = null;
    const instance = new Razorpay({
      key: checkout.keyId,
      order_id: checkout.gatewayOrderId,
      amount: checkout.amountPaise,
      currency: checkout.currency,
      name: checkout.name,
      description: checkout.description,
      prefill: checkout.prefill,
      handler: (response) =>
        resolve({
          kind: 'authorised',
          response: {
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_order_id: response.razorpay_order_id,
            razorpay_signature: response.razorpay_signature,
          },
        }),
      modal: { ondismiss: () => resolve(failure ? { kind: 'failed', failure } : { kind: 'dismissed' }) },
    });
    instance.on('payment.failed', (response) => {
      failure ??= response;
    });
    instance.open();
  });
}
