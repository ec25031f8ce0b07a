import { ACADEMIC_MESSAGES, type StudentQuery } from '@pgel/shared/academic/common';
import {
  type CoGuide,
  coGuidesError,
  isAcceptanceDate,
  missingStepMessage,
  stepsOf,
  THESIS_MESSAGES,
  THESIS_PAGES,
  type Thesis,
  type ThesisResponse,
  type ThesisSaved,
  type ThesisStage,
  type ThesisStep,
  titleError,
} from '@pgel/shared/academic/thesis';
import { type Actor, canKeepAcademicRecords, canSeeRecord, isStudent } from '@pgel/shared/auth/policies';
import { isUuid } from '@pgel/shared/schemas/common';
import { todayIso } from '@pgel/shared/schemas/dates';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import type { Tx } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import type { QueueingDeps } from '../../platform/service-deps';
import type { SessionActor } from '../../platform/session';
import type { FilesService } from '../files/files.service';
import { lockLogbookWriter } from '../records/logbook-rules';
import { findGuidingFaculty } from '../records/record-options.repository';
import * as repo from './theses.repository';

export type ThesesDeps = QueueingDeps & { files: FilesService; now?: () => Date };

type Meta = { ip: string };

/** A placed student (what `canKeepAcademicRecords` guarantees). */
type Writer = SessionActor & { collegeId: string; departmentId: string };

/** Whether a step of the row is written (the title step makes the row). */
function isWritten(row: repo.ThesisRow | undefined, step: ThesisStep): boolean {
  if (!row) return false;
  switch (step) {
    case 'title':
      return true;
    case 'guide':
      return row.guideId !== null;
    case 'coGuides':
      return row.coGuidesAt !== null;
    case 'certificate':
      return row.certificateFileId !== null;
    case 'acceptanceDate':
      return row.acceptanceDate !== null;
  }
}

/** The first step of the stage not written yet, or null when all are. */
function nextStepOf(stage: ThesisStage, row: repo.ThesisRow | undefined): ThesisStep | null {
  return stepsOf(stage).find((step) => !isWritten(row, step)) ?? null;
}

/** The stored co-guide list (jsonb), read defensively. */
function coGuidesOf(value: unknown): CoGuide[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const { name, department } = (item ?? {}) as { name?: unknown; department?: unknown };
    return typeof name === 'string' && typeof department === 'string' ? [{ name, department }] : [];
  });
}

/** What a step writes into the row, and what its audit row says it wrote. */
type StepChange = { values: Partial<repo.NewThesis>; after: Record<string, unknown> };

/**
 * Thesis synopsis and thesis (spec 03 sections 2, 4, 5; issue 11): the student writes each step
 * once, in order. Every write locks the student first (`lockLogbookWriter`: approved students
 * only, one write at a time), then checks the step's prerequisite, then that the step is still
 * open, then the input; the change and its audit row commit together. Reading: the student their
 * own, staff the students of their college and department, Master anyone.
 */
export class ThesesService {
  private readonly now: () => Date;

  constructor(readonly deps: ThesesDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- Reading -----------------------------------------------------------------------------

  /** GET /theses/{stage}: the student's record of the stage, null before its title. */
  async read(actor: Actor, stage: ThesisStage, query: StudentQuery): Promise<ThesisResponse> {
    const student = await this.studentFor(actor, query.studentId);
    const found = await repo.findThesis(this.deps.db, student.id, stage);
    // Like a record, a thesis is seen by staff of the college and department it was written in
    // (decision 011): a student who moved takes nothing written elsewhere to the new department.
    const row = found && canSeeRecord(actor, found) ? found : undefined;
    return {
      student: { id: student.id, name: student.name },
      thesis: row ? await this.view(student.id, stage, row) : null,
    };
  }

  /**
   * The student a read is about. A student reads only their own (another id is refused); staff
   * must name a student of their own college and department (anyone else is 'Student not
   * found', as if there were none); Master names anyone.
   */
  private async studentFor(actor: Actor, studentId: string | undefined): Promise<repo.StudentRow> {
    if (isStudent(actor)) {
      if (studentId !== undefined && studentId.toLowerCase() !== actor.id) throw AppError.forbidden();
      const own = await repo.findStudent(this.deps.db, actor.id);
      if (!own) throw AppError.forbidden();
      return own;
    }
    if (studentId === undefined || studentId.trim() === '') {
      throw AppError.validation(ACADEMIC_MESSAGES.studentRequired);
    }
    const found = isUuid(studentId)
      ? await repo.findStudent(this.deps.db, studentId.toLowerCase())
      : undefined;
    // The records' reading rule: staff of the student's college and department, Master anyone.
    if (!found || !canSeeRecord(actor, { ...found, studentId: found.id })) {
      throw AppError.notFound(ACADEMIC_MESSAGES.studentNotFound);
    }
    return found;
  }

  private async view(studentId: string, stage: ThesisStage, row: repo.ThesisRow): Promise<Thesis> {
    const found = await repo.findThesisView(this.deps.db, studentId, stage);
    if (!found) throw new Error('thesis row vanished between two reads');
    return {
      id: found.id,
      stage,
      student: { id: found.studentId, name: found.studentName },
      title: found.title,
      guide: found.guideId ? { id: found.guideId, name: found.guideName ?? '' } : null,
      coGuides: coGuidesOf(found.coGuides),
      certificate:
        found.certificateId && found.certificateName && found.certificateType
          ? {
              id: found.certificateId,
              url: fileUrl(found.certificateId),
              originalName: found.certificateName,
              contentType: found.certificateType,
            }
          : null,
      acceptanceDate: found.acceptanceDate,
      nextStep: nextStepOf(stage, row),
      updatedAt: found.updatedAt.toISOString(),
    };
  }

  // ---- Writing (the student's steps) ---------------------------------------------------------

  /** The title step: makes the stage's row (201). */
  saveTitle(actor: SessionActor, stage: ThesisStage, input: { title?: string | undefined }, meta: Meta) {
    return this.writeStep(actor, stage, 'title', meta, async () => {
      const error = titleError(stage, input.title);
      if (error) throw AppError.validation(error, { title: error });
      const title = (input.title ?? '').trim();
      return {
        values: { title },
        after: { title },
      };
    });
  }

  /** The guide: a teacher of the student's department who can sign in; told in the app. */
  saveGuide(actor: SessionActor, stage: ThesisStage, input: { guideId?: string | undefined }, meta: Meta) {
    return this.writeStep(actor, stage, 'guide', meta, async (tx, writer) => {
      const id = input.guideId?.trim() ?? '';
      if (id === '')
        throw AppError.validation(THESIS_MESSAGES.selectGuide, { guideId: THESIS_MESSAGES.selectGuide });
      const guide = isUuid(id)
        ? await findGuidingFaculty(tx, writer.collegeId, writer.departmentId, id.toLowerCase())
        : undefined;
      if (!guide) {
        throw AppError.validation(THESIS_MESSAGES.guideNotInDepartment, {
          guideId: THESIS_MESSAGES.guideNotInDepartment,
        });
      }
      await repo.insertNotification(tx, {
        toId: guide.id,
        fromId: writer.id,
        description: THESIS_MESSAGES.guideNotice(writer.name),
        // The guide lands on this student's page.
        url: `${THESIS_PAGES[stage].path}?student=${writer.id}`,
        collegeId: writer.collegeId,
      });
      return { values: { guideId: guide.id, guideAt: this.now() }, after: { guideId: guide.id } };
    });
  }

  /** The co-guides: at least one, each a name and a department the student's college runs. */
  saveCoGuides(
    actor: SessionActor,
    stage: ThesisStage,
    input: { coGuides?: Array<{ name?: string | undefined; department?: string | undefined }> | undefined },
    meta: Meta,
  ) {
    return this.writeStep(actor, stage, 'coGuides', meta, async (tx, writer) => {
      const rows = input.coGuides ?? [];
      const error = coGuidesError(rows);
      if (error) throw AppError.validation(error, { coGuides: error });
      const names = await repo.listDepartmentNamesOfCollege(tx, writer.collegeId);
      const byKey = new Map(names.map((name) => [name.trim().toLowerCase(), name]));
      const coGuides: CoGuide[] = [];
      for (const [index, row] of rows.entries()) {
        const department = byKey.get((row.department ?? '').trim().toLowerCase());
        if (department === undefined) {
          const message = THESIS_MESSAGES.coGuideDepartment(index + 1);
          throw AppError.validation(message, { coGuides: message });
        }
        coGuides.push({ name: (row.name ?? '').trim(), department });
      }
      return { values: { coGuides, coGuidesAt: this.now() }, after: { coGuides } };
    });
  }

  /** The certificate (IEC clearance / synopsis acceptance): one of the student's own documents. */
  saveCertificate(
    actor: SessionActor,
    stage: ThesisStage,
    input: { fileId?: string | undefined },
    meta: Meta,
  ) {
    return this.writeStep(actor, stage, 'certificate', meta, async (tx, writer) => {
      const id = input.fileId?.trim() ?? '';
      if (id === '') {
        throw AppError.validation(THESIS_MESSAGES.selectCertificate, {
          fileId: THESIS_MESSAGES.selectCertificate,
        });
      }
      if (!isUuid(id)) throw AppError.validation(FILE_MESSAGES.notFound, { fileId: FILE_MESSAGES.notFound });
      const file = await this.deps.files.requireOwnFile(
        tx,
        writer.id,
        id.toLowerCase(),
        'document',
        FILE_MESSAGES.unsupported,
      );
      return {
        values: { certificateFileId: file.id, certificateAt: this.now() },
        after: { certificateFileId: file.id, originalName: file.originalName },
      };
    });
  }

  /** The thesis's synopsis acceptance date: a real date, not after today. */
  saveAcceptanceDate(
    actor: SessionActor,
    stage: ThesisStage,
    input: { date?: string | undefined },
    meta: Meta,
  ) {
    return this.writeStep(actor, stage, 'acceptanceDate', meta, async () => {
      const date = input.date?.trim();
      if (!isAcceptanceDate(date)) {
        throw AppError.validation(THESIS_MESSAGES.selectDate, { date: THESIS_MESSAGES.selectDate });
      }
      if (date > todayIso(this.now())) {
        throw AppError.validation(THESIS_MESSAGES.futureDate, { date: THESIS_MESSAGES.futureDate });
      }
      return {
        values: { acceptanceDate: date, acceptanceDateAt: this.now() },
        after: { acceptanceDate: date },
      };
    });
  }

  /**
   * One step's transaction: the student's lock, the prerequisite (409 naming the step to take
   * first), the step still open (409), then `change` checks the input (400) and says what to
   * write. The row (made by the title, updated by the others) and its audit row commit together.
   */
  private async writeStep(
    actor: SessionActor,
    stage: ThesisStage,
    step: ThesisStep,
    meta: Meta,
    change: (tx: Tx, writer: Writer) => Promise<StepChange>,
  ): Promise<ThesisSaved> {
    if (!canKeepAcademicRecords(actor) || !actor.collegeId || !actor.departmentId) {
      throw AppError.forbidden();
    }
    const writer: Writer = { ...actor, collegeId: actor.collegeId, departmentId: actor.departmentId };
    const steps = stepsOf(stage);
    if (!steps.includes(step)) throw AppError.notFound();

    await this.deps.db.transaction(async (tx) => {
      await lockLogbookWriter(tx, actor);
      const row = await repo.findThesis(tx, writer.id, stage);
      const next = nextStepOf(stage, row);
      if (next !== null && steps.indexOf(step) > steps.indexOf(next)) {
        throw AppError.conflict(missingStepMessage(stage, next));
      }
      if (isWritten(row, step)) throw AppError.conflict(THESIS_MESSAGES.alreadySaved);

      const { values, after } = await change(tx, writer);
      const at = this.now();
      let id: string;
      if (row) {
        await repo.updateThesis(tx, row.id, { ...values, updatedAt: at });
        id = row.id;
      } else {
        // Only the title step gets here (every other step needs the row): it makes the row.
        const inserted = await repo.insertThesis(tx, {
          stage,
          studentId: writer.id,
          collegeId: writer.collegeId,
          departmentId: writer.departmentId,
          title: values.title ?? '',
          titleAt: at,
          createdAt: at,
          updatedAt: at,
        });
        id = inserted.id;
      }
      await writeAudit(tx, {
        actorId: writer.id,
        action: `thesis.${step}`,
        entity: 'thesis',
        entityId: id,
        collegeId: writer.collegeId,
        after: { stage, step, ...after },
        ip: meta.ip,
      });
    });

    const row = await repo.findThesis(this.deps.db, writer.id, stage);
    if (!row) throw new Error('thesis row missing after its write');
    return { message: THESIS_MESSAGES.saved[step], thesis: await this.view(writer.id, stage, row) };
  }
}
