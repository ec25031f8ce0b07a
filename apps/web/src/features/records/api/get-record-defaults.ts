import { type RecordDefaults, RecordDefaultsSchema } from '@pgel/shared/records/api';
import type { RecordKind } from '@pgel/shared/records/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/**
 * `GET /records/{kind}/defaults` (a student): the guiding faculty and competency a new entry
 * starts with, from the student's latest entry of the kind or their unit head; with `subject`
 * (the skill chosen), also the role the student last logged for that skill (issue 27). From the
 * server, so the same choice follows the student from phone to laptop.
 */
export async function getRecordDefaults(
  kindId: string,
  signal?: AbortSignal,
  subject?: string,
): Promise<RecordDefaults> {
  const query = subject ? `?${new URLSearchParams({ subject })}` : '';
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(kindId)}/defaults${query}`, {
    signal,
  });
  return RecordDefaultsSchema.parse(payload);
}

export const recordDefaultsQueryOptions = (kindId: string, subject?: string) =>
  queryOptions({
    // Under the records key: a new entry invalidates it, so the next form starts from that one.
    queryKey: [...recordsQueryKey, 'defaults', kindId, subject ?? null] as const,
    queryFn: ({ signal }) => getRecordDefaults(kindId, signal, subject),
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

/**
 * The role the student last logged for `subject` (the skill chosen) on a kind that logs one;
 * asked only once a skill is chosen. Undefined while loading or when there is none.
 */
export function useLastRole(kind: RecordKind, subject: string | null) {
  const query = useQuery({
    ...recordDefaultsQueryOptions(kind.id, subject ?? undefined),
    enabled: kind.role !== undefined && subject !== null,
  });
  return { role: query.data?.fields.role, isSettled: query.isSuccess || query.isError };
}
