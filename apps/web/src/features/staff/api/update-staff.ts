import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import type { EditStaffInput } from '@pgel/shared/schemas/staff-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffRootKey } from './list-staff';

/** `PUT /staff/{id}`: Edit Staff (name, phone with its country code, and Active). */
export async function updateStaff({ id, ...input }: EditStaffInput & { id: string }) {
  const payload = await apiRequest<unknown>(`/staff/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
  return MessageResponseSchema.parse(payload);
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
