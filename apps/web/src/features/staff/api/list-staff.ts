import type { StaffRole } from '@pgel/shared/roles';
import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type StaffListItem, StaffListItemSchema } from '@pgel/shared/schemas/staff-admin';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const StaffListSchema = listResponseSchema(StaffListItemSchema);

/** Root key of everything staff: the lists and each member's assignable students sit under it. */
export const staffRootKey = ['staff'] as const;

/** Base key of the staff lists (/allStaff and /allHod); every page, search and filter sits under it. */
export const staffListQueryKey = [...staffRootKey, 'list'] as const;

/** The filter above /allHod: one role. */
export type StaffFilters = { role?: StaffRole };

/** `GET /staff`: one page of the staff the caller may see (HOD: own department; Master: everyone). */
export async function listStaff(
  params: ListParams,
  filters: StaffFilters,
  signal?: AbortSignal,
): Promise<ListResponse<StaffListItem>> {
  const query = listSearchParams(params);
  if (filters.role) query.set('role', filters.role);
  const payload = await apiRequest<unknown>(`/staff?${query}`, { signal });
  return StaffListSchema.parse(payload);
}
