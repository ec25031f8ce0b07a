import { ScoreHistorySchema } from '@pgel/shared/records/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

export type ScoreHistoryItem = z.infer<typeof ScoreHistorySchema>['items'][number];

/** `GET /records/{id}/scores`: every scoring of a record, newest first. */
export async function getScoreHistory(id: string, signal?: AbortSignal): Promise<ScoreHistoryItem[]> {
  const payload = await apiRequest<unknown>(`/records/${encodeURIComponent(id)}/scores`, { signal });
  return ScoreHistorySchema.parse(payload).items;
}

export const scoreHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...recordsQueryKey, 'scores', id] as const,
    queryFn: ({ signal }) => getScoreHistory(id, signal),
  });

/** The score history of a record; idle while `id` is null. */
export function useScoreHistory(id: string | null) {
  return useQuery({ ...scoreHistoryQueryOptions(id ?? ''), enabled: id !== null });
}
