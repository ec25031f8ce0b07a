import {
  type MonthDetail,
  MonthDetailSchema,
  type StudentAuthentications,
  StudentAuthenticationsSchema,
} from '@pgel/shared/supervision/month-authentication';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { afterFirstDraw } from '../../../lib/after-first-draw';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the records key: verifying, resetting or adding an entry (which invalidate `records`)
 * refreshes the months and their states too.
 */
export const monthAuthenticationsKey = ['records', 'month-authentications'] as const;

const studentPath = (studentId: string) => `/students/${encodeURIComponent(studentId)}/authentications`;

/** `GET /students/{id}/authentications`: the resident's months, oldest first. */
export async function getStudentAuthentications(
  studentId: string,
  signal?: AbortSignal,
): Promise<StudentAuthentications> {
  return StudentAuthenticationsSchema.parse(await apiRequest<unknown>(studentPath(studentId), { signal }));
}

export const studentAuthenticationsQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: [...monthAuthenticationsKey, studentId] as const,
    queryFn: async ({ signal }) => {
      await afterFirstDraw();
      return getStudentAuthentications(studentId, signal);
    },
  });

export function useStudentAuthentications(studentId: string, { enabled = true } = {}) {
  return useQuery({ ...studentAuthenticationsQueryOptions(studentId), enabled });
}

/** `GET /students/{id}/authentications/{month}`: one month and its entries. */
export async function getMonthDetail(
  studentId: string,
  month: string,
  signal?: AbortSignal,
): Promise<MonthDetail> {
  const payload = await apiRequest<unknown>(`${studentPath(studentId)}/${encodeURIComponent(month)}`, {
    signal,
  });
  return MonthDetailSchema.parse(payload);
}

export const monthDetailQueryOptions = (studentId: string, month: string) =>
  queryOptions({
    queryKey: [...monthAuthenticationsKey, studentId, month] as const,
    queryFn: ({ signal }) => getMonthDetail(studentId, month, signal),
  });

/** The month's entries; idle until a month is chosen. */
export function useMonthDetail(studentId: string, month: string | null) {
  return useQuery({ ...monthDetailQueryOptions(studentId, month ?? ''), enabled: month !== null });
}
