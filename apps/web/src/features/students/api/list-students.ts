import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type StudentListItem, StudentListItemSchema } from '@pgel/shared/schemas/students-admin';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const StudentListSchema = listResponseSchema(StudentListItemSchema);

/** Base key of the All Students list; every page, search and filter sits under it. */
export const studentsQueryKey = ['students', 'list'] as const;

/** The filters above the table: verification status and (Master) payment status. */
export type StudentFilters = { verified?: 'true' | 'false'; paid?: 'true' | 'false' };

/** `GET /students`: one page of the students the caller may see (own college and department; Master all). */
export async function listStudents(
  params: ListParams,
  filters: StudentFilters,
  signal?: AbortSignal,
): Promise<ListResponse<StudentListItem>> {
  const query = listSearchParams(params);
  if (filters.verified) query.set('verified', filters.verified);
  if (filters.paid) query.set('paid', filters.paid);
  const payload = await apiRequest<unknown>(`/students?${query}`, { signal });
  return StudentListSchema.parse(payload);
}
