import { AppraisalListSchema } from '@pgel/shared/academic/appraisal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Base key of every appraisal query: a save invalidates them all. */
export const appraisalsQueryKey = ['assessments', 'appraisals'] as const;

/**
 * `GET /appraisals?studentId=`: a student's saved quarters. Staff name the student (one of their
 * department; Master any); a student leaves it out and gets their own.
 */
export async function getAppraisals(studentId: string | null, signal?: AbortSignal) {
  const query = studentId ? `?${new URLSearchParams({ studentId })}` : '';
  const payload = await apiRequest<unknown>(`/appraisals${query}`, { signal });
  return AppraisalListSchema.parse(payload);
}

export const appraisalsQueryOptions = (studentId: string | null) =>
  queryOptions({
    queryKey: [...appraisalsQueryKey, studentId ?? 'own'] as const,
    queryFn: ({ signal }) => getAppraisals(studentId, signal),
  });

/** The saved appraisals; `enabled` is false until staff have picked a student. */
export function useAppraisals(studentId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...appraisalsQueryOptions(studentId), enabled });
}
