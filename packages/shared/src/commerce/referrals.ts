import { z } from 'zod';
import { ListQuerySchema } from '../schemas/list';

/**
 * /referral (Master, spec 03 sections 2 and 3): two views. Coupon view: verified payments made
 * with a coupon. Referral view: each sponsor (the user whose referral id a student gave at
 * sign-up) with the students they referred and whether each has paid.
 */
export const REFERRAL_ID_LENGTH = 9;

export const REFERRAL_VIEW_LABELS = { coupon: 'Coupon', referral: 'Referral' } as const;

/** Master narrows both views by college and department (spec 03 section 7). */
export const ReferralQuerySchema = ListQuerySchema.extend({
  collegeId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
});

/** A verified payment, as both views show it. */
export const PaymentSummarySchema = z.object({
  amountPaise: z.number().int(),
  couponCode: z.string().nullable(),
  /** The gateway's payment id. */
  paymentId: z.string(),
  gateway: z.string(),
  paidAt: z.string(),
});

export const ReferredStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  college: z.string().nullable(),
  department: z.string().nullable(),
  /** Null until the student's payment is verified. */
  payment: PaymentSummarySchema.nullable(),
});

export const SponsorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  referralId: z.string(),
  /** 'Student', or the staff role's label. */
  kind: z.string(),
  referrals: z.array(ReferredStudentSchema),
  paidCount: z.number().int(),
});
export type Sponsor = z.infer<typeof SponsorSchema>;

export const CouponPaymentSchema = PaymentSummarySchema.extend({
  id: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  college: z.string().nullable(),
  department: z.string().nullable(),
  discountPaise: z.number().int(),
});
export type CouponPayment = z.infer<typeof CouponPaymentSchema>;
