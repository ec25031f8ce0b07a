import { z } from 'zod';
import { PersonRefSchema } from '../academic/common';

/**
 * DRP attendance (`/drp/attendence`, issue 12): the coordinator marks each resident posted to
 * them present or absent per day of the posting, up to today; the resident and their department
 * read the days and the percentage (docs/decisions/012-drp-and-forensic.md).
 */
export const ATTENDANCE_MESSAGES = {
  saved: 'Attendance saved successfully',
  nothingToSave: 'Please mark at least one day.',
  outsidePosting: 'Attendance can only be marked for days of the posting.',
  futureDay: 'Attendance cannot be marked for a day that has not come yet.',
  notStarted: 'This posting has not started yet.',
  postingNotFound: 'DRP posting not found',
  markTitle: 'Mark Attendance',
  present: 'Present',
  absent: 'Absent',
  // Issue 28: marks are never lost silently. Closing with unsaved marks asks first; a sheet
  // left half-marked (a reload, a dropped page) comes back as a draft kept on this device.
  closeTitle: 'Discard the unsaved marks?',
  closeText: (count: number) =>
    `${count === 1 ? '1 day marked here is' : `${count} days marked here are`} not saved yet. Discard ${count === 1 ? 'it' : 'them'}, or keep marking and press Save.`,
  keepMarking: 'Keep marking',
  discard: 'Discard',
  unsaved: (count: number) => (count === 1 ? '1 unsaved mark' : `${count} unsaved marks`),
  allSaved: 'No unsaved marks',
  draftRestored: (count: number) =>
    `Draft restored: ${count === 1 ? '1 mark' : `${count} marks`} from your last visit, not saved yet.`,
  discardDraft: 'Discard draft',
} as const;

export const ATTENDANCE_MARKS = ['present', 'absent'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];

/** Mark several days at once; a day marked again takes the new mark. */
export const MarkAttendanceSchema = z.object({
  days: z
    .array(z.object({ date: z.string().max(20), mark: z.enum(ATTENDANCE_MARKS) }))
    .max(400)
    .optional(),
});
export type MarkAttendanceInput = z.infer<typeof MarkAttendanceSchema>;

/**
 * The share of marked days the resident was present, whole percent; null before any day is
 * marked. Unmarked days do not count either way: the coordinator may not have filled them in yet.
 */
export function attendancePercentage(present: number, marked: number): number | null {
  if (marked <= 0) return null;
  // Rounded down: 199 of 200 days is not a full attendance.
  return Math.floor((present / marked) * 100);
}

/** One posted resident on the attendance list (Sr. No., Student, Action plus the figures). */
export const AttendanceRowSchema = z.object({
  postingId: z.string(),
  student: PersonRefSchema,
  institution: z.string(),
  scheduleFrom: z.string(),
  scheduleTo: z.string(),
  /** Days from the start up to today or the end, whichever is first. */
  daysSoFar: z.number(),
  marked: z.number(),
  present: z.number(),
  percentage: z.number().nullable(),
  /** Whether the caller marks this posting's attendance (its coordinator). */
  canMark: z.boolean(),
});
export type AttendanceRow = z.infer<typeof AttendanceRowSchema>;

export const AttendanceListSchema = z.object({ items: z.array(AttendanceRowSchema) });
export type AttendanceList = z.infer<typeof AttendanceListSchema>;

/** One posting's days, oldest first: every day so far, marked or not. */
export const AttendanceDaysSchema = z.object({
  row: AttendanceRowSchema,
  days: z.array(z.object({ date: z.string(), mark: z.enum(ATTENDANCE_MARKS).nullable() })),
});
export type AttendanceDays = z.infer<typeof AttendanceDaysSchema>;

/** `PUT /drp/postings/{id}/attendance` answers the message and the posting's days after the save. */
export const AttendanceSavedSchema = AttendanceDaysSchema.extend({ message: z.string() });
export type AttendanceSaved = z.infer<typeof AttendanceSavedSchema>;
