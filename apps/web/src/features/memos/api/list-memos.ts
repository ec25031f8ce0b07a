import { type Memo, MemoSchema, type MemoStatus } from '@pgel/shared/academic/memos';
import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const MemoListSchema = listResponseSchema(MemoSchema);

/** Base key of every memo query: a create, an explanation or a close invalidates them all. */
export const memosQueryKey = ['memos'] as const;

/** The filters above the memo table: a status and (staff) one student. */
export type MemoFilters = { status?: MemoStatus; studentId?: string };

/**
 * `GET /memos`: one page of the memos the caller may see (a student's own; staff: their
 * department's; Master: all).
 */
export async function listMemos(
  params: ListParams,
  filters: MemoFilters,
  signal?: AbortSignal,
): Promise<ListResponse<Memo>> {
  const query = listSearchParams(params);
  if (filters.status) query.set('status', filters.status);
  if (filters.studentId) query.set('studentId', filters.studentId);
  const payload = await apiRequest<unknown>(`/memos?${query}`, { signal });
  return MemoListSchema.parse(payload);
}
