import { type ReportItem, ReportItemSchema, type ReportStatusFilter } from '@pgel/shared/reports/activity';
import { type ListResponse, listResponseSchema } from '@pgel/shared/schemas/list';
import { type ListParams, listSearchParams } from '../../../../components/data-table';
import { apiRequest } from '../../../../lib/api-client';

const ReportPageSchema = listResponseSchema(ReportItemSchema);

/** Base key of the recent-activity list; every page, search and filter sits under it. */
export const reportActivityQueryKey = ['reports', 'activity'] as const;

/**
 * The applied filters (the URL's): a college and department (Master and Admin only; the server
 * fixes other staff to their own), a menu (record kind or academic menu), a student and a status.
 */
export type ReportFilters = {
  collegeId?: string;
  departmentId?: string;
  menu?: string;
  studentId?: string;
  status: ReportStatusFilter;
};

/** The filters as query parameters, added to `query` (an unset filter is left out). */
export function appendReportFilters(query: URLSearchParams, filters: ReportFilters): URLSearchParams {
  for (const name of ['collegeId', 'departmentId', 'menu', 'studentId'] as const) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  if (filters.status !== 'all') query.set('status', filters.status);
  return query;
}

/** `GET /reports`: one page of the recent activity the caller may see. */
export async function listReportActivity(
  params: ListParams,
  filters: ReportFilters,
  signal?: AbortSignal,
): Promise<ListResponse<ReportItem>> {
  const query = appendReportFilters(listSearchParams(params), filters);
  const payload = await apiRequest<unknown>(`/reports?${query}`, { signal });
  return ReportPageSchema.parse(payload);
}

/**
 * `GET /reports/export.csv`: the same filters and search, every matching row; a plain link, the
 * server answers the file as an attachment (with the session cookie, same origin).
 */
export function reportExportUrl(filters: ReportFilters, search: string | undefined): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  appendReportFilters(query, filters);
  const text = query.toString();
  return `/api/v1/reports/export.csv${text ? `?${text}` : ''}`;
}
