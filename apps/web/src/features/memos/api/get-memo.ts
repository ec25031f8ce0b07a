import { type Memo, MemoSchema } from '@pgel/shared/academic/memos';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memosQueryKey } from './list-memos';

/** `GET /memos/{id}`: one memo the caller may see (404 otherwise, as for a memo that is gone). */
export async function getMemo(id: string, signal?: AbortSignal): Promise<Memo> {
  const payload = await apiRequest<unknown>(`/memos/${encodeURIComponent(id)}`, { signal });
  return MemoSchema.parse(payload);
}

/** The memo whose id is given (under the memo key: any memo's change refreshes it); idle while null. */
export function useMemoEntry(id: string | null) {
  return useQuery({
    queryKey: [...memosQueryKey, 'detail', id ?? ''] as const,
    queryFn: ({ signal }) => getMemo(id ?? '', signal),
    enabled: id !== null,
  });
}
