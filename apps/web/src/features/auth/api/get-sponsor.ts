import { REFERRAL_ID_LENGTH } from '@pgel/shared/schemas/signup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /auth/sponsors/{referralId}`: the sponsor's name, or 404 for an unknown id. */
export function getSponsor(referralId: string, signal?: AbortSignal): Promise<{ name: string }> {
  return apiRequest<{ name: string }>(`/auth/sponsors/${encodeURIComponent(referralId)}`, { signal });
}

export const sponsorQueryOptions = (referralId: string) =>
  queryOptions({
    queryKey: ['auth', 'sponsors', referralId] as const,
    queryFn: ({ signal }) => getSponsor(referralId, signal),
    retry: false,
    staleTime: 60_000,
  });

/** Checked live once a full-length referral id has been typed. */
export function useSponsor(referralId: string) {
  return useQuery({ ...sponsorQueryOptions(referralId), enabled: referralId.length === REFERRAL_ID_LENGTH });
}
