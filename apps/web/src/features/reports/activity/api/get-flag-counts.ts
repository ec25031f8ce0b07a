import { type FlagCounts, FlagCountsSchema } from '@pgel/shared/records/flags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { reportActivityQueryKey } from './list-report-activity';

/** Master and Admin name the department; the HOD's is their own (the server fixes it). */
export type FlagCountsScope = { collegeId?: string; departmentId?: string };

/** `GET /reports/flags`: a department's flagged entries counted per student (issue 27). */
export async function getFlagCounts(
  scope: FlagCountsScope,
  signal?: AbortSignal,
): Promise<FlagCounts['items']> {
  const query = new URLSearchParams();
  if (scope.collegeId) query.set('collegeId', scope.collegeId);
  if (scope.departmentId) query.set('departmentId', scope.departmentId);
  const text = query.toString();
  const payload = await apiRequest<unknown>(`/reports/flags${text ? `?${text}` : ''}`, { signal });
  return FlagCountsSchema.parse(payload).items;
}

export const flagCountsQueryOptions = (scope: FlagCountsScope) =>
  queryOptions({
    // Under the report's key: whatever refreshes the report refreshes the counts.
    queryKey: [...reportActivityQueryKey, 'flags', scope] as const,
    queryFn: ({ signal }) => getFlagCounts(scope, signal),
    // The server counts anew at most once a minute.
    staleTime: 60_000,
  });

export function useFlagCounts(scope: FlagCountsScope, enabled: boolean) {
  return useQuery({ ...flagCountsQueryOptions(scope), enabled });
}
