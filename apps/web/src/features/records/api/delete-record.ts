import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/** `DELETE /records/{id}`: the owning student, while the record has never been verified. */
export async function deleteRecord(id: string) {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
