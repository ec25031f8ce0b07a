import { type RecordListItem, RecordListItemSchema } from '@pgel/shared/records/api';
import type { RecordStatus } from '@pgel/shared/records/types';
import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

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
