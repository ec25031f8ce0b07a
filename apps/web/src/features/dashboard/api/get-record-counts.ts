import { type RecordCounts, RecordCountsSchema } from '@pgel/shared/records/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { afterFirstDraw } from '../../../lib/after-first-draw';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { recallList, rememberList } from '../../../lib/list-cache';
import { useSessionUser } from '../../../lib/session';

/** Under the records key, so adding, verifying or deleting a record refreshes the cards too. */
export const recordCountsQueryKey = ['records', 'counts'] as const;

/** The counts, and `offlineAt` when they are the copy kept on the device (issue 29). */
export type RecordCountsAnswer = { items: RecordCounts['items']; offlineAt?: string };

/**
 * `GET /records/counts`: the student's entries per kind and status. Each answer is kept on the
 * device for that student; with no network the counts last seen are shown, with when they were
 * fetched, rather than zeros (a ward with no signal). Any other failure is shown as such.
 */
export async function getRecordCounts(userId: string, signal?: AbortSignal): Promise<RecordCountsAnswer> {
  try {
    const payload = await apiRequest<unknown>('/records/counts', { signal });
    const { items } = RecordCountsSchema.parse(payload);
    void rememberList(userId, recordCountsQueryKey, items);
    return { items };
  } catch (error) {
    if (!(isApiError(error) && error.isNetworkError)) throw error;
    const kept = await recallList(userId, recordCountsQueryKey);
    const parsed = kept ? RecordCountsSchema.shape.items.safeParse(kept.data) : null;
    if (!kept || !parsed?.success) throw error;
    return { items: parsed.data, offlineAt: kept.fetchedAt };
  }
}

export function useRecordCounts() {
  const user = useSessionUser();
  return useQuery(
    queryOptions({
      queryKey: recordCountsQueryKey,
      queryFn: async ({ signal }) => {
        await afterFirstDraw();
        return getRecordCounts(user.id, signal);
      },
    }),
  );
}
