import { z } from 'zod';
import { CouponCodeSchema } from './coupons';

/**
 * Payments (spec 01 sections 2.8, 2.9, 4, 7, 8; issue 13). One interface over the gateways,
 * chosen per order: Razorpay (card, Checkout in the page; the default), PhonePe (UPI, a redirect)
 * and, when neither has keys, a local sandbox that takes no money. The server computes every
 * amount from the package and the coupon; the page's figures are only shown.
 */
export const GATEWAY_IDS = ['razorpay', 'phonepe', 'sandbox'] as const;
export type GatewayId = (typeof GATEWAY_IDS)[number];

export const GATEWAY_LABELS: Record<GatewayId, string> = {
  razorpay: 'Card, net banking, wallets (Razorpay)',
  phonepe: 'UPI (PhonePe)',
  sandbox: 'Test payment (sandbox, no money moves)',
};

export const PAYMENT_MESSAGES = {
  /** The login message of a student who has not paid; the page goes to /cart when it mentions payment. */
  loginPaymentPending: 'Login successful. Please complete your payment to start using your logbook.',
  /** Any logbook write by a student who has not paid. */
  paymentRequired: 'Please complete your payment to start using your logbook.',
  invalidAccess: 'Invalid Access',
  invalidAccessNoUser: 'Invalid Access: User information is missing. Redirecting to login...',
  paymentIssue: 'Payment Issue: Contact to administrator !!!',
  scriptFailed: 'Failed to load Razorpay SDK. Please check your connection.',
  createOrderFailed: 'Failed to create payment order',
  phonePeOrderFailed: 'Failed to create PhonePe order',
  verificationFailed: 'Payment Failed: Payment verification failed. Please try again.',
  paymentFailedTitle: 'Payment Failed',
  cancelled: 'Payment cancelled. You can try again when you are ready.',
  pending: 'Your payment is being confirmed by the bank. This page will update in a moment.',
  success: 'Payment successful! Signing you in again…',
  successTitle: 'Payment Successful',
  confirmTitle: 'Confirm Payment',
  confirmText: (amount: string, gateway: string) => `Pay ${amount} through ${gateway}?`,
  alreadyPaid: 'Your package is already active.',
  studentsOnly: 'Only students buy a package.',
  gatewayUnavailable: 'This payment method is not available. Please choose another.',
  orderNotFound: 'Payment order not found',
  duplicatePayment:
    'This payment was received after your package was already active. It will be refunded in 5 to 8 business days.',
  sandboxLabel: 'TEST PAYMENT: this is the local sandbox gateway. No money moves.',
  tooManyCouponAttempts: 'Too many coupon attempts. Please wait 15 minutes and try again.',
  tooManyOrders: 'Too many payment attempts. Please wait an hour and try again.',
  priceChangedTitle: 'Price Changed',
  priceChanged: (amount: string) =>
    `The price has changed since you chose the package. The amount to pay is now ${amount}. Continue?`,
} as const;

/** Spec 01 sections 4 and 9: after a verified payment the student is signed in again within 2 s. */
export const RELOGIN_AFTER_PAYMENT_MS = 2000;

export const GatewayOptionSchema = z.object({ id: z.enum(GATEWAY_IDS), label: z.string() });
/** GET /payments/gateways: the configured gateways in the order the page offers them (default first). */
export const GatewayListSchema = z.object({ items: z.array(GatewayOptionSchema) });

export const CreateOrderSchema = z.object({
  packageId: z.uuid({ error: 'Please choose a package' }),
  gateway: z.enum(GATEWAY_IDS, { error: 'Please choose a payment method' }),
  couponCode: CouponCodeSchema.optional(),
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/** What the page does next: open Razorpay Checkout in the page, or go to the gateway's page. */
export const CheckoutSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('razorpay'),
    scriptUrl: z.string(),
    keyId: z.string(),
    gatewayOrderId: z.string(),
    amountPaise: z.number().int(),
    currency: z.literal('INR'),
    name: z.string(),
    description: z.string(),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
]);
export type Checkout = z.infer<typeof CheckoutSchema>;

export const ORDER_STATUSES = ['created', 'paid', 'failed', 'refund_due'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PaymentOrderSchema = z.object({
  id: z.string(),
  gateway: z.enum(GATEWAY_IDS),
  packageId: z.string(),
  packageTitle: z.string(),
  couponCode: z.string().nullable(),
  offerPaise: z.number().int(),
  discountPaise: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  amountPaise: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

export const CreateOrderResponseSchema = z.object({ order: PaymentOrderSchema, checkout: CheckoutSchema });

/**
 * POST /payments/orders/:id/verify. Razorpay's handler gives the three fields; a redirect
 * gateway (PhonePe, sandbox) gives none and the server asks the gateway for the order's state.
 */
export const VerifyPaymentSchema = z.object({
  razorpay_payment_id: z.string().max(100).optional(),
  razorpay_order_id: z.string().max(100).optional(),
  razorpay_signature: z.string().max(200).optional(),
});
export type VerifyPaymentInput = z.infer<typeof VerifyPaymentSchema>;

export const VerifyPaymentResponseSchema = z.object({
  status: z.enum(['paid', 'failed', 'pending', 'refund_due']),
  message: z.string(),
  order: PaymentOrderSchema,
});

/** The sandbox's checkout page (/sandbox-checkout/:gatewayOrderId). */
export const SandboxOrderSchema = z.object({
  gatewayOrderId: z.string(),
  amountPaise: z.number().int(),
  description: z.string(),
  state: z.enum(['pending', 'completed', 'failed']),
});
export const SandboxCompleteSchema = z.object({ outcome: z.enum(['success', 'failure']) });
export const SandboxCompleteResponseSchema = z.object({ returnUrl: z.string() });

/** Where a redirect gateway sends the student back: the page verifies the order from here. */
export function paymentReturnPath(orderId: string): string {
  return `/payment/return?order=${encodeURIComponent(orderId)}`;
}
