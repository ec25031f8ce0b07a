import { addDays } from '@pgel/shared/academic/common';
import { type Actor, isDrpCoordinator } from '@pgel/shared/auth/policies';
import {
  type AttendanceDays,
  type AttendanceList,
  type AttendanceMark,
  type AttendanceRow,
  type AttendanceSaved,
  attendancePercentage,
  ATTENDANCE_MESSAGES as M,
  type MarkAttendanceInput,
} from '@pgel/shared/drp/attendance';
import type { CoordinatorDashboard } from '@pgel/shared/drp/coordinator-dashboard';
import { drpActivity, drpUpload } from '@pgel/shared/records/kinds/drp';
import { isUuid } from '@pgel/shared/schemas/common';
import { isCalendarDate, todayIso } from '@pgel/shared/schemas/dates';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { drpPostings } from '../../db/schema/index';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionActor } from '../../platform/session';
import * as repo from './attendance.repository';
import { lockPosting, pendingEntriesByKind, postingsWhere } from './drp.repository';
import { postingScopeFor } from './drp-scope';

export type AttendanceDeps = { db: Database; now?: () => Date };

type Meta = { ip: string };

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The posting's last day so far: today, or its end once it is over. */
function lastDaySoFar(row: { scheduleTo: string }, today: string): string {
  return today < row.scheduleTo ? today : row.scheduleTo;
}

/** Days of the posting up to today (or its end), both ends counted; 0 before it starts. */
export function daysSoFar(row: { scheduleFrom: string; scheduleTo: string }, today: string): number {
  if (today < row.scheduleFrom) return 0;
  return daysBetween(row.scheduleFrom, lastDaySoFar(row, today)) + 1;
}

function toRow(actor: Actor, row: repo.AttendanceAggregateRow, today: string): AttendanceRow {
  return {
    postingId: row.postingId,
    student: { id: row.studentId, name: row.studentName },
    institution: row.institutionName,
    scheduleFrom: row.scheduleFrom,
    scheduleTo: row.scheduleTo,
    daysSoFar: daysSoFar(row, today),
    marked: row.marked,
    present: row.present,
    percentage: attendancePercentage(row.present, row.marked),
    canMark: isDrpCoordinator(actor) && row.coordinatorId === actor.id && row.scheduleFrom <= today,
  };
}

/**
 * DRP attendance (`/drp/attendence`, docs/decisions/012): the coordinator marks each posted
 * resident present or absent per day of the posting up to today; the resident, their department
 * and Master read the days and the percentage.
 */
export class AttendanceService {
  private readonly now: () => Date;

  constructor(readonly deps: AttendanceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private today(): string {
    return todayIso(this.now());
  }

  /** Every posting in the caller's scope with its figures (one grouped query). */
  async list(actor: SessionActor): Promise<AttendanceList> {
    const today = this.today();
    const rows = await repo.attendanceRows(this.deps.db, postingsWhere(postingScopeFor(actor, today)));
    return { items: rows.map((row) => toRow(actor, row, today)) };
  }

  /** One posting's days so far, each with its mark or null; 404 outside the caller's scope. */
  async days(actor: SessionActor, id: string): Promise<AttendanceDays> {
    if (!isUuid(id)) throw AppError.notFound(M.postingNotFound);
    const today = this.today();
    const scope = postingsWhere(postingScopeFor(actor, today));
    const days = await this.load(
      this.deps.db,
      actor,
      and(scope, eq(drpPostings.id, id.toLowerCase())),
      today,
    );
    if (!days) throw AppError.notFound(M.postingNotFound);
    return days;
  }

  /**
   * A DRP coordinator's dashboard (issue 28): the residents posted under them now (started, not
   * ended), the days of those postings up to today still unmarked, and the pending DRP entries
   * of every posting of theirs that has started. Only their own postings, from the session.
   */
  async coordinatorDashboard(actor: SessionActor): Promise<CoordinatorDashboard> {
    if (!isDrpCoordinator(actor)) throw AppError.forbidden();
    const today = this.today();
    const mine = postingsWhere({ kind: 'coordinator', coordinatorId: actor.id, today });
    const current = await repo.attendanceRows(
      this.deps.db,
      and(mine, gte(drpPostings.scheduleTo, today)) as SQL,
    );
    const pending = await pendingEntriesByKind(this.deps.db, actor.id, today, [drpActivity.id, drpUpload.id]);
    const residents = current
      .map((row) => ({
        postingId: row.postingId,
        student: { id: row.studentId, name: row.studentName },
        institution: row.institutionName,
        scheduleFrom: row.scheduleFrom,
        scheduleTo: row.scheduleTo,
        // Marks are never after today (mark() refuses them), so this is never below 0.
        daysToMark: Math.max(0, daysSoFar(row, today) - row.marked),
      }))
      .sort((a, b) => a.student.name.localeCompare(b.student.name) || a.postingId.localeCompare(b.postingId));
    return {
      residents,
      daysToMark: residents.reduce((sum, resident) => sum + resident.daysToMark, 0),
      toVerify: {
        activities: pending.get(drpActivity.id) ?? 0,
        logbooks: pending.get(drpUpload.id) ?? 0,
      },
    };
  }

  private async load(db: Executor, actor: Actor, where: SQL | undefined, today: string) {
    const [row] = await repo.attendanceRows(db, where ?? sql`false`);
    if (!row) return undefined;
    const marks = new Map((await repo.markedDays(db, row.postingId)).map((d) => [d.day, d.present]));
    const count = daysSoFar(row, today);
    const days = Array.from({ length: count }, (_, i) => {
      const date = addDays(row.scheduleFrom, i);
      const present = marks.get(date);
      const mark: AttendanceMark | null = present === undefined ? null : present ? 'present' : 'absent';
      return { date, mark };
    });
    return { row: toRow(actor, row, today), days };
  }

  /**
   * The posting's own coordinator marks days (403 for anyone else, 404 for a posting that is not
   * theirs): real dates of the posting, not after today; a day marked again takes the new mark.
   */
  async mark(
    actor: SessionActor,
    id: string,
    input: MarkAttendanceInput,
    meta: Meta,
  ): Promise<AttendanceSaved> {
    if (!isDrpCoordinator(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.postingNotFound);
    const today = this.today();
    const saved = await this.deps.db.transaction(async (tx) => {
      const posting = await lockPosting(tx, eq(drpPostings.coordinatorId, actor.id), id.toLowerCase());
      if (!posting) throw AppError.notFound(M.postingNotFound);
      if (posting.scheduleFrom > today) throw AppError.conflict(M.notStarted);
      const days = this.checkedDays(input, posting, today);
      const before = (await repo.markedDays(tx, posting.id)).filter((d) => days.has(d.day));
      const marked = [...days].map(([date, present]) => ({ date, present }));
      await repo.upsertDays(tx, posting, actor.id, marked);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'drp.attendance.mark',
        entity: 'drp_posting',
        entityId: posting.id,
        collegeId: posting.collegeId,
        ip: meta.ip,
        before: { days: before.map((d) => ({ date: d.day, present: d.present })) },
        after: { days: marked },
      });
      return this.load(tx, actor, eq(drpPostings.id, posting.id), today);
    });
    if (!saved) throw AppError.notFound(M.postingNotFound);
    return { message: M.saved, ...saved };
  }

  /** The days to save, one per date (the last mark given for a date wins). */
  private checkedDays(
    input: MarkAttendanceInput,
    posting: { scheduleFrom: string; scheduleTo: string },
    today: string,
  ): Map<string, boolean> {
    const given = input.days ?? [];
    if (given.length === 0) throw AppError.validation(M.nothingToSave);
    const days = new Map<string, boolean>();
    for (const { date: raw, mark } of given) {
      const date = raw.trim();
      if (!isCalendarDate(date) || date < posting.scheduleFrom || date > posting.scheduleTo) {
        throw AppError.validation(M.outsidePosting);
      }
      if (date > today) throw AppError.validation(M.futureDay);
      days.set(date, mark === 'present');
    }
    return days;
  }
}
