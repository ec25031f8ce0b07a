import { indiaWeek } from '../../platform/india-time';
import type { ReminderSchedule } from './reminder-kind';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether the week's reminders are due at `now`: from Monday at the reminder hour, India time,
 * to the end of the week (a server down on Monday sends them when it is back that week).
 */
export function dueFromMonday(now: Date, schedule: ReminderSchedule): boolean {
  return now.getTime() >= indiaWeek(now).start.getTime() + schedule.hour * HOUR_MS;
}
