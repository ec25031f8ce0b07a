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
