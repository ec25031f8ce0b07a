import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

const PrintStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  departmentName: z.string(),
  collegeName: z.string(),
});
export type PrintStudent = z.infer<typeof PrintStudentSchema>;

const PrintStudentsSchema = z.object({ items: z.array(PrintStudentSchema) });

/**
 * `GET /print-logbook/students?search=`: the students whose logbooks the caller may print
 * (their department's; every department for Master and Admin), searched on the server.
 */
export async function listPrintStudents(search: string, signal?: AbortSignal): Promise<PrintStudent[]> {
  const query = new URLSearchParams({ search });
  const payload = await apiRequest<unknown>(`/print-logbook/students?${query}`, { signal });
  return PrintStudentsSchema.parse(payload).items;
}

export function usePrintStudents(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['reports', 'print-students', search] as const,
    queryFn: ({ signal }) => listPrintStudents(search, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}
