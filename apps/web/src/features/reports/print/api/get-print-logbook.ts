import { type PrintLogbook, PrintLogbookSchema } from '@pgel/shared/reports/print';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** The print-ready page of a student's logbook (outside the shell; /printLogbook opens it). */
export function printSheetPath(studentId: string): string {
  return `/printLogbook/${encodeURIComponent(studentId)}/print`;
}

/** `GET /print-logbook/:studentId/pdf`: the verifiable PDF, sent as an attachment. */
export function printLogbookPdfUrl(studentId: string): string {
  return `/api/v1/print-logbook/${encodeURIComponent(studentId)}/pdf`;
}

/**
 * `GET /print-logbook/:studentId`: the 22 sections (and maybe the annexure), already formatted by
 * the server so the print page and the PDF show the same text.
 */
export async function getPrintLogbook(studentId: string, signal?: AbortSignal): Promise<PrintLogbook> {
  const payload = await apiRequest<unknown>(`/print-logbook/${encodeURIComponent(studentId)}`, { signal });
  return PrintLogbookSchema.parse(payload);
}

export const printLogbookQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: ['reports', 'print-logbook', studentId] as const,
    queryFn: ({ signal }) => getPrintLogbook(studentId, signal),
    // A print reads the logbook as it is now: no stale copy from an earlier visit.
    staleTime: 0,
  });

/** The logbook of `studentId`, or nothing while no student is chosen. */
export function usePrintLogbook(studentId: string | null) {
  return useQuery({ ...printLogbookQueryOptions(studentId ?? ''), enabled: studentId !== null });
}
