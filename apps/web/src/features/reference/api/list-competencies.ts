import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type Competency, CompetencySchema } from '@pgel/shared/schemas/reference-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const CompetencyListSchema = listResponseSchema(CompetencySchema);

/** Base key of every competency list (the table and the Add Skills picker). */
export const competenciesQueryKey = ['reference', 'competencies'] as const;

/** `GET /competencies`: one page of competencies. */
export async function listCompetencies(
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListResponse<Competency>> {
  const payload = await apiRequest<unknown>(`/competencies?${listSearchParams(params)}`, { signal });
  return CompetencyListSchema.parse(payload);
}

/** The largest page the list API serves: the picker narrows further by searching. */
const PICKER_PAGE_SIZE = 20;

/** Competencies matching a search, for a searchable select (Add Skills). */
export const competencyOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...competenciesQueryKey, 'options', search] as const,
    queryFn: ({ signal }) =>
      listCompetencies(
        { page: 1, pageSize: PICKER_PAGE_SIZE, search: search || undefined, order: 'asc' },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useCompetencyOptions(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...competencyOptionsQueryOptions(search), enabled });
}
