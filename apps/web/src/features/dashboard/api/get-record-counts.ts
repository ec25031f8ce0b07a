import { type RecordCounts, RecordCountsSchema } from '@pgel/shared/records/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Under the records key, so adding, verifying or deleting a record refreshes the cards too. */
export const recordCountsQueryKey = ['records', 'counts'] as const;

/** `GET /records/counts`: the student's entries per kind and status. */
export async function getRecordCounts(signal?: AbortSignal): Promise<RecordCounts['items']> {
  const payload = await apiRequest<unknown>('/records/counts', { signal });
  return RecordCountsSchema.parse(payload).items;
}

export function useRecordCounts() {
  return useQuery(
    queryOptions({ queryKey: recordCountsQueryKey, queryFn: ({ signal }) => getRecordCounts(signal) }),
  );
}
