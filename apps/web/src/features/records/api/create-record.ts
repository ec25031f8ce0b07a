import { type CreateRecordInput, CreateRecordResponseSchema } from '@pgel/shared/records/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/** `POST /records` (a student): the new record, Pending, and the kind's success message. */
export async function createRecord(input: CreateRecordInput) {
  const payload = await apiRequest<unknown>('/records', { method: 'POST', body: input });
  return CreateRecordResponseSchema.parse(payload);
}

export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
