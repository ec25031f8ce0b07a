import { type WeeklyUpdates, WeeklyUpdatesSchema } from '@pgel/shared/reminders/weekly-updates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import type { FlagCountsScope } from './get-flag-counts';
import { reportActivityQueryKey } from './list-report-activity';

/** `GET /reports/weekly-updates`: each resident's weeks without entries (issue 30). */
export async function getWeeklyUpdates(scope: FlagCountsScope, signal?: AbortSignal): Promise<WeeklyUpdates> {
  const query = new URLSearchParams();
  if (scope.collegeId) query.set('collegeId', scope.collegeId);
  if (scope.departmentId) query.set('departmentId', scope.departmentId);
  const text = query.toString();
  const payload = await apiRequest<unknown>(`/reports/weekly-updates${text ? `?${text}` : ''}`, { signal });
  return WeeklyUpdatesSchema.parse(payload);
}

export const weeklyUpdatesQueryOptions = (scope: FlagCountsScope) =>
  queryOptions({
    // Under the report's key: whatever refreshes the report refreshes this too.
    queryKey: [...reportActivityQueryKey, 'weekly-updates', scope] as const,
    queryFn: ({ signal }) => getWeeklyUpdates(scope, signal),
    // Weeks change once a week; a minute is plenty.
    staleTime: 60_000,
  });

export function useWeeklyUpdates(scope: FlagCountsScope, enabled: boolean) {
  return useQuery({ ...weeklyUpdatesQueryOptions(scope), enabled });
}
