import { type BulkVerifyInput, BulkVerifyResponseSchema } from '@pgel/shared/schemas/students-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studentsQueryKey } from './list-students';

/** `POST /students/bulk-verification` (Master): verifies the selected students ('{n} students verified'). */
export async function bulkVerify(input: BulkVerifyInput) {
  const payload = await apiRequest<unknown>('/students/bulk-verification', { method: 'POST', body: input });
  return BulkVerifyResponseSchema.parse(payload);
}

export function useBulkVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkVerify,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
