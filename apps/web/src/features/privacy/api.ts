import {
  PATIENT_ACCESS_LOG_PATH,
  type PatientAccessLogResponse,
  PatientAccessLogResponseSchema,
} from '@pgel/shared/privacy/api';
import type { ListParams } from '../../components/data-table';
import { apiRequest } from '../../lib/api-client';

/** The page's filters: one student's records and/or one viewer. */
export type PatientAccessFilters = { studentId?: string | undefined; viewerId?: string | undefined };

export const privacyKeys = {
  accessLog: (filters: PatientAccessFilters) =>
    ['privacy', 'patient-access-log', filters.studentId ?? '', filters.viewerId ?? ''] as const,
};

/** `GET /patient-access-log` (Master): one page of full views of patient identifiers, newest first. */
export async function listPatientAccess(
  params: ListParams,
  filters: PatientAccessFilters,
  signal?: AbortSignal,
): Promise<PatientAccessLogResponse> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (filters.studentId) query.set('studentId', filters.studentId);
  if (filters.viewerId) query.set('viewerId', filters.viewerId);
  const payload = await apiRequest<unknown>(`${PATIENT_ACCESS_LOG_PATH}?${query}`, { signal });
  return PatientAccessLogResponseSchema.parse(payload);
}
