import { type Coupon, CouponSchema, type CreateCouponInput } from '@pgel/shared/commerce/coupons';
import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ListParams, listSearchParams } from '../../../../components/data-table';
import { apiRequest } from '../../../../lib/api-client';
import { commerceAdminKeys } from './keys';

const CouponListSchema = listResponseSchema(CouponSchema);
const CreateCouponResponseSchema = z.object({ message: z.string(), coupon: CouponSchema });

/** `GET /coupons` (Master): one page of the live coupons, newest first; search on the code. */
export async function listCoupons(params: ListParams, signal?: AbortSignal): Promise<ListResponse<Coupon>> {
  const payload = await apiRequest<unknown>(`/coupons?${listSearchParams(params)}`, { signal });
  return CouponListSchema.parse(payload);
}

/** `POST /coupons`: Create Coupon (409 when the code is taken: the server's message is shown). */
export async function createCoupon(input: CreateCouponInput) {
  const payload = await apiRequest<unknown>('/coupons', { method: 'POST', body: input });
  return CreateCouponResponseSchema.parse(payload);
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commerceAdminKeys.coupons }),
  });
}

/** `DELETE /coupons/{id}`: the coupon leaves the list (kept for the payments that used it). */
export async function deleteCoupon(id: string) {
  const payload = await apiRequest<unknown>(`/coupons/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    // Settled, not only success: a coupon deleted elsewhere (404) leaves the list too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: commerceAdminKeys.coupons }),
  });
}
