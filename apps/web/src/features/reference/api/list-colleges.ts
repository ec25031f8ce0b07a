import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type CollegeListItem, CollegeListItemSchema } from '@pgel/shared/schemas/reference-admin';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const CollegeListSchema = listResponseSchema(CollegeListItemSchema);

/** Base key of the College List; every page of it (and its search) sits under this key. */
export const collegesQueryKey = ['reference', 'colleges'] as const;

/** `GET /admin/colleges`: one page of the College List (search: name, address, website, email). */
export async function listColleges(
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListResponse<CollegeListItem>> {
  const payload = await apiRequest<unknown>(`/admin/colleges?${listSearchParams(params)}`, { signal });
  return CollegeListSchema.parse(payload);
}
