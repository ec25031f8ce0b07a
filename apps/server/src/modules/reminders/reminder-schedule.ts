import { indiaDate, indiaDay, indiaWeek } from '../../platform/india-time';
import type { ReminderSchedule } from './reminder-kind';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether the week's reminders are due at `now`: from Monday at the reminder hour, India time,
 * to the end of the week (a server down on Monday sends them when it is back that week).
 */
export function dueFromMonday(now: Date, schedule: ReminderSchedule): boolean {
  return now.getTime() >= indiaWeek(now).start.getTime() + schedule.hour * HOUR_MS;
}

/**
 * Whether a month's reminders are due at `now`: from the `day`th of the month at the reminder
 * hour, India time, to the end of the month (a server down on that day sends them when it is back
 * that month).
 */
export function dueFromDayOfMonth(now: Date, day: number, schedule: ReminderSchedule): boolean {
  const today = Number(indiaDate(now).slice(8, 10));
  return today > day || (today === day && indiaDay(now).hour >= schedule.hour);
}

/** An hour as the command prints it: "08:00". */
export function hourLabel(schedule: ReminderSchedule): string {
  return `${String(schedule.hour).padStart(2, '0')}:00`;
}
