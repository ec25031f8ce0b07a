import { z } from 'zod';

/**
 * Dates travel as YYYY-MM-DD everywhere (API, forms, the database's `date` columns). These are
 * the one check of such a date for every field that accepts one.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * True for a YYYY-MM-DD date that exists on the calendar (year 0001 to 9999). `Date.parse`
 * is no test: V8 reads 2001-02-30 as 2 March, and PostgreSQL then refuses the value. Year 0000
 * does not exist either (PostgreSQL refuses it too).
 */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Today as YYYY-MM-DD in the caller's clock (the browser's, or the server's). */
export function todayIso(now: Date = new Date()): string {
  const y = String(now.getFullYear()).padStart(4, '0');
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * A calendar date as YYYY-MM-DD; anything else (another type, another format, 2030-04-31) gets
 * the field's own message.
 */
export function isoDate(message: string) {
  return z.string({ error: message }).refine(isCalendarDate, { error: message, abort: true });
}

/**
 * A calendar date that is not after today (`today` is read on every check, so a long-running
 * server moves on at midnight). Invalid dates get `message`, later ones `futureMessage`.
 */
export function pastIsoDate(message: string, futureMessage: string, today: () => string = () => todayIso()) {
  return isoDate(message).refine((value) => value <= today(), { error: futureMessage });
}
