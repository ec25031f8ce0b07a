import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /staff/{id}/password` (Master): a new password; the member's sessions end. */
export async function resetStaffPassword({ id, newPassword }: { id: string; newPassword: string }) {
  const payload = await apiRequest<unknown>(`/staff/${encodeURIComponent(id)}/password`, {
    method: 'POST',
    body: { newPassword },
  });
  return MessageResponseSchema.parse(payload);
}

export function useResetStaffPassword() {
  return useMutation({ mutationFn: resetStaffPassword });
}
