import {
  type Actor,
  canChooseReportDepartment,
  canSeeWeeklyUpdates,
  canWriteLogbook,
} from '@pgel/shared/auth/policies';
import {
  WEEKLY_UPDATE_MESSAGES,
  WEEKLY_UPDATE_RULES,
  type WeeklyUpdates,
  type WeeklyUpdatesQuery,
} from '@pgel/shared/reminders/weekly-updates';
import { REPORT_MESSAGES } from '@pgel/shared/reports/activity';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { indiaWeek } from '../../platform/india-time';
import { weekCountsFor } from './weekly-update';
import { listDepartmentResidents, listLastEntries, listWeeksWithEntries } from './weekly-update.repository';

/**
 * The HOD's view of the weekly update (issue 30): per resident of the department who may write
 * the logbook, the weeks of the last eight without an entry.
 */
export class WeeklyUpdatesService {
  constructor(private readonly deps: { db: Database }) {}

  /**
   * The HOD's own department (from the session; naming another is refused), or the one Master or
   * Admin names. `now` is the clock (tests pass theirs). Residents who missed no week are left out.
   */
  async forDepartment(actor: Actor, query: WeeklyUpdatesQuery, now = new Date()): Promise<WeeklyUpdates> {
    if (!canSeeWeeklyUpdates(actor)) throw AppError.forbidden();
    const department = departmentAsked(actor, query);
    // The full weeks before the current one, newest first.
    const weeks = Array.from({ length: WEEKLY_UPDATE_RULES.weeksShown }, (_, i) => indiaWeek(now, -(i + 1)));
    const first = weeks.at(-1);
    const last = weeks[0];
    if (!first || !last) throw new Error('no weeks to show');

    const residents = (await listDepartmentResidents(this.deps.db, department)).filter((resident) =>
      canWriteLogbook({ ...resident, role: null }),
    );
    const ids = residents.map((resident) => resident.id);
    const written = new Set(
      (await listWeeksWithEntries(this.deps.db, ids, { from: first.start, until: last.end })).map(
        (row) => `${row.studentId}:${row.week}`,
      ),
    );
    const lastEntry = new Map(
      (await listLastEntries(this.deps.db, ids)).map((row) => [row.studentId, row.at]),
    );
    const weekNumber = (start: Date) =>
      Math.round((start.getTime() - first.start.getTime()) / (7 * 86_400_000));

    const items = residents.flatMap((resident) => {
      const counted = weeks.filter((week) => weekCountsFor(resident, week));
      const missed = counted.filter((week) => !written.has(`${resident.id}:${weekNumber(week.start)}`));
      if (missed.length === 0) return [];
      return [
        {
          studentId: resident.id,
          studentName: resident.name,
          missedWeeks: missed.map((week) => week.monday),
          weeksCounted: counted.length,
          lastEntryAt: lastEntry.get(resident.id)?.toISOString() ?? null,
        },
      ];
    });
    items.sort(
      (a, b) => b.missedWeeks.length - a.missedWeeks.length || a.studentName.localeCompare(b.studentName),
    );
    return { weeks: weeks.map((week) => week.monday), residents: residents.length, items };
  }
}

/** The department a caller asks about: Master and Admin name one; anyone else has their own. */
function departmentAsked(
  actor: Actor,
  query: WeeklyUpdatesQuery,
): { collegeId: string; departmentId: string } {
  if (canChooseReportDepartment(actor)) {
    if (!query.collegeId || !query.departmentId) {
      throw AppError.validation(WEEKLY_UPDATE_MESSAGES.chooseDepartment, {
        departmentId: WEEKLY_UPDATE_MESSAGES.chooseDepartment,
      });
    }
    return { collegeId: query.collegeId, departmentId: query.departmentId };
  }
  const own = { collegeId: actor.collegeId, departmentId: actor.departmentId };
  if (
    !own.collegeId ||
    !own.departmentId ||
    (query.collegeId && query.collegeId !== own.collegeId) ||
    (query.departmentId && query.departmentId !== own.departmentId)
  ) {
    throw AppError.forbidden(REPORT_MESSAGES.departmentNotAllowed);
  }
  return { collegeId: own.collegeId, departmentId: own.departmentId };
}
