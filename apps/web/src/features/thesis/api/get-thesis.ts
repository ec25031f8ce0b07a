import { type ThesisResponse, ThesisResponseSchema, type ThesisStage } from '@pgel/shared/academic/thesis';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Base key of every thesis query: a saved step invalidates them all. */
export const thesesQueryKey = ['theses'] as const;

/**
 * `GET /theses/{stage}`: the student's synopsis or thesis (null before the title is written). A
 * student asks for their own (no id: the server reads the session); staff name the student.
 */
export async function getThesis(
  stage: ThesisStage,
  studentId: string | undefined,
  signal?: AbortSignal,
): Promise<ThesisResponse> {
  const query = studentId ? `?${new URLSearchParams({ studentId })}` : '';
  const payload = await apiRequest<unknown>(`/theses/${stage}${query}`, { signal });
  return ThesisResponseSchema.parse(payload);
}

export const thesisQueryOptions = (stage: ThesisStage, studentId?: string) =>
  queryOptions({
    queryKey: [...thesesQueryKey, stage, studentId ?? 'own'] as const,
    queryFn: ({ signal }) => getThesis(stage, studentId, signal),
  });

/** The stage's record of the student; idle while `enabled` is false (staff before a pick). */
export function useThesis(stage: ThesisStage, studentId: string | undefined, { enabled = true } = {}) {
  return useQuery({ ...thesisQueryOptions(stage, studentId), enabled });
}
