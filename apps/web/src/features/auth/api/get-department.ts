import type { DepartmentDetail } from '@pgel/shared/schemas/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /departments/{id}`: a department's title and its courses. */
export function getDepartment(departmentId: string, signal?: AbortSignal): Promise<DepartmentDetail> {
  return apiRequest<DepartmentDetail>(`/departments/${encodeURIComponent(departmentId)}`, { signal });
}

export const departmentQueryOptions = (departmentId: string) =>
  queryOptions({
    queryKey: ['reference', 'departments', departmentId] as const,
    queryFn: ({ signal }) => getDepartment(departmentId, signal),
    staleTime: 5 * 60_000,
  });

export function useDepartment(departmentId: string | null) {
  return useQuery({ ...departmentQueryOptions(departmentId ?? ''), enabled: Boolean(departmentId) });
}
