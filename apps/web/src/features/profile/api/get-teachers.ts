import { type Teacher, TeacherListSchema } from '@pgel/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /people/teachers`: staff of the caller's college and department (not Master), for Unit Head. */
export async function getTeachers(signal?: AbortSignal): Promise<Teacher[]> {
  const payload = await apiRequest<unknown>('/people/teachers', { signal });
  return TeacherListSchema.parse(payload).items;
}

export const teachersQueryOptions = () =>
  queryOptions({
    queryKey: ['people', 'teachers'] as const,
    queryFn: ({ signal }) => getTeachers(signal),
    staleTime: 5 * 60_000,
  });

export function useTeachers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...teachersQueryOptions(), enabled });
}
