import { type RecordListItem, RecordListItemSchema } from '@pgel/shared/records/api';
import type { RecordStatus } from '@pgel/shared/records/types';
import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { recallList, rememberList } from '../../../lib/list-cache';

const RecordListSchema = listResponseSchema(RecordListItemSchema);

/** Base key of every records query (lists, details, score histories): a change invalidates it all. */
export const recordsQueryKey = ['records'] as const;

/** The filters above a report table: the kind (from the route), status and (staff) one student. */
export type RecordFilters = { kind: string; status?: RecordStatus; studentId?: string };

/** `GET /records`: one page of a kind's records the caller may see (own; staff: the department). */
export async function listRecords(
  params: ListParams,
  filters: RecordFilters,
  signal?: AbortSignal,
): Promise<ListResponse<RecordListItem>> {
  const query = listSearchParams(params);
  query.set('kind', filters.kind);
  if (filters.status) query.set('status', filters.status);
  if (filters.studentId) query.set('studentId', filters.studentId);
  const payload = await apiRequest<unknown>(`/records?${query}`, { signal });
  return RecordListSchema.parse(payload);
}

/** A page of the student's own list; `offlineAt` when it is the copy kept on the device. */
export type OwnRecordsPage = ListResponse<RecordListItem> & { offlineAt?: string };

/**
 * The student's own list (issue 29): each answer is kept on the device for that student, and
 * with no network the copy last seen is shown, with when it was fetched. Any other failure (an
 * HTTP answer) is shown as such.
 */
export async function listOwnRecords(
  userId: string,
  params: ListParams,
  filters: RecordFilters,
  signal?: AbortSignal,
): Promise<OwnRecordsPage> {
  const key = [filters, params];
  try {
    const page = await listRecords(params, filters, signal);
    void rememberList(userId, key, page);
    return page;
  } catch (error) {
    if (!(isApiError(error) && error.isNetworkError)) throw error;
    const kept = await recallList(userId, key);
    const parsed = kept ? RecordListSchema.safeParse(kept.data) : null;
    if (!kept || !parsed?.success) throw error;
    return { ...parsed.data, offlineAt: kept.fetchedAt };
  }
}
