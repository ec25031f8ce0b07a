import { type GatewayId, GatewayListSchema } from '@pgel/shared/commerce/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { commerceQueryKey } from './packages';

export type GatewayOption = { id: GatewayId; label: string };

/** `GET /payments/gateways`: the configured gateways, the default (card) first. */
export async function listGateways(signal?: AbortSignal): Promise<GatewayOption[]> {
  const payload = await apiRequest<unknown>('/payments/gateways', { signal });
  return GatewayListSchema.parse(payload).items;
}

export function useGateways() {
  return useQuery({
    queryKey: [...commerceQueryKey, 'gateways'],
    queryFn: ({ signal }) => listGateways(signal),
    // Configuration changes only with a restart of the server.
    staleTime: 5 * 60_000,
  });
}
