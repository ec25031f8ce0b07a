import { type RecordDetail, RecordDetailSchema } from '@pgel/shared/records/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/** `GET /records/{id}`: one record with its sensitive details (owner and department staff only). */
export async function getRecord(id: string, signal?: AbortSignal): Promise<RecordDetail> {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(id)}`, { signal });
  return RecordDetailSchema.parse(payload);
}

export const recordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...recordsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getRecord(id, signal),
  });

/** The record whose id is given; idle while `id` is null. */
export function useRecord(id: string | null) {
  return useQuery({ ...recordQueryOptions(id ?? ''), enabled: id !== null });
}
