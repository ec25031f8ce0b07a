import { type ToConfirmItem, ToConfirmListSchema } from '@pgel/shared/schemas/staff-confirmation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/** `GET /staff/to-confirm`: the accounts students proposed that wait for the caller (issue 27). */
export async function listToConfirm(signal?: AbortSignal): Promise<ToConfirmItem[]> {
  const payload = await apiRequest<unknown>('/staff/to-confirm', { signal });
  return ToConfirmListSchema.parse(payload).items;
}

/** Under the staff root key: a decision (or any staff change) refreshes it with the lists. */
export const toConfirmQueryOptions = () =>
  queryOptions({
    queryKey: [...staffRootKey, 'to-confirm'] as const,
    queryFn: ({ signal }) => listToConfirm(signal),
  });

export function useToConfirm() {
  return useQuery(toConfirmQueryOptions());
}
