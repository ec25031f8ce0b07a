import { type PublicSettings, PublicSettingsSchema } from '@pgel/shared/schemas/settings';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pageRequestedAt, takeBootstrapped } from '../../../lib/page-bootstrap';

/** `GET /settings/public`: company details, outside links, the video, the launch gate and guests. */
export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  const payload = await apiRequest<unknown>('/settings/public', { signal });
  return PublicSettingsSchema.parse(payload);
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'public'] as const,
    queryFn: ({ signal }) => getPublicSettings(signal),
    // Sent with the page by the server (lib/page-bootstrap.ts): no round trip before the first draw.
    initialData: () => {
      const sent = PublicSettingsSchema.safeParse(takeBootstrapped('publicSettings'));
      return sent.success ? sent.data : undefined;
    },
    initialDataUpdatedAt: pageRequestedAt,
    staleTime: 5 * 60_000,
  });

/** The public settings; `data` stays undefined while loading or when the server cannot be reached. */
export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}

/**
 * Whether the launch gate is closed, for a route loader. A failed settings call is only logged
 * (spec 01 section 8): the page then shows as if there were no gate rather than an error screen.
 */
export async function isLaunchGateActive(
  queryClient: QueryClient,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<boolean | null> {
  try {
    const settings = fresh
      ? await queryClient.fetchQuery({ ...publicSettingsQueryOptions(), staleTime: 0 })
      : await queryClient.ensureQueryData(publicSettingsQueryOptions());
    return settings.launchGateActive;
  } catch (error) {
    console.error('Could not load the public settings', error);
    return null;
  }
}
