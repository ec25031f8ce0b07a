import { type DepartmentOption, DepartmentOptionListSchema } from '@pgel/shared/schemas/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /colleges/{id}/departments`: the departments of the student's college (co-guide choices). */
export async function getCollegeDepartments(
  collegeId: string,
  signal?: AbortSignal,
): Promise<DepartmentOption[]> {
  const payload = await apiRequest<unknown>(`/colleges/${encodeURIComponent(collegeId)}/departments`, {
    signal,
  });
  return DepartmentOptionListSchema.parse(payload).items;
}

export const collegeDepartmentsQueryOptions = (collegeId: string) =>
  queryOptions({
    queryKey: ['reference', 'colleges', collegeId, 'departments', 'options'] as const,
    queryFn: ({ signal }) => getCollegeDepartments(collegeId, signal),
    // A college's departments change rarely.
    staleTime: 5 * 60_000,
  });

/** The college's departments; idle without a college. */
export function useCollegeDepartments(collegeId: string | null, { enabled = true } = {}) {
  return useQuery({
    ...collegeDepartmentsQueryOptions(collegeId ?? ''),
    enabled: enabled && Boolean(collegeId),
  });
}
