import { ATTENDANCE_MESSAGES, type AttendanceRow } from '@pgel/shared/drp/attendance';

/**
 * A posting's attendance in words: '12 / 15 days present — 80%' over the marked days (the
 * percentage's own base: decision 012), or why there is nothing to count yet.
 */
export function attendanceSummary(
  row: Pick<AttendanceRow, 'daysSoFar' | 'marked' | 'present' | 'percentage'>,
) {
  if (row.daysSoFar === 0) return ATTENDANCE_MESSAGES.notStarted;
  if (row.marked === 0 || row.percentage === null) return 'Not marked yet';
  return `${row.present} / ${row.marked} days present — ${row.percentage}%`;
}
