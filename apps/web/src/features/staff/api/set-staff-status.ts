import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/**
 * `POST /staff/{id}/status`: the block / unblock switch (HOD) and the Verify switch (Master, which
 * also verifies an account that never opened its link).
 */
export async function setStaffStatus({ id, active }: { id: string; active: boolean }) {
  const payload = await apiRequest<unknown>(`/staff/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    body: { active },
  });
  return MessageResponseSchema.parse(payload);
}

export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
