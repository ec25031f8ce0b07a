import { AetcomListSchema } from '@pgel/shared/academic/aetcom';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Base key of every AETCOM query: a save invalidates them all (the next year moves on). */
export const aetcomQueryKey = ['assessments', 'aetcom'] as const;

/**
 * `GET /aetcom?studentId=`: a student's yearly AETCOM records and the year the next one gets.
 * Staff name the student; a student leaves it out and gets their own.
 */
export async function getAetcom(studentId: string | null, signal?: AbortSignal) {
  const query = studentId ? `?${new URLSearchParams({ studentId })}` : '';
  const payload = await apiRequest<unknown>(`/aetcom${query}`, { signal });
  return AetcomListSchema.parse(payload);
}

export const aetcomQueryOptions = (studentId: string | null) =>
  queryOptions({
    queryKey: [...aetcomQueryKey, studentId ?? 'own'] as const,
    queryFn: ({ signal }) => getAetcom(studentId, signal),
  });

export function useAetcom(studentId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...aetcomQueryOptions(studentId), enabled });
}
