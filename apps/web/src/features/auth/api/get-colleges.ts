import type { CollegeOption } from '@pgel/shared/schemas/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /colleges`: the public college list of the sign-up page. */
export async function getColleges(signal?: AbortSignal): Promise<CollegeOption[]> {
  const { items } = await apiRequest<{ items: CollegeOption[] }>('/colleges', { signal });
  return items;
}

export const collegesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'colleges'] as const,
    queryFn: ({ signal }) => getColleges(signal),
    staleTime: 5 * 60_000,
  });

export function useColleges() {
  return useQuery(collegesQueryOptions());
}
