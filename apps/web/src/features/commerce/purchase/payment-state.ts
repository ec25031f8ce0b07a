import { GATEWAY_IDS } from '@pgel/shared/commerce/payments';
import { z } from 'zod';

/**
 * What the Payment modal hands to /payment in the router's state (spec 01 section 2.9: the
 * package, the coupon, the gateway and the amounts). Checked on arrival: state survives a
 * reload in the browser's history, and anything else must read as 'Invalid Access'.
 */
export const PaymentStateSchema = z.object({
  packageId: z.string().min(1),
  packageTitle: z.string(),
  couponCode: z.string().nullable(),
  gateway: z.enum(GATEWAY_IDS),
  gatewayLabel: z.string(),
  breakdown: z.object({
    offerPaise: z.number().int(),
    discountPaise: z.number().int(),
    taxablePaise: z.number().int(),
    gstPaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
});
export type PaymentState = z.infer<typeof PaymentStateSchema>;

export function readPaymentState(state: unknown): PaymentState | null {
  const parsed = PaymentStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
