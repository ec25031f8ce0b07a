import { z } from 'zod';
import { ListQuerySchema } from '../schemas/list';

/**
 * Coupons (spec 03 sections 2, 3, 5, 7; spec 01 section 5): Master creates a code worth a flat
 * rupee discount, usable `couponQty` times. A use counts only when a payment with it is verified,
 * and never beyond the quantity (docs/decisions/013-commerce.md).
 */
export const COUPON_CODE_MIN = 6;
export const COUPON_CODE_MAX = 32;
export const COUPON_QTY_MAX = 100_000;
export const COUPON_DISCOUNT_MAX_RUPEES = 1_000_000;

export const COUPON_MESSAGES = {
  codeRequired: 'Please enter valid coupon code',
  valueNotPositive: 'Please enter valid value greater than 0',
  codeTooShort: 'Enter coupon code more than 6 digit',
  codeCharacters: 'A coupon code may hold only letters, digits, - and _',
  codeTaken: 'This coupon code already exists',
  invalid: 'Invalid coupon code',
  used: 'This coupon code has already been used',
  applied: 'Coupon applied successfully',
  created: 'Coupon created successfully',
  deleted: 'Coupon deleted successfully',
  notFound: 'Coupon not found',
  confirmTitle: 'Are you sure?',
  confirmDelete: (code: string) => `Delete the coupon ${code}? This action cannot be reverted.`,
  /** A payment verified after the last use was taken by another payment (rare: see ADR 013). */
  exhaustedAtVerify:
    'This coupon was used up while you were paying. Your payment will be refunded in 5 to 8 business days; please buy again without the coupon.',
} as const;

export const COUPON_STATUS_LABELS = { available: 'Available', used: 'Used' } as const;
export type CouponStatus = keyof typeof COUPON_STATUS_LABELS;

/** Codes compare without case: stored and looked up upper-cased. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export const CouponCodeSchema = z
  .string({ error: COUPON_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: COUPON_MESSAGES.codeRequired })
  .max(COUPON_CODE_MAX, { error: COUPON_MESSAGES.invalid })
  .transform(normaliseCouponCode);

const positive = (max: number) =>
  z.coerce
    .number({ error: COUPON_MESSAGES.valueNotPositive })
    .int({ error: COUPON_MESSAGES.valueNotPositive })
    .positive({ error: COUPON_MESSAGES.valueNotPositive })
    .max(max, { error: COUPON_MESSAGES.valueNotPositive });

/** Create Coupon (spec 03 section 3): couponQty, discount (whole rupees), code. */
export const CreateCouponSchema = z.object({
  couponQty: positive(COUPON_QTY_MAX),
  discount: positive(COUPON_DISCOUNT_MAX_RUPEES),
  code: z
    .string({ error: COUPON_MESSAGES.codeTooShort })
    .trim()
    .min(COUPON_CODE_MIN, { error: COUPON_MESSAGES.codeTooShort })
    .max(COUPON_CODE_MAX, { error: `A coupon code has at most ${COUPON_CODE_MAX} characters` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: COUPON_MESSAGES.codeCharacters })
    .transform(normaliseCouponCode),
});
export type CreateCouponInput = z.infer<typeof CreateCouponSchema>;

export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  discountPaise: z.number().int(),
  quantity: z.number().int(),
  usedCount: z.number().int(),
  /** Uses left: the QTY column. */
  remaining: z.number().int(),
  status: z.enum(['available', 'used']),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponListQuerySchema = ListQuerySchema.extend({
  status: z.enum(['available', 'used']).optional(),
});

/** The Payment modal's Apply (spec 01 section 7: body code; answers the amount). */
export const ValidateCouponSchema = z.object({ code: CouponCodeSchema });
export const ValidateCouponResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  discountPaise: z.number().int(),
});
