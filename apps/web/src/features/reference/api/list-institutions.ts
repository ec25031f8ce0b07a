import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type Institution, InstitutionSchema } from '@pgel/shared/schemas/reference-admin';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const InstitutionListSchema = listResponseSchema(InstitutionSchema);

/** Base key of the Institution List; every page and search sits under it. */
export const institutionsQueryKey = ['reference', 'institutions'] as const;

/** `GET /institutions`: one page of institutions, each saying whether the caller may delete it. */
export async function listInstitutions(
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListResponse<Institution>> {
  const payload = await apiRequest<unknown>(`/institutions?${listSearchParams(params)}`, { signal });
  return InstitutionListSchema.parse(payload);
}
