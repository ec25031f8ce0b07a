import {
  APPRAISAL_MESSAGES,
  APPRAISAL_PARTICULARS,
  APPRAISAL_PERIOD_DAYS,
  type Appraisal,
  type AppraisalList,
  appraisalError,
  type CreateAppraisalInput,
  EVALUATIONS,
  type Evaluation,
  evaluationFor,
} from '@pgel/shared/academic/appraisal';
import { addDays } from '@pgel/shared/academic/common';
import { type Actor, canScoreStudents } from '@pgel/shared/auth/policies';
import { todayIso } from '@pgel/shared/schemas/dates';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import { notify } from '../people/notifications.service';
import { lockScoredStudent, placementOf, readScope } from './assessment-scope';
import { appraisalNotice, appraisalPath, appraisalRecordedMail } from './assessments.notify';
import * as repo from './assessments.repository';

type Meta = { ip: string };
type StoredRow = { particular: string; score: number; evaluation: Evaluation; remark: string | null };

/**
 * The Quarterly Appraisal Form (`/appeal`, spec 03 sections 2, 4, 5, 9): faculty of the student's
 * college and department score a quarter (From + 90 days) on the 8 fixed particulars; quarters
 * of one student never overlap. Students read their own, staff their department's, Master all.
 * The student is told in the app and by mail, in the same transaction (issue 28).
 */
export class AppraisalsService {
  constructor(private readonly deps: QueueingDeps & { now: () => Date }) {}

  /** The student's appraisals, newest quarter first. */
  async list(actor: Actor, studentId: string | undefined): Promise<AppraisalList> {
    const scope = await readScope(this.deps.db, actor, studentId);
    const rows = await repo.listAppraisals(this.deps.db, scope.student.id, scope.rows);
    const student = { id: scope.student.id, name: scope.student.name };
    return { student, items: rows.map((row) => toAppraisal(row, student.name)) };
  }

  /**
   * Saves a quarter: the shared save check (the spec's messages in its order), a From Date not
   * after today, then, with the student's row locked, the scope and the overlap check.
   */
  async create(
    actor: SessionActor,
    input: CreateAppraisalInput,
    meta: Meta,
  ): Promise<{ message: string; appraisal: Appraisal }> {
    if (!canScoreStudents(actor)) throw AppError.forbidden();
    const error = appraisalError(input);
    if (error) throw AppError.validation(error);
    // appraisalError has checked the student id, the date and every row's score.
    const studentId = input.studentId as string;
    const fromDate = input.fromDate as string;
    const scored = (input.rows ?? []) as Array<{ score: number; remark?: string | null }>;
    if (fromDate > todayIso(this.deps.now())) throw AppError.validation(APPRAISAL_MESSAGES.futureFrom);
    const toDate = addDays(fromDate, APPRAISAL_PERIOD_DAYS);
    const rows: StoredRow[] = APPRAISAL_PARTICULARS.map((particular, index) => {
      const row = scored[index] as { score: number; remark?: string | null };
      const remark = row.remark?.trim() ?? '';
      return { particular, score: row.score, evaluation: evaluationFor(row.score), remark: remark || null };
    });

    const { id, student } = await this.deps.db.transaction(async (tx) => {
      const student = await lockScoredStudent(tx, actor, studentId);
      if (await repo.findOverlappingAppraisal(tx, student.id, fromDate, toDate)) {
        throw AppError.conflict(APPRAISAL_MESSAGES.overlap);
      }
      const placement = placementOf(student);
      const created = await repo.insertAppraisal(tx, {
        studentId: student.id,
        ...placement,
        fromDate,
        toDate,
        rows,
        appraisedById: actor.id,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'appraisal.create',
        entity: 'appraisal',
        entityId: created.id,
        collegeId: placement.collegeId,
        after: { studentId: student.id, fromDate, toDate, scores: rows.map((row) => row.score) },
        ip: meta.ip,
      });
      // The student is told that the quarter is recorded, never its scores or remarks.
      const recorded = { id: created.id, fromDate, toDate };
      await notify(tx, {
        toId: student.id,
        fromId: actor.id,
        description: appraisalNotice(recorded, actor.name),
        url: appraisalPath(created.id),
        collegeId: placement.collegeId,
      });
      await enqueueMail(
        tx,
        appraisalRecordedMail({
          to: student,
          appraisal: recorded,
          appraisedBy: actor.name,
          appUrl: this.deps.appUrl,
        }),
      );
      return { id: created.id, student };
    });
    this.deps.onQueued();
    const saved = await repo.findAppraisal(this.deps.db, id);
    if (!saved) throw new Error('the saved appraisal is gone');
    return { message: APPRAISAL_MESSAGES.saved, appraisal: toAppraisal(saved, student.name) };
  }
}

function toAppraisal(row: repo.AppraisalRow, studentName: string): Appraisal {
  return {
    id: row.id,
    student: { id: row.studentId, name: studentName },
    fromDate: row.fromDate,
    toDate: row.toDate,
    rows: storedRows(row.rows),
    appraisedBy: { id: row.appraisedById, name: row.appraisedByName },
    appraisedAt: row.createdAt.toISOString(),
  };
}

/** The jsonb rows as written by `create`; the band is derived again if a row lacks a known one. */
function storedRows(value: unknown): StoredRow[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw: Partial<StoredRow>, index) => {
    const score = typeof raw.score === 'number' ? raw.score : 0;
    const evaluation = EVALUATIONS.find((band) => band === raw.evaluation) ?? evaluationFor(score);
    return {
      particular: typeof raw.particular === 'string' ? raw.particular : (APPRAISAL_PARTICULARS[index] ?? ''),
      score,
      evaluation,
      remark: typeof raw.remark === 'string' ? raw.remark : null,
    };
  });
}
