/**
 * Calendar months of the logbook (issue 30): `YYYY-MM` strings, read in India's time (UTC+05:30
 * all year), as every date of the app is. Pure functions, shared by the server (states, the
 * authentication rules) and the web (labels of the dashboard's strip).
 */

/** A month as the API writes it: four-digit year, two-digit month. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The earliest and latest years a month may name: a typo (0202-11) is refused, not stored. */
export const MONTH_YEAR_RANGE = { min: 2000, max: 2100 } as const;

/** The day of the next month by which a month is to be authenticated (PGMER: monthly). */
export const AUTHENTICATION_DUE_DAY = 10;

/**
 * The day of the next month from which a month still not authenticated goes into the HOD's
 * weekly summary (issue 30; the guide is reminded from AUTHENTICATION_DUE_DAY).
 */
export const AUTHENTICATION_ESCALATION_DAY = 20;

/** A course runs three years: the dashboard's strip shows this many months from joining. */
export const COURSE_MONTHS = 36;

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The months' names in English, January first (the strip, the bonafide certificate's date). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function parts(month: string): { year: number; month: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

function format(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** Whether a text is a month the API accepts (pattern and year range). */
export function isMonth(value: string): boolean {
  const match = MONTH_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= MONTH_YEAR_RANGE.min && year <= MONTH_YEAR_RANGE.max;
}

/** India's date (YYYY-MM-DD) at `now`. */
export function indiaDate(now: Date): string {
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** India's month at `now`. */
export function indiaMonth(now: Date): string {
  return indiaDate(now).slice(0, 7);
}

/** The month of a date (YYYY-MM-DD). */
export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** `month` moved by `count` months (negative: earlier). */
export function addMonths(month: string, count: number): string {
  const { year, month: m } = parts(month);
  const index = year * 12 + (m - 1) + count;
  return format(Math.floor(index / 12), (index % 12) + 1);
}

/** The first and last day of a month (YYYY-MM-DD), for a date range in SQL. */
export function monthRange(month: string): { from: string; to: string } {
  const { year, month: m } = parts(month);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Every month from `first` to `last`, both included (none when `last` is earlier). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** 'November 2026'. */
export function monthLabel(month: string): string {
  const { year, month: m } = parts(month);
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

/** 'Nov 2026': the strip's cells. */
export function shortMonthLabel(month: string): string {
  const { year, month: m } = parts(month);
  return `${MONTH_NAMES[m - 1]?.slice(0, 3)} ${year}`;
}

/** The last day a month may be authenticated without being overdue: the 10th of the next month. */
export function authenticationDueDate(month: string): string {
  return `${addMonths(month, 1)}-${String(AUTHENTICATION_DUE_DAY).padStart(2, '0')}`;
}

/** The day from which a month still not authenticated goes into the HOD's summary: the 20th of the next month. */
export function authenticationEscalationDate(month: string): string {
  return `${addMonths(month, 1)}-${String(AUTHENTICATION_ESCALATION_DAY).padStart(2, '0')}`;
}

/** The latest month whose escalation date (the 20th of the next month) is on or before India's date at `now`. */
export function lastEscalatedMonth(now: Date): string {
  const today = indiaDate(now);
  const current = monthOfDate(today);
  return Number(today.slice(8, 10)) >= AUTHENTICATION_ESCALATION_DAY
    ? addMonths(current, -1)
    : addMonths(current, -2);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Where a month stands, as the dashboard's strip and the guide's page show it:
 * - `authenticated`: its guide signed it (it may since have changed: a flag of its own);
 * - `due`: begun, not authenticated, and India's date is not past the 10th of the next month;
 * - `overdue`: not authenticated after the 10th of the next month;
 * - `upcoming`: a month of the course that has not begun.
 */
export const MONTH_STATES = ['authenticated', 'due', 'overdue', 'upcoming'] as const;
export type MonthState = (typeof MONTH_STATES)[number];

export function monthState(month: string, authenticated: boolean, now: Date): MonthState {
  if (authenticated) return 'authenticated';
  const today = indiaDate(now);
  if (month > monthOfDate(today)) return 'upcoming';
  return today > authenticationDueDate(month) ? 'overdue' : 'due';
}
