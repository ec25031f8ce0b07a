import type { DepartmentOption } from '@pgel/shared/schemas/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /colleges/{id}/departments`: the departments a college runs. */
export async function getDepartments(collegeId: string, signal?: AbortSignal): Promise<DepartmentOption[]> {
  const { items } = await apiRequest<{ items: DepartmentOption[] }>(
    `/colleges/${encodeURIComponent(collegeId)}/departments`,
    { signal },
  );
  return items;
}

export const departmentsQueryOptions = (collegeId: string) =>
  queryOptions({
    queryKey: ['reference', 'colleges', collegeId, 'departments'] as const,
    queryFn: ({ signal }) => getDepartments(collegeId, signal),
    staleTime: 5 * 60_000,
  });

export function useDepartments(collegeId: string | null) {
  return useQuery({ ...departmentsQueryOptions(collegeId ?? ''), enabled: Boolean(collegeId) });
}
