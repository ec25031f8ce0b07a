import { z } from 'zod';

/**
 * What every academic record answer says about a person (a student, a guide, the faculty member
 * who scored or closed something).
 */
export const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

/** An uploaded file as the academic screens show it (opens in the shared file viewer). */
export const FileRefSchema = z.object({
  id: z.string(),
  url: z.string(),
  originalName: z.string(),
  contentType: z.string(),
});
export type FileRef = z.infer<typeof FileRefSchema>;

/**
 * `?studentId=` of the staff screens that pick a student first (synopsis, thesis, appraisal,
 * AETCOM). A student's own requests leave it out; the server reads the student from the session.
 */
export const StudentQuerySchema = z.object({ studentId: z.string().max(100).optional() });
export type StudentQuery = z.infer<typeof StudentQuerySchema>;

/** Messages every academic screen shares. */
export const ACADEMIC_MESSAGES = {
  /** A staff request without a student, or with one outside the caller's department. */
  studentRequired: 'Please select a student first.',
  studentNotFound: 'Student not found',
} as const;

/** Adds whole days to a YYYY-MM-DD date (UTC arithmetic, so no clock or zone shifts it). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Adds whole years to a YYYY-MM-DD date; 29 February becomes 28 February in a common year. */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}
