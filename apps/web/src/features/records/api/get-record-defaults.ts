import { type RecordDefaults, RecordDefaultsSchema } from '@pgel/shared/records/api';
import type { RecordKind } from '@pgel/shared/records/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/**
 * `GET /records/{kind}/defaults` (a student): the guiding faculty and competency a new entry
 * starts with, from the student's latest entry of the kind or their unit head. From the server,
 * so the same choice follows the student from phone to laptop.
 */
export async function getRecordDefaults(kindId: string, signal?: AbortSignal): Promise<RecordDefaults> {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(kindId)}/defaults`, { signal });
  return RecordDefaultsSchema.parse(payload);
}

export const recordDefaultsQueryOptions = (kindId: string) =>
  queryOptions({
    // Under the records key: a new entry invalidates it, so the next form starts from that one.
    queryKey: [...recordsQueryKey, 'defaults', kindId] as const,
    queryFn: ({ signal }) => getRecordDefaults(kindId, signal),
    staleTime: 5 * 60_000,
  });

/** Whether the kind's form has anything the server can propose (a teacher or a competency). */
export function hasRecordDefaults(kind: RecordKind): boolean {
  return kind.fields.some((field) => field.name === 'teacherId' || field.name === 'competency');
}

/** The kind's defaults; never asked for a kind without such fields. A failure means none. */
export function useRecordDefaults(kind: RecordKind) {
  return useQuery({ ...recordDefaultsQueryOptions(kind.id), enabled: hasRecordDefaults(kind) });
}
