import {
  AETCOM_MESSAGES,
  AETCOM_NOTICES,
  AETCOM_PERIOD_YEARS,
  AETCOM_SKILLS,
  type AetcomList,
  type AetcomRecord,
  aetcomError,
  averageOf,
  type CreateAetcomInput,
} from '@pgel/shared/academic/aetcom';
import { addDays, addYears } from '@pgel/shared/academic/common';
import { type Actor, canScoreStudents } from '@pgel/shared/auth/policies';
import { todayIso } from '@pgel/shared/schemas/dates';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import { notify } from '../people/notifications.service';
import { lockScoredStudent, placementOf, readScope } from './assessment-scope';
import { aetcomPath, aetcomRecordedMail } from './assessments.notify';
import * as repo from './assessments.repository';

type Meta = { ip: string };

/**
 * AETCOM yearly scores (`/atcom`, spec 03 sections 2, 4, 5, 9): faculty of the student's college
 * and department score the 41 skills for From + 1 year; the year is the student's count + 1,
 * taken under the student's row lock; years of one student never overlap. The student is told
 * in the app and by mail, in the same transaction (issue 28).
 */
export class AetcomService {
  constructor(private readonly deps: QueueingDeps & { now: () => Date }) {}

  /**
   * The student's years, first first, the number the next one gets and the From Date the form
   * starts it with: the day after the last year, or the joining date for year 1; never a date
   * after today.
   */
  async list(actor: Actor, studentId: string | undefined): Promise<AetcomList> {
    const scope = await readScope(this.deps.db, actor, studentId);
    const [rows, total, lastTo] = await Promise.all([
      repo.listAetcom(this.deps.db, scope.student.id, scope.rows),
      repo.countAetcom(this.deps.db, scope.student.id),
      repo.lastAetcomToDate(this.deps.db, scope.student.id),
    ]);
    const student = { id: scope.student.id, name: scope.student.name };
    const suggested = lastTo ? addDays(lastTo, 1) : scope.student.joiningDate;
    const nextFromDate = suggested && suggested <= todayIso(this.deps.now()) ? suggested : null;
    return {
      student,
      items: rows.map((row) => toAetcom(row, student.name)),
      nextYear: total + 1,
      nextFromDate,
    };
  }

  /** Saves a year: the shared save check, a From Date not after today, then under the lock the scope and the overlap. */
  async create(
    actor: SessionActor,
    input: CreateAetcomInput,
    meta: Meta,
  ): Promise<{ message: string; record: AetcomRecord }> {
    if (!canScoreStudents(actor)) throw AppError.forbidden();
    const error = aetcomError(input);
    if (error) throw AppError.validation(error);
    // aetcomError has checked the student id, the date and all 41 scores.
    const studentId = input.studentId as string;
    const fromDate = input.fromDate as string;
    if (fromDate > todayIso(this.deps.now())) throw AppError.validation(AETCOM_MESSAGES.futureFrom);
    const toDate = addYears(fromDate, AETCOM_PERIOD_YEARS);
    // Only the 41 known skills are kept; any other key the client sent is dropped.
    const given = input.scores ?? {};
    const scores: Record<string, number> = {};
    for (const { key } of AETCOM_SKILLS) scores[key] = given[key] as number;

    const { id, student } = await this.deps.db.transaction(async (tx) => {
      const student = await lockScoredStudent(tx, actor, studentId);
      if (await repo.findOverlappingAetcom(tx, student.id, fromDate, toDate)) {
        throw AppError.conflict(AETCOM_MESSAGES.overlap);
      }
      const year = (await repo.countAetcom(tx, student.id)) + 1;
      const placement = placementOf(student);
      const created = await repo.insertAetcom(tx, {
        studentId: student.id,
        ...placement,
        year,
        fromDate,
        toDate,
        scores,
        scoredById: actor.id,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'aetcom.create',
        entity: 'aetcom',
        entityId: created.id,
        collegeId: placement.collegeId,
        after: { studentId: student.id, year, fromDate, toDate, scores },
        ip: meta.ip,
      });
      // The student is told that the year is recorded, never its scores.
      await notify(tx, {
        toId: student.id,
        fromId: actor.id,
        description: AETCOM_NOTICES.recorded(year, actor.name),
        url: aetcomPath(created.id),
        collegeId: placement.collegeId,
      });
      await enqueueMail(
        tx,
        aetcomRecordedMail({
          to: student,
          record: { id: created.id, year },
          scoredBy: actor.name,
          appUrl: this.deps.appUrl,
        }),
      );
      return { id: created.id, student };
    });
    this.deps.onQueued();
    const saved = await repo.findAetcom(this.deps.db, id);
    if (!saved) throw new Error('the saved AETCOM record is gone');
    return { message: AETCOM_MESSAGES.saved, record: toAetcom(saved, student.name) };
  }
}

/** The mean of the 41 scores, two decimals. */
export function aetcomAverage(scores: Record<string, number>): number {
  const values = AETCOM_SKILLS.map(({ key }) => scores[key]).filter(
    (v): v is number => typeof v === 'number',
  );
  return averageOf(values) ?? 0;
}

function toAetcom(row: repo.AetcomRow, studentName: string): AetcomRecord {
  const stored = (typeof row.scores === 'object' && row.scores !== null ? row.scores : {}) as Record<
    string,
    unknown
  >;
  const scores: Record<string, number> = {};
  for (const { key } of AETCOM_SKILLS) {
    const value = stored[key];
    if (typeof value === 'number') scores[key] = value;
  }
  return {
    id: row.id,
    student: { id: row.studentId, name: studentName },
    year: row.year,
    fromDate: row.fromDate,
    toDate: row.toDate,
    scores,
    average: aetcomAverage(scores),
    scoredBy: { id: row.scoredById, name: row.scoredByName },
    scoredAt: row.createdAt.toISOString(),
  };
}
