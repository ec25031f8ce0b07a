import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/** `POST /records/{id}/reset`: back to Pending; feedback and score cleared (the history keeps them). */
export async function resetRecord(id: string) {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(id)}/reset`, { method: 'POST' });
  return MessageResponseSchema.parse(payload);
}

export function useResetRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
