import { type Profile, ProfileResponseSchema } from '@pgel/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /profile`: the signed-in user's own profile, with what the page shows read-only. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const payload = await apiRequest<unknown>('/profile', { signal });
  return ProfileResponseSchema.parse(payload).profile;
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'] as const,
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
