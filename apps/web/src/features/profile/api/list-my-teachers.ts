import { type MyTeacher, MyTeacherListSchema } from '@pgel/shared/schemas/staff-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /people/teachers/mine` (students): the teachers linked to the caller, added or assigned. */
export async function listMyTeachers(signal?: AbortSignal): Promise<MyTeacher[]> {
  const payload = await apiRequest<unknown>('/people/teachers/mine', { signal });
  return MyTeacherListSchema.parse(payload).items;
}

export const myTeachersQueryOptions = () =>
  queryOptions({
    queryKey: ['people', 'teachers', 'mine'] as const,
    queryFn: ({ signal }) => listMyTeachers(signal),
  });

export function useMyTeachers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...myTeachersQueryOptions(), enabled });
}
