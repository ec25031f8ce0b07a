import {
  type CreateOrderInput,
  CreateOrderResponseSchema,
  type VerifyPaymentInput,
  VerifyPaymentResponseSchema,
} from '@pgel/shared/commerce/payments';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreatedOrder = z.infer<typeof CreateOrderResponseSchema>;
export type VerifyResult = z.infer<typeof VerifyPaymentResponseSchema>;

/**
 * `POST /payments/orders`: the server prices the order from the package and the coupon (the
 * page's figures are only shown) and answers how to pay it (Checkout in the page or a redirect).
 */
export async function createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
  const payload = await apiRequest<unknown>('/payments/orders', { method: 'POST', body: input });
  return CreateOrderResponseSchema.parse(payload);
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}

/**
 * `POST /payments/orders/{id}/verify`: Razorpay's handler sends its three fields; a redirect
 * gateway sends none and the server asks the gateway. Answers paid, failed, pending or refund_due.
 */
export async function verifyOrder(orderId: string, input: VerifyPaymentInput = {}): Promise<VerifyResult> {
  const payload = await apiRequest<unknown>(`/payments/orders/${encodeURIComponent(orderId)}/verify`, {
    method: 'POST',
    body: input,
  });
  return VerifyPaymentResponseSchema.parse(payload);
}
