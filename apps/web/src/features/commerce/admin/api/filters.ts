import {
  type CollegeOption,
  CollegeOptionListSchema,
  DepartmentOptionListSchema,
} from '@pgel/shared/schemas/reference';
import { DepartmentCatalogSchema } from '@pgel/shared/schemas/reference-admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { commerceAdminKeys } from './keys';

/** The filters' choices change rarely (reference data). */
const STALE_MS = 5 * 60_000;

/** `GET /colleges`: every college, for /referral's college filter. */
export async function getCollegeOptions(signal?: AbortSignal): Promise<CollegeOption[]> {
  const payload = await apiRequest<unknown>('/colleges', { signal });
  return CollegeOptionListSchema.parse(payload).items;
}

/**
 * The department filter's choices: the chosen college's departments, or with no college the
 * whole departments catalogue (`GET /departments`, Master's).
 */
export async function getDepartmentOptions(
  collegeId: string | null,
  signal?: AbortSignal,
): Promise<{ id: string; name: string }[]> {
  if (collegeId) {
    const payload = await apiRequest<unknown>(`/colleges/${encodeURIComponent(collegeId)}/departments`, {
      signal,
    });
    return DepartmentOptionListSchema.parse(payload).items;
  }
  const payload = await apiRequest<unknown>('/departments', { signal });
  return DepartmentCatalogSchema.parse(payload).items.map(({ id, name }) => ({ id, name }));
}

export function useCollegeOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: commerceAdminKeys.colleges,
    queryFn: ({ signal }) => getCollegeOptions(signal),
    staleTime: STALE_MS,
    enabled,
  });
}

export function useDepartmentOptions(
  collegeId: string | null,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: commerceAdminKeys.departments(collegeId),
    queryFn: ({ signal }) => getDepartmentOptions(collegeId, signal),
    staleTime: STALE_MS,
    enabled,
  });
}
