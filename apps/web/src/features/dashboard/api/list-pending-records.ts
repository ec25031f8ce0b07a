import { type PendingList, PendingListSchema } from '@pgel/shared/records/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { afterFirstDraw } from '../../../lib/after-first-draw';
import { apiRequest } from '../../../lib/api-client';

/** The faculty dashboard's table: 10 a page (spec 02 section 9). */
export const PENDING_PAGE_SIZE = 10;

/**
 * `GET /records/pending`: pending entries of the caller's department, the longest waiting first,
 * searched by student name, with the page's residents (issue 30).
 */
export async function listPendingRecords(
  page: number,
  search: string,
  signal?: AbortSignal,
): Promise<PendingList> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PENDING_PAGE_SIZE) });
  if (search) query.set('search', search);
  const payload = await apiRequest<unknown>(`/records/pending?${query}`, { signal });
  return PendingListSchema.parse(payload);
}

export function usePendingRecords(page: number, search: string) {
  return useQuery({
    queryKey: ['records', 'pending', { page, search }],
    queryFn: async ({ signal }) => {
      await afterFirstDraw();
      return listPendingRecords(page, search, signal);
    },
    placeholderData: keepPreviousData,
  });
}
