import { ValidateCouponResponseSchema } from '@pgel/shared/commerce/coupons';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ValidatedCoupon = z.infer<typeof ValidateCouponResponseSchema>;

/**
 * `POST /coupons/validate` (the Payment modal's Apply): the code as stored and its discount.
 * A wrong or used code is refused with the server's message (404 invalid, 409 used).
 */
export async function validateCoupon(code: string): Promise<ValidatedCoupon> {
  const payload = await apiRequest<unknown>('/coupons/validate', { method: 'POST', body: { code } });
  return ValidateCouponResponseSchema.parse(payload);
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
