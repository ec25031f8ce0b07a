/**
 * India Standard Time, the users' zone: UTC+05:30 all year (India keeps no daylight saving time),
 * so a fixed offset is exact and needs no time-zone library.
 */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The hour of the day in India at `now`, and the instant the Indian day began. */
export function indiaDay(now: Date): { hour: number; dayStart: Date } {
  const local = new Date(now.getTime() + INDIA_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return { hour: local.getUTCHours(), dayStart: new Date(midnight - INDIA_OFFSET_MS) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An India week: Monday 00:00 to the next Monday 00:00, India time (issue 30). */
export type IndiaWeek = {
  /** Its Monday, YYYY-MM-DD: how a week is named (a reminder's period, the HOD's view). */
  monday: string;
  /** The instant it begins. */
  start: Date;
  /** The instant it ends (the next week's start). */
  end: Date;
};

/** The India week beginning on `monday` (YYYY-MM-DD). */
export function weekStartingOn(monday: string): IndiaWeek {
  const start = new Date(Date.parse(`${monday}T00:00:00Z`) - INDIA_OFFSET_MS);
  return { monday, start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** The India week holding `now`, or `offset` weeks from it (-1: the week before). */
export function indiaWeek(now: Date, offset = 0): IndiaWeek {
  const local = new Date(now.getTime() + INDIA_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday);
  return weekStartingOn(new Date(monday + offset * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** The India calendar day of an instant, YYYY-MM-DD. */
export function indiaDate(instant: Date): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}
