import { type AssignableStudent, AssignableStudentListSchema } from '@pgel/shared/schemas/staff-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/** `GET /staff/{id}/students` (HOD): every student of the member's department, the assigned ones flagged. */
export async function getAssignableStudents(
  staffId: string,
  signal?: AbortSignal,
): Promise<AssignableStudent[]> {
  const payload = await apiRequest<unknown>(`/staff/${encodeURIComponent(staffId)}/students`, { signal });
  return AssignableStudentListSchema.parse(payload).items;
}

export const assignableStudentsQueryOptions = (staffId: string) =>
  queryOptions({
    queryKey: [...staffRootKey, 'students', staffId] as const,
    queryFn: ({ signal }) => getAssignableStudents(staffId, signal),
    // The modal starts from what is stored now, never from a copy cached on an earlier opening.
    staleTime: 0,
    gcTime: 0,
  });

export function useAssignableStudents(staffId: string) {
  return useQuery(assignableStudentsQueryOptions(staffId));
}
