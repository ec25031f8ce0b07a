import { listResponseSchema } from '@pgel/shared/schemas/list';
import { StudentListItemSchema } from '@pgel/shared/schemas/students-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The most students the filter lists at once; typing narrows the list on the server. */
export const STUDENT_FILTER_PAGE_SIZE = 20;

const StudentsPageSchema = listResponseSchema(
  StudentListItemSchema.pick({ id: true, name: true, email: true }),
);
export type StudentChoice = z.infer<typeof StudentsPageSchema>['items'][number];

/**
 * `GET /students?search=…`: the first students of the caller's department whose name or e-mail
 * matches (the list is paged, so the filter searches as you type instead of loading everyone).
 */
export async function searchDepartmentStudents(search: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: '1', pageSize: String(STUDENT_FILTER_PAGE_SIZE), sort: 'name' });
  if (search) query.set('search', search);
  const payload = await apiRequest<unknown>(`/students?${query}`, { signal });
  return StudentsPageSchema.parse(payload);
}

export function useDepartmentStudents(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['records', 'student-filter', search] as const,
    queryFn: ({ signal }) => searchDepartmentStudents(search, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}
