import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /students/{id}/password` (Master): sets a new password for the student. */
export async function resetStudentPassword({ id, newPassword }: { id: string; newPassword: string }) {
  const payload = await apiRequest<unknown>(`/students/${encodeURIComponent(id)}/password`, {
    method: 'POST',
    body: { newPassword },
  });
  return MessageResponseSchema.parse(payload);
}

export function useResetStudentPassword() {
  return useMutation({ mutationFn: resetStudentPassword });
}
