import { type RecordListItem, RecordListItemSchema } from '@pgel/shared/records/api';
import type { RecordStatus } from '@pgel/shared/records/types';
import {
  DEFAULT_PAGE_SIZE,
  type ListResponse,
  listResponseSchema,
  PAGE_SIZES,
} from '@pgel/shared/schemas/list';
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

/** The largest page the API serves: the fewest requests for a whole list. */
const LARGEST_PAGE = PAGE_SIZES[PAGE_SIZES.length - 1] ?? DEFAULT_PAGE_SIZE;

/**
 * Up to `max` records of a filtered list, newest first, page after page (issue 30: "Select all"
 * a resident's pending entries to verify them together): the first page says how many there
 * are, the rest are asked for at once.
 */
export async function listAllRecords(
  filters: RecordFilters,
  max: number,
  signal?: AbortSignal,
): Promise<RecordListItem[]> {
  const pageOf = (page: number) =>
    listRecords({ page, pageSize: LARGEST_PAGE, sort: 'date', order: 'desc' }, filters, signal);
  const first = await pageOf(1);
  const pages = Math.ceil(Math.min(first.total, max) / LARGEST_PAGE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => pageOf(i + 2)));
  const seen = new Set<string>();
  return [first, ...rest]
    .flatMap((page) => page.items)
    .filter((item) => !seen.has(item.id) && seen.add(item.id))
    .slice(0, max);
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
