import {
  type CreatePostingInput,
  DRP_MESSAGES,
  type PostingList,
  PostingListSchema,
} from '@pgel/shared/drp/postings';
import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';
import { drpQueryKey } from './drp-keys';

/** Base key of the DRP Records table: a new or deleted posting invalidates every page. */
export const postingsQueryKey = [...drpQueryKey, 'postings'] as const;

/** `GET /drp/postings`: one page of the postings the caller may see (the server scopes them). */
export async function listPostings(params: ListParams, signal?: AbortSignal): Promise<PostingList> {
  const payload = await apiRequest<unknown>(`/drp/postings?${listSearchParams(params)}`, { signal });
  return PostingListSchema.parse(payload);
}

/**
 * `POST /drp/postings` (Add DRPC). Any 2xx is a saved posting: the screen says 'DRPC added
 * successfully!' (spec 03 section 8) rather than depend on reading the whole answer back.
 */
export async function createPosting(input: CreatePostingInput): Promise<{ message: string }> {
  await apiRequest<unknown>('/drp/postings', { method: 'POST', body: input });
  return { message: DRP_MESSAGES.added };
}

export function useCreatePosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPosting,
    // Attendance lists the postings too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drpQueryKey }),
  });
}

/** `DELETE /drp/postings/{id}`: the server's message ('DRP posting deleted successfully') or its refusal. */
export async function deletePosting(id: string) {
  const payload = await apiRequest<unknown>(`/drp/postings/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return MessageResponseSchema.parse(payload);
}

export function useDeletePosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePosting,
    // Also after a refusal: attendance may have been marked meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: drpQueryKey }),
  });
}
