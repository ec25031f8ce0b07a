import { FormContextSchema } from '@pgel/shared/records/api';
import type { RecordKind } from '@pgel/shared/records/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { recordsQueryKey } from './list-records';

/**
 * `GET /records/form-context`: the department settings that name the caller's department, i.e.
 * whose department-only select options (three clinical training types) the caller's forms offer.
 */
export async function getFormContext(signal?: AbortSignal): Promise<string[]> {
  const payload = await apiRequest<unknown>('/records/form-context', { signal });
  return FormContextSchema.parse(payload).restrictedAllowed;
}

export const formContextQueryOptions = () =>
  queryOptions({
    queryKey: [...recordsQueryKey, 'form-context'] as const,
    queryFn: ({ signal }) => getFormContext(signal),
    staleTime: 5 * 60_000,
  });

/** Whether a kind's form has selects with department-only options (only those forms ask). */
export function hasRestrictedSelects(kind: RecordKind): boolean {
  return kind.fields.some((field) => field.input === 'select' && field.restricted !== undefined);
}

/**
 * Whether the caller's department sees a setting's department-only options. Only the server knows
 * which department a setting names; until it answers (or if it fails) they stay hidden, as the
 * server would refuse them anyway.
 */
export function useRestrictedAllowed(kind: RecordKind): (departmentSetting: string) => boolean {
  const { data } = useQuery({ ...formContextQueryOptions(), enabled: hasRestrictedSelects(kind) });
  const key = (data ?? []).join('\n');
  return useCallback((setting: string) => key.split('\n').includes(setting), [key]);
}
