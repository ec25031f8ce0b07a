import { type VerifyRecordInput, VerifyRecordResponseSchema } from '@pgel/shared/records/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/** `POST /records/{id}/verification` (faculty of the department): verdict, score and feedback. */
export async function verifyRecord({ id, ...input }: VerifyRecordInput & { id: string }) {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(id)}/verification`, {
    method: 'POST',
    body: input,
  });
  return VerifyRecordResponseSchema.parse(payload);
}

export function useVerifyRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
