import { MemoSavedSchema } from '@pgel/shared/academic/memos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memosQueryKey } from './list-memos';

/** What the page reads of the answer: the server's message (the memo comes with the refreshed list). */
const ExplainedSchema = MemoSavedSchema.pick({ message: true });

/** `POST /memos/{id}/explanation` (the memo's student, once). */
export async function explainMemo({ id, explanation }: { id: string; explanation: string }) {
  const payload = await apiRequest<unknown>(`/memos/${encodeURIComponent(id)}/explanation`, {
    method: 'POST',
    body: { explanation },
  });
  return ExplainedSchema.parse(payload);
}

export function useExplainMemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: explainMemo,
    // Also after a refusal: the memo may have been explained from another tab meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memosQueryKey }),
  });
}
