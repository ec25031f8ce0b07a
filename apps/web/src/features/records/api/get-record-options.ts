import { OptionsResponseSchema } from '@pgel/shared/records/api';
import type { OptionSource } from '@pgel/shared/records/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

export type RecordOption = z.infer<typeof OptionsResponseSchema>['items'][number];

/**
 * The URL of a remote list, or null while it cannot be asked for yet (skills before a
 * competency is chosen).
 */
export function recordOptionsPath(source: OptionSource, dependsOnValue?: unknown): string | null {
  switch (source.list) {
    case 'teachers':
      return '/records/options/teachers';
    case 'specialities':
      return '/records/options/specialities';
    case 'competencies':
      return `/records/options/competencies?${new URLSearchParams({ for: source.for })}`;
    case 'skills':
      return typeof dependsOnValue === 'string' && dependsOnValue !== ''
        ? `/records/options/skills?${new URLSearchParams({ competencyId: dependsOnValue })}`
        : null;
  }
}

/** `GET /records/options/{source}`: the caller's department's teachers, competencies, skills or specialities. */
export async function getRecordOptions(path: string, signal?: AbortSignal): Promise<RecordOption[]> {
  const payload = await apiRequest<unknown>(path, { signal });
  return OptionsResponseSchema.parse(payload).items;
}

export const recordOptionsQueryOptions = (path: string) =>
  queryOptions({
    queryKey: [...recordsQueryKey, 'options', path] as const,
    queryFn: ({ signal }) => getRecordOptions(path, signal),
    // Teachers and reference lists change rarely; a form opened twice should not wait twice.
    staleTime: 5 * 60_000,
  });

/** The options of a remote select; idle (no options) while `path` is null. */
export function useRecordOptions(path: string | null) {
  // No placeholder from the previous path: another competency's skills must never show.
  return useQuery({ ...recordOptionsQueryOptions(path ?? ''), enabled: path !== null });
}
