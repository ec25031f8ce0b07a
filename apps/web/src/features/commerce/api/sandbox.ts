import { SandboxCompleteResponseSchema, SandboxOrderSchema } from '@pgel/shared/commerce/payments';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { commerceQueryKey } from './packages';

const sandboxPath = (gatewayOrderId: string) => `/payments/sandbox/${encodeURIComponent(gatewayOrderId)}`;

/** `GET /payments/sandbox/{id}`: the local test gateway's order (the owner's only). */
export async function getSandboxOrder(gatewayOrderId: string, signal?: AbortSignal) {
  const payload = await apiRequest<unknown>(sandboxPath(gatewayOrderId), { signal });
  return SandboxOrderSchema.parse(payload);
}

export function useSandboxOrder(gatewayOrderId: string) {
  return useQuery({
    queryKey: [...commerceQueryKey, 'sandbox', gatewayOrderId],
    queryFn: ({ signal }) => getSandboxOrder(gatewayOrderId, signal),
    retry: false,
  });
}

/** `POST /payments/sandbox/{id}/complete`: settles the test payment; answers where to return. */
export async function completeSandboxOrder({
  gatewayOrderId,
  outcome,
}: {
  gatewayOrderId: string;
  outcome: 'success' | 'failure';
}) {
  const payload = await apiRequest<unknown>(`${sandboxPath(gatewayOrderId)}/complete`, {
    method: 'POST',
    body: { outcome },
  });
  return SandboxCompleteResponseSchema.parse(payload);
}

export function useCompleteSandboxOrder() {
  return useMutation({ mutationFn: completeSandboxOrder });
}
