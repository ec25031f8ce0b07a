import { z } from 'zod';
import { type Actor, isMaster } from '../auth/policies';
import { ListQuerySchema, listResponseSchema } from '../schemas/list';

/**
 * The patient-identifier access log (issue 15, DPDP Rules 2025 rule 6): every full view of a
 * patient's name, contact number or address, kept one year. `GET /api/v1/patient-access-log`.
 */
export const PATIENT_ACCESS_LOG_PATH = '/patient-access-log';
/** How long the access log keeps a view (housekeeping deletes older rows). */
export const PATIENT_ACCESS_LOG_KEEP_DAYS = 365;

/** Who may read the access log: Master only. */
export function canReadPatientAccessLog(actor: Pick<Actor, 'role'>): boolean {
  return isMaster(actor);
}

/** The page's query: the shared list query, filtered by a student and/or a viewer. */
export const PatientAccessLogQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true }).extend({
  studentId: z.uuid().optional(),
  viewerId: z.uuid().optional(),
});
export type PatientAccessLogQuery = z.infer<typeof PatientAccessLogQuerySchema>;

export const PatientAccessLogEntrySchema = z.object({
  id: z.uuid(),
  viewerId: z.uuid(),
  viewerName: z.string(),
  viewerRole: z.string(),
  studentId: z.uuid(),
  studentName: z.string(),
  recordId: z.uuid(),
  /** The record's kind id (RECORD_KINDS). */
  kind: z.string(),
  ip: z.string().nullable(),
  viewedAt: z.iso.datetime({ offset: true }),
});
export type PatientAccessLogEntry = z.infer<typeof PatientAccessLogEntrySchema>;

export const PatientAccessLogResponseSchema = listResponseSchema(PatientAccessLogEntrySchema);
export type PatientAccessLogResponse = z.infer<typeof PatientAccessLogResponseSchema>;

export const PRIVACY_TEXT = {
  pageTitle: 'Patient Data Access Log',
  menuTitle: 'Patient Access Log',
  note: 'Every full view of a patient’s name, contact number or address (kept one year).',
} as const;
