import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import {
  type CreateCourseInput,
  type CreateDepartmentInput,
  type DepartmentCatalogItem,
  DepartmentCatalogItemSchema,
  DepartmentResponseSchema,
} from '@pgel/shared/schemas/reference-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListParams, listSearchParams } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';

const DepartmentListSchema = listResponseSchema(DepartmentCatalogItemSchema);

/**
 * Every query about departments sits under this key: the catalogue of the college modals, a
 * department's courses on sign-up and the Master's list. An add refreshes all of them.
 */
const departmentsKey = ['reference', 'departments'] as const;

/** Base key of the Master's Departments list; every page of it (and its search) sits under it. */
export const adminDepartmentsQueryKey = [...departmentsKey, 'admin'] as const;

/** `GET /admin/departments`: one page of the catalogue (search: name and course titles). */
export async function listAdminDepartments(
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListResponse<DepartmentCatalogItem>> {
  const payload = await apiRequest<unknown>(`/admin/departments?${listSearchParams(params)}`, { signal });
  return DepartmentListSchema.parse(payload);
}

/** `POST /admin/departments`: Add Department with its courses. */
export async function createDepartment(input: CreateDepartmentInput) {
  const payload = await apiRequest<unknown>('/admin/departments', { method: 'POST', body: input });
  return DepartmentResponseSchema.parse(payload);
}

/** `POST /admin/departments/{id}/courses`: Add Course on a department row. */
export async function addCourse({ departmentId, ...input }: CreateCourseInput & { departmentId: string }) {
  const payload = await apiRequest<unknown>(
    `/admin/departments/${encodeURIComponent(departmentId)}/courses`,
    { method: 'POST', body: input },
  );
  return DepartmentResponseSchema.parse(payload);
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentsKey }),
  });
}

export function useAddCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentsKey }),
  });
}
