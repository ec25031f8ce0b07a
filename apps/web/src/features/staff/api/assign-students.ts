import { type AssignStudentsInput, AssignStudentsResponseSchema } from '@pgel/shared/schemas/staff-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/** `PUT /staff/{id}/students` (HOD): replaces the member's whole list of assigned students. */
export async function assignStudents({ staffId, ...input }: AssignStudentsInput & { staffId: string }) {
  const payload = await apiRequest<unknown>(`/staff/${encodeURIComponent(staffId)}/students`, {
    method: 'PUT',
    body: input,
  });
  return AssignStudentsResponseSchema.parse(payload);
}

export function useAssignStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignStudents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
