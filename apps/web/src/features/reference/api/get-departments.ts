import { type DepartmentCatalogItem, DepartmentCatalogSchema } from '@pgel/shared/schemas/reference-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /departments`: the departments catalogue (with courses) for the add and edit modals. */
export async function getDepartments(signal?: AbortSignal): Promise<DepartmentCatalogItem[]> {
  const payload = await apiRequest<unknown>('/departments', { signal });
  return DepartmentCatalogSchema.parse(payload).items;
}

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'departments'] as const,
    queryFn: ({ signal }) => getDepartments(signal),
    // The catalogue changes rarely (seeded reference data).
    staleTime: 10 * 60_000,
  });

export function useDepartments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...departmentsQueryOptions(), enabled });
}
