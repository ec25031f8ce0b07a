import {
  type CoordinatorDashboard,
  CoordinatorDashboardSchema,
} from '@pgel/shared/drp/coordinator-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the DRP key (`['drp']`, features/drp/api/drp-keys.ts), so marking attendance refreshes
 * the figures too; the dashboard refetches them each time it is opened.
 */
export const coordinatorDashboardQueryKey = ['drp', 'coordinator-dashboard'] as const;

/** `GET /drp/coordinator-dashboard`: the DRP coordinator's residents, days to mark and entries to verify. */
export async function getCoordinatorDashboard(signal?: AbortSignal): Promise<CoordinatorDashboard> {
  return CoordinatorDashboardSchema.parse(
    await apiRequest<unknown>('/drp/coordinator-dashboard', { signal }),
  );
}

export function useCoordinatorDashboard() {
  return useQuery(
    queryOptions({
      queryKey: coordinatorDashboardQueryKey,
      queryFn: ({ signal }) => getCoordinatorDashboard(signal),
    }),
  );
}
