import { type CreateMemoInput, MemoSavedSchema } from '@pgel/shared/academic/memos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memosQueryKey } from './list-memos';

/** `POST /memos` (the HOD): a memo to a student of the department; the server numbers it. */
export async function createMemo(input: CreateMemoInput) {
  const payload = await apiRequest<unknown>('/memos', { method: 'POST', body: input });
  return MemoSavedSchema.parse(payload);
}

export function useCreateMemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memosQueryKey }),
  });
}
