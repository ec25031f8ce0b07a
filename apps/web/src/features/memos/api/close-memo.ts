import { MemoSavedSchema } from '@pgel/shared/academic/memos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memosQueryKey } from './list-memos';

const ClosedSchema = MemoSavedSchema.pick({ message: true });

/** `POST /memos/{id}/close` (the HOD): the remark, once the student has explained. */
export async function closeMemo({ id, remark }: { id: string; remark: string }) {
  const payload = await apiRequest<unknown>(`/memos/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body: { remark },
  });
  return ClosedSchema.parse(payload);
}

export function useCloseMemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMemo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memosQueryKey }),
  });
}
