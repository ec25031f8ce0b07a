import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentsQueryKey } from './list-students';

/** `DELETE /students/{id}` (Master): the account can no longer sign in; its records are kept. */
export async function deleteStudent(id: string) {
  const payload = await apiRequest<unknown>(`/students/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
