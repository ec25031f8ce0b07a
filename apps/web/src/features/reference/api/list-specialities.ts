import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type Speciality, SpecialitySchema } from '@pgel/shared/schemas/reference-admin';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const SpecialityListSchema = listResponseSchema(SpecialitySchema);

/** Base key of the Speciality list; every page and search sits under it. */
export const specialitiesQueryKey = ['reference', 'specialities'] as const;

/** `GET /specialities`: one page of specialities. */
export async function listSpecialities(
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListResponse<Speciality>> {
  const payload = await apiRequest<unknown>(`/specialities?${listSearchParams(params)}`, { signal });
  return SpecialityListSchema.parse(payload);
}
