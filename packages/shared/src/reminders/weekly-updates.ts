import { z } from 'zod';
import { reportDate } from '../reports/activity';

/**
 * The weekly update (issue 30; PGMER-2023: the e-logbook is updated weekly). A week runs Monday
 * to Sunday, India time; a resident "wrote" in a week when an entry of theirs was saved in it,
 * whatever its activity date. Only weeks that begin on or after the resident's start (the account
 * made, the course joined) count.
 */
export const WEEKLY_UPDATE_RULES = {
  /** How many full weeks before the current one the HOD's view looks back over. */
  weeksShown: 8,
} as const;

/** The Sunday that ends the week starting on `monday` (both YYYY-MM-DD). */
export function weekEnd(monday: string): string {
  const start = new Date(`${monday}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 6);
  return start.toISOString().slice(0, 10);
}

/** A week as the app writes it: "07-12-2026 to 13-12-2026". */
export function weekLabel(monday: string): string {
  return `${reportDate(monday)} to ${reportDate(weekEnd(monday))}`;
}

/** `GET /reports/weekly-updates`: the department asked for (Master and Admin choose it). */
export const WeeklyUpdatesQuerySchema = z.object({
  collegeId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
});
export type WeeklyUpdatesQuery = z.infer<typeof WeeklyUpdatesQuerySchema>;

/**
 * The HOD's view: the last `weeksShown` full weeks (their Mondays, newest first), how many
 * residents who may write the logbook were looked at, and each of them who wrote nothing in a
 * week that counts for them, most weeks missed first.
 */
export const WeeklyUpdatesSchema = z.object({
  weeks: z.array(z.string()),
  residents: z.number().int(),
  items: z.array(
    z.object({
      studentId: z.uuid(),
      studentName: z.string(),
      /** Mondays of the weeks without an entry, newest first. */
      missedWeeks: z.array(z.string()),
      /** How many of `weeks` count for this resident (those from their start on). */
      weeksCounted: z.number().int(),
      /** When the resident last saved an entry (ISO); null: never. */
      lastEntryAt: z.string().nullable(),
    }),
  ),
});
export type WeeklyUpdates = z.infer<typeof WeeklyUpdatesSchema>;

export const WEEKLY_UPDATE_MESSAGES = {
  title: 'Weeks without entries',
  intro: `Residents who saved no logbook entry in a week (Monday to Sunday) of the last ${WEEKLY_UPDATE_RULES.weeksShown} weeks, counted from their start. A resident who misses a week is reminded in the app and by mail at the start of the next.`,
  none: 'Every resident saved at least one entry in each of these weeks.',
  chooseDepartment: 'Choose a college and department to see its weeks without entries.',
  /** The resident's in-app nudge at the start of the next week; it opens the dashboard. */
  nudge: (monday: string) =>
    `You saved no logbook entry last week (${weekLabel(monday)}). Your logbook is to be updated every week: add this week's entries.`,
} as const;
