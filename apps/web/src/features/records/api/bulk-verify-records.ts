import { type BulkVerifyRecordsInput, BulkVerifyRecordsResponseSchema } from '@pgel/shared/records/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/** `POST /records/bulk-verification`: one verdict, score and feedback for many pending records, all or none. */
export async function bulkVerifyRecords(input: BulkVerifyRecordsInput) {
  const payload = await apiRequest<unknown>('/records/bulk-verification', { method: 'POST', body: input });
  return BulkVerifyRecordsResponseSchema.parse(payload);
}

export function useBulkVerifyRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkVerifyRecords,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
