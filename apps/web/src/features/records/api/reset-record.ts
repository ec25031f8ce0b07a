import type { ResetRecordInput } from '@pgel/shared/records/api';
import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/**
 * `POST /records/{id}/reset` with the reason (issue 27): back to Pending for a new review; the
 * history keeps the earlier verification and the reason, and the resident is told.
 */
export async function resetRecord({ id, ...input }: ResetRecordInput & { id: string }) {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(id)}/reset`, {
    method: 'POST',
    body: input,
  });
  return MessageResponseSchema.parse(payload);
}

export function useResetRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
