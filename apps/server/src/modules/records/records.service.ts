import {
  type Actor,
  canCreateRecord,
  canDeleteRecord,
  canSeeRecord,
  canVerifyRecord,
  canVerifyRecords,
  isMaster,
  isStaff,
  isStudent,
} from '@pgel/shared/auth/policies';
import {
  type BulkVerifyRecordsInput,
  type CreateRecordInput,
  type ListRecordsQuery,
  RECORD_MESSAGES as M,
  type PendingRecord,
  type RecordCounts,
  type RecordDetail,
  type RecordListItem,
  type Score,
  type VerifyRecordInput,
} from '@pgel/shared/records/api';
import { findKind, RECORD_KINDS } from '@pgel/shared/records/kinds';
import { rubricOverall } from '@pgel/shared/records/scales';
import {
  COMMON_FIELDS,
  type FieldDef,
  type RecordKind,
  type RecordStatus,
  type ScaleStep,
  type Verdict,
} from '@pgel/shared/records/types';
import {
  type FieldError,
  type RecordValues,
  todayIso,
  validateRecord,
} from '@pgel/shared/records/validation';
import { isUuid } from '@pgel/shared/schemas/common';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import type { ListResponse } from '@pgel/shared/schemas/list';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { records, users } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import { listPage, searchCondition } from '../../platform/list';
import { enqueueMail } from '../../platform/mail';
import type { SessionActor } from '../../platform/session';
import type { FilesService } from '../files/files.service';
import { notify } from '../people/notifications.service';
import { listTeachers } from '../people/people.repository';
import { DEPARTMENT_SETTING_DEFAULTS } from '../settings/settings.defaults';
import { bulkVerifiedText, submittedMail, submittedText, taskUrl, verifiedText } from './records.notify';
import * as repo from './records.repository';

type Meta = { ip: string };
type Details = Record<string, unknown>;

/** What the leave record (scoring 'none') stores as its score: 0, and the verifier is not asked. */
export const NOT_SCORED: Score = { value: 0, label: 'Not scored' };

/** Whose records a caller sees (DESIGN.md section 4), from the session only. */
export function scopeFor(actor: Actor): repo.RecordScope {
  if (isMaster(actor)) return { kind: 'all' };
  if (isStudent(actor)) return { kind: 'student', studentId: actor.id };
  if (actor.collegeId && actor.departmentId) {
    return { kind: 'department', collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  return { kind: 'none' };
}

function requireKind(id: string): RecordKind {
  const kind = findKind(id);
  if (!kind) throw AppError.validation(M.unknownKind);
  return kind;
}

/** A 400 with the first message and every field's message (the form marks each field). */
function invalid(errors: FieldError[]): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const error of errors) fieldErrors[error.field] ??= error.message;
  return AppError.validation(errors[0]?.message ?? M.fillCorrectly, fieldErrors);
}

function asDetails(value: unknown): Details {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {};
}

/**
 * The score a verification stores, or undefined when the input does not fit the kind: a scale
 * step; a rubric's rows (one 0-4 value per row) and their average when the record's type has a
 * rubric; 0 for kinds that are not scored.
 */
export function scoreFor(
  kind: RecordKind,
  details: Details,
  input: Pick<VerifyRecordInput, 'score' | 'rubric'>,
): Score | undefined {
  const fromScale = (scale: readonly ScaleStep[]) => {
    const step = scale.find((s) => s.value === input.score);
    return step ? { value: step.value, label: step.label } : undefined;
  };
  const scoring = kind.scoring;
  switch (scoring.type) {
    case 'none':
      return NOT_SCORED;
    case 'scale':
      return fromScale(scoring.scale);
    case 'rubric': {
      const type = details[scoring.field];
      const rows =
        typeof type === 'string' && Object.hasOwn(scoring.rubrics, type) ? scoring.rubrics[type] : undefined;
      if (!rows) return fromScale(scoring.otherwise);
      if (!input.rubric || input.rubric.length !== rows.length) return undefined;
      const values = input.rubric;
      const overall = rubricOverall(values);
      const nearest = scoring.rowScale.find((s) => s.value === Math.round(overall));
      return {
        value: overall,
        label: nearest?.label ?? String(overall),
        rows: rows.map((title, i) => ({ title, value: values[i] as number })),
      };
    }
  }
}

/** The text the Pending Verifications table and the search box use for a record. */
function summaryOf(kind: RecordKind, values: Details): string | null {
  const field = kind.fields.find((f) => f.name === kind.summaryField);
  if (field?.sensitive) return null;
  const value = values[kind.summaryField];
  let text: string | null = null;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') text = String(value);
  else if (Array.isArray(value)) text = value.filter((v) => typeof v === 'string').join(', ');
  else if (value && typeof value === 'object' && typeof (value as { title?: unknown }).title === 'string') {
    text = (value as { title: string }).title;
  }
  return text === null || text === '' ? null : text.slice(0, 500);
}

function toListItem(row: repo.RecordItemRow): RecordListItem {
  return {
    id: row.id,
    kind: row.kind,
    studentId: row.studentId,
    studentName: row.studentName,
    date: row.date,
    teacherId: row.teacherId,
    teacherName: row.teacherName,
    status: row.status as RecordStatus,
    studentRemark: row.studentRemark,
    verifierRemark: row.verifierRemark,
    score: (row.score as Score | null) ?? null,
    verifiedByName: row.verifiedByName,
    verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    certificate: row.certificateId
      ? {
          id: row.certificateId,
          url: fileUrl(row.certificateId),
          originalName: row.certificateName ?? '',
          contentType: row.certificateType ?? '',
        }
      : null,
    details: asDetails(row.details),
    createdAt: row.createdAt.toISOString(),
  };
}

type Prepared = {
  /** Common columns and details, ids of remote selects resolved to `{ id, title }`. */
  columns: Pick<repo.NewRecord, 'date' | 'teacherId' | 'studentRemark' | 'certificateFileId' | 'summary'>;
  details: Details;
  sensitive: Details;
  teacher: { id: string; name: string } | undefined;
};

/**
 * The record engine's server side (DESIGN.md section 3, records contract): one set of rules for
 * every kind in the registry. Every change is checked on the locked row, audited, and its
 * notifications queued in the same transaction.
 */
export class RecordsService {
  constructor(
    private readonly deps: {
      db: Database;
      files: FilesService;
      appUrl: string;
      /** Called after a commit that queued mail, to send it soon. */
      onQueued: () => void;
      /** The server's clock (tests may fix it). */
      now?: () => Date;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  // ---- Reading -------------------------------------------------------------------------------

  /** A kind's report table: one query for the page and one for the count, scoped in SQL. */
  async list(actor: Actor, query: ListRecordsQuery): Promise<ListResponse<RecordListItem>> {
    const kind = requireKind(query.kind);
    const filters: Array<SQL | undefined> = [repo.recordsWhere(scopeFor(actor)), eq(records.kind, kind.id)];
    if (query.status) filters.push(eq(records.status, query.status));
    if (query.studentId && !isStudent(actor)) filters.push(eq(records.studentId, query.studentId));
    const searching = (query.search ?? '').trim() !== '';
    const page = await listPage(query, repo.recordListQueries(this.db, { searching }), {
      where: and(...filters),
      searchIn: repo.recordListColumns.search,
      sortable: repo.recordListColumns.sortable,
      defaultSort: 'date',
      defaultOrder: 'desc',
      tieBreaker: repo.recordListColumns.tieBreaker,
    });
    return { ...page, items: page.items.map((row) => toListItem(row as repo.RecordItemRow)) };
  }

  /** One record; sensitive details only for its student and the staff who may verify it (issue 5). */
  async detail(actor: Actor, id: string): Promise<RecordDetail> {
    const row = isUuid(id) ? await repo.findRecordItem(this.db, scopeFor(actor), id) : undefined;
    if (!row || !canSeeRecord(actor, row)) throw AppError.notFound(M.notFound);
    const item = toListItem(row);
    const mayReadSensitive = row.studentId === actor.id || canVerifyRecord(actor, row);
    return {
      ...item,
      details: mayReadSensitive ? { ...item.details, ...asDetails(row.sensitiveDetails) } : item.details,
      canVerify: canVerifyRecord(actor, row),
      canDelete: canDeleteRecord(actor, {
        studentId: row.studentId,
        status: row.status as RecordStatus,
        verifiedAt: row.verifiedAt,
      }),
    };
  }

  /** Every scoring of a record the caller may see, newest first. */
  async scores(actor: Actor, id: string) {
    const row = isUuid(id) ? await repo.findRecordItem(this.db, scopeFor(actor), id) : undefined;
    if (!row || !canSeeRecord(actor, row)) throw AppError.notFound(M.notFound);
    const rows = await repo.listScores(this.db, id);
    return {
      items: rows.map((r) => ({
        status: r.status as RecordStatus,
        score: (r.score as Score | null) ?? null,
        remark: r.remark,
        byName: r.byName,
        at: r.at.toISOString(),
      })),
    };
  }

  /** The student dashboard: per kind (menu order), totals by status, in one grouped query. */
  async counts(actor: Actor): Promise<RecordCounts> {
    if (!isStudent(actor)) throw AppError.forbidden();
    const rows = await repo.countByKindAndStatus(this.db, actor.id);
    const byKind = new Map<string, { approved: number; pending: number; rejected: number }>();
    for (const row of rows) {
      const entry = byKind.get(row.kind) ?? { approved: 0, pending: 0, rejected: 0 };
      if (row.status in entry) entry[row.status] += Number(row.total);
      byKind.set(row.kind, entry);
    }
    return {
      items: RECORD_KINDS.map((kind) => {
        const c = byKind.get(kind.id) ?? { approved: 0, pending: 0, rejected: 0 };
        return { kind: kind.id, total: c.approved + c.pending + c.rejected, ...c };
      }),
    };
  }

  /** The faculty's Pending Verifications: the department's pending records, newest activity first. */
  async pending(
    actor: Actor,
    query: { page: number; pageSize: number; search?: string | undefined },
  ): Promise<ListResponse<PendingRecord>> {
    if (!isStaff(actor)) throw AppError.forbidden();
    const scope = scopeFor(actor);
    const nameMatches = searchCondition(query.search, [users.name]);
    const page = await listPage(
      { ...query, search: undefined, order: 'desc' },
      repo.pendingListQueries(this.db),
      {
        where: and(
          repo.pendingWhere(scope),
          nameMatches ? repo.ofStudentsMatching(this.db, scope, nameMatches) : undefined,
        ),
        searchIn: [],
        sortable: repo.pendingListColumns.sortable,
        defaultSort: 'date',
        defaultOrder: 'desc',
        tieBreaker: repo.pendingListColumns.tieBreaker,
      },
    );
    return {
      ...page,
      items: page.items.map((row) => ({ ...row, status: row.status as RecordStatus })),
    };
  }

  /** A form's remote options, for the caller's own college and department. */
  async options(
    actor: Actor,
    source: 'teachers' | 'competencies' | 'skills' | 'specialities',
    query: { for?: 'diag' | 'proc' | undefined; competencyId?: string | undefined },
  ): Promise<{ items: Array<{ id: string; title: string }> }> {
    if (!actor.collegeId || !actor.departmentId) throw AppError.forbidden();
    const scope = { collegeId: actor.collegeId, departmentId: actor.departmentId };
    switch (source) {
      case 'teachers': {
        const rows = await listTeachers(this.db, scope.collegeId, scope.departmentId);
        return { items: rows.map((row) => ({ id: row.id, title: row.name })) };
      }
      case 'competencies':
        return { items: await repo.listCompetencyOptions(this.db, scope, query.for) };
      case 'skills':
        if (!query.competencyId) throw AppError.validation('Please choose a competency');
        return { items: await repo.listSkillOptions(this.db, scope, query.competencyId) };
      case 'specialities':
        return { items: await repo.listSpecialityOptions(this.db, scope) };
    }
  }

  /**
   * What the forms need to know about the caller's department: which department settings name
   * it (the select options restricted to that department are offered only then).
   */
  async formContext(actor: Actor): Promise<{ restrictedAllowed: string[] }> {
    if (!actor.collegeId || !actor.departmentId) throw AppError.forbidden();
    const allowed = await this.restrictedSettings(this.db, RECORD_KINDS, actor.departmentId);
    return { restrictedAllowed: [...allowed].sort() };
  }

  // ---- Creating ------------------------------------------------------------------------------

  /**
   * A student's new record (Pending). The values are checked with the form's own function
   * against the server's today; remote options, the teacher and files are checked against the
   * student's department and uploads inside the transaction that inserts the record.
   */
  async create(
    actor: SessionActor,
    input: CreateRecordInput,
    meta: Meta,
  ): Promise<{ message: string; record: RecordDetail }> {
    if (!canCreateRecord(actor) || !actor.collegeId || !actor.departmentId) throw AppError.forbidden();
    const kind = requireKind(input.kind);
    const placement = { collegeId: actor.collegeId, departmentId: actor.departmentId };

    const values: RecordValues = { ...input.details };
    for (const name of COMMON_FIELDS) {
      const value = input[name];
      if (value !== undefined) values[name] = value;
    }

    const id = await this.db.transaction(async (tx) => {
      const restricted = await this.restrictedSettings(tx, [kind], placement.departmentId);
      const { errors, clean } = validateRecord(kind, values, {
        today: todayIso(this.now()),
        restrictedAllowed: (setting) => restricted.has(setting),
      });
      if (errors.length > 0) throw invalid(errors);
      const prepared = await this.prepare(tx, actor, placement, kind, clean);
      const row = await repo.insertRecord(tx, {
        kind: kind.id,
        studentId: actor.id,
        collegeId: placement.collegeId,
        departmentId: placement.departmentId,
        status: 'pending',
        verifierRemark: null,
        ...prepared.columns,
        details: prepared.details,
        sensitiveDetails: Object.keys(prepared.sensitive).length > 0 ? prepared.sensitive : null,
      });
      await repo.auditRecords(tx, [row.id], {
        actorId: actor.id,
        action: 'record.create',
        ip: meta.ip,
        created: true,
        changes: { sensitiveFields: Object.keys(prepared.sensitive) },
      });
      if (prepared.teacher) await this.tellTeacher(tx, actor, kind, row, prepared.teacher.id);
      return row.id;
    });
    this.deps.onQueued();
    return { message: kind.successMessage, record: await this.detail(actor, id) };
  }

  /**
   * Which department settings name the department (the restricted select options it sees). Read
   * only when the kinds have such a select.
   */
  private async restrictedSettings(
    tx: Executor,
    kinds: readonly RecordKind[],
    departmentId: string,
  ): Promise<Set<string>> {
    const names = new Set<string>();
    for (const field of kinds.flatMap((kind) => kind.fields)) {
      if (field.input === 'select' && field.restricted) names.add(field.restricted.departmentSetting);
    }
    if (names.size === 0) return names;
    const [stored, departmentName] = [
      await repo.readSettings(tx, [...names]),
      await repo.findDepartmentName(tx, departmentId),
    ];
    const allowed = new Set<string>();
    for (const name of names) {
      const value = stored.has(name) ? stored.get(name) : DEPARTMENT_SETTING_DEFAULTS[name];
      if (
        typeof value === 'string' &&
        departmentName !== undefined &&
        value.trim().toLowerCase() === departmentName.trim().toLowerCase()
      ) {
        allowed.add(name);
      }
    }
    return allowed;
  }

  /**
   * Checks remote selects and files against the student's department and uploads, and splits
   * the clean values into columns, details and sensitive details. Every failing field is named.
   */
  private async prepare(
    tx: Tx,
    actor: SessionActor,
    placement: repo.DepartmentScope,
    kind: RecordKind,
    clean: RecordValues,
  ): Promise<Prepared> {
    const errors: FieldError[] = [];
    const resolved: Details = { ...clean };
    // The shared check lets any 36 characters of hex and dashes through; the database wants a uuid.
    for (const field of kind.fields) {
      if (
        (field.input === 'remote-select' || field.input === 'file') &&
        typeof clean[field.name] === 'string'
      ) {
        if (!isUuid(clean[field.name] as string)) {
          errors.push({
            field: field.name,
            message:
              field.input === 'remote-select' && field.source.list === 'teachers'
                ? M.teacherNotInDepartment
                : field.input === 'file'
                  ? FILE_MESSAGES.notFound
                  : M.optionNotFound(field.label),
          });
        }
      }
    }
    if (errors.length > 0) throw invalid(errors);
    const remote = kind.fields.filter(
      (f): f is Extract<FieldDef, { input: 'remote-select' }> =>
        f.input === 'remote-select' && typeof clean[f.name] === 'string',
    );
    const idsOf = (list: string) =>
      remote.filter((f) => f.source.list === list).map((f) => clean[f.name] as string);

    const teacherIds = idsOf('teachers');
    const teachers =
      teacherIds.length > 0
        ? new Map(
            (await listTeachers(tx, placement.collegeId, placement.departmentId)).map((t) => [t.id, t.name]),
          )
        : new Map<string, string>();
    const competencyRows = new Map(
      (await repo.findCompetencies(tx, placement, idsOf('competencies'))).map((r) => [r.id, r]),
    );
    const skillRows = new Map((await repo.findSkills(tx, placement, idsOf('skills'))).map((r) => [r.id, r]));
    const specialityRows = new Map(
      (await repo.findSpecialities(tx, placement, idsOf('specialities'))).map((r) => [r.id, r]),
    );

    for (const field of remote) {
      const id = clean[field.name] as string;
      const source = field.source;
      let title: string | undefined;
      if (source.list === 'teachers') {
        title = teachers.get(id);
        if (title === undefined) {
          errors.push({ field: field.name, message: M.teacherNotInDepartment });
          continue;
        }
      } else if (source.list === 'competencies') {
        const row = competencyRows.get(id);
        title = row && row.type === source.for ? row.title : undefined;
      } else if (source.list === 'skills') {
        const row = skillRows.get(id);
        title = row && row.competencyId === clean[source.dependsOn] ? row.title : undefined;
      } else {
        title = specialityRows.get(id)?.title;
      }
      if (title === undefined) {
        errors.push({ field: field.name, message: M.optionNotFound(field.label) });
        continue;
      }
      if (field.name !== 'teacherId') resolved[field.name] = { id, title };
    }

    for (const field of kind.fields) {
      if (field.input !== 'file' || typeof clean[field.name] !== 'string') continue;
      try {
        const file = await this.deps.files.requireOwnFile(
          tx,
          actor.id,
          clean[field.name] as string,
          'document',
          FILE_MESSAGES.unsupported,
        );
        if (field.name !== 'certificateFileId') {
          resolved[field.name] = {
            id: file.id,
            url: fileUrl(file.id),
            originalName: file.originalName,
            contentType: file.contentType,
          };
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push({ field: field.name, message: err.message });
      }
    }
    if (errors.length > 0) throw invalid(errors);

    const details: Details = {};
    const sensitive: Details = {};
    for (const field of kind.fields) {
      if ((COMMON_FIELDS as readonly string[]).includes(field.name)) continue;
      if (resolved[field.name] === undefined) continue;
      (field.sensitive ? sensitive : details)[field.name] = resolved[field.name];
    }
    const common = (name: string) => (typeof resolved[name] === 'string' ? (resolved[name] as string) : null);
    const dateValue = resolved[kind.dateField];
    const teacherId = common('teacherId');
    return {
      columns: {
        date: typeof dateValue === 'string' ? dateValue : null,
        teacherId,
        studentRemark: common('studentRemark'),
        certificateFileId: common('certificateFileId'),
        summary: summaryOf(kind, resolved),
      },
      details,
      sensitive,
      teacher: teacherId ? { id: teacherId, name: teachers.get(teacherId) ?? '' } : undefined,
    };
  }

  /** The named teacher hears of a new entry in the app and by e-mail. */
  private async tellTeacher(
    tx: Tx,
    student: SessionActor,
    kind: RecordKind,
    row: repo.RecordStateRow,
    teacherId: string,
  ): Promise<void> {
    const [teacher] = await repo.findUsers(tx, [teacherId]);
    if (!teacher) return;
    await notify(tx, {
      toId: teacher.id,
      fromId: student.id,
      description: submittedText(student.name, kind),
      url: taskUrl(kind),
      collegeId: teacher.collegeId,
    });
    await enqueueMail(
      tx,
      submittedMail({
        to: teacher.email,
        teacherName: teacher.name,
        studentName: student.name,
        kind,
        date: row.date,
        summary: row.summary,
        appUrl: this.deps.appUrl,
      }),
    );
  }

  // ---- Verifying -----------------------------------------------------------------------------

  /**
   * Approve or reject one pending record with a score and feedback (faculty of its department,
   * never their own). Keeps a score history row and tells the student in the app.
   */
  async verify(
    actor: SessionActor,
    id: string,
    input: VerifyRecordInput,
    meta: Meta,
  ): Promise<{ message: string; record: RecordDetail }> {
    if (!canVerifyRecords(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    await this.db.transaction(async (tx) => {
      const rows = await repo.lockRecords(tx, scopeFor(actor), [id.toLowerCase()]);
      await this.verifyRows(tx, actor, rows, input, meta);
    });
    return { message: M.verified, record: await this.detail(actor, id) };
  }

  /**
   * Approve or reject many pending records with one score and feedback, in one transaction:
   * every id must be in scope (else 404) and pending (else 409), or nothing changes.
   */
  async bulkVerify(
    actor: SessionActor,
    input: BulkVerifyRecordsInput,
    meta: Meta,
  ): Promise<{ message: string; updatedCount: number }> {
    if (!canVerifyRecords(actor)) throw AppError.forbidden();
    const ids = [...new Set(input.recordIds.map((id) => id.toLowerCase()))];
    const updated = await this.db.transaction(async (tx) => {
      const rows = await repo.lockRecords(tx, scopeFor(actor), ids);
      if (rows.length !== ids.length) throw AppError.notFound(M.notFound);
      return this.verifyRows(tx, actor, rows, input, meta);
    });
    return { message: M.bulkVerified(updated), updatedCount: updated };
  }

  /** The one verification path: checks every row first, then set-based updates and batched inserts. */
  private async verifyRows(
    tx: Tx,
    actor: SessionActor,
    rows: repo.RecordStateRow[],
    input: VerifyRecordInput,
    meta: Meta,
  ): Promise<number> {
    if (rows.length === 0) throw AppError.notFound(M.notFound);
    const status: Verdict = input.status;
    const remark = input.remark.trim();
    const planned: Array<{ row: repo.RecordStateRow; kind: RecordKind; score: Score }> = [];
    for (const row of rows) {
      if (!canVerifyRecord(actor, row)) throw AppError.forbidden(M.ownRecord);
      const kind = findKind(row.kind);
      if (!kind) throw AppError.notFound(M.notFound);
      if (row.status !== 'pending') throw AppError.conflict(M.alreadyVerified);
    }
    for (const row of rows) {
      const kind = findKind(row.kind) as RecordKind;
      const score = scoreFor(kind, asDetails(row.details), input);
      if (!score) throw AppError.validation(kind.verifyMessages?.required ?? M.verifyAllFields);
      planned.push({ row, kind, score });
    }

    const verifiedAt = this.now();
    // One statement each per distinct score (usually one for a whole bulk verification).
    const byScore = new Map<string, { score: Score; ids: string[] }>();
    for (const p of planned) {
      const key = JSON.stringify(p.score);
      const group = byScore.get(key) ?? { score: p.score, ids: [] };
      group.ids.push(p.row.id);
      byScore.set(key, group);
    }
    const action = `record.${status === 'approved' ? 'approve' : 'reject'}`;
    for (const group of byScore.values()) {
      const changes = {
        status,
        verifierRemark: remark,
        score: group.score,
        verifiedById: actor.id,
        verifiedAt,
      };
      await repo.auditRecords(tx, group.ids, { actorId: actor.id, action, ip: meta.ip, changes });
      await repo.updateRecords(tx, group.ids, changes);
      await repo.insertScoresFor(tx, group.ids, { status, score: group.score, remark, byId: actor.id });
    }
    // One notification per student and kind.
    const perStudent = new Map<string, { row: repo.RecordStateRow; kind: RecordKind; count: number }>();
    for (const p of planned) {
      const key = `${p.row.studentId}:${p.kind.id}`;
      const entry = perStudent.get(key) ?? { row: p.row, kind: p.kind, count: 0 };
      entry.count += 1;
      perStudent.set(key, entry);
    }
    await repo.insertNotifications(
      tx,
      [...perStudent.values()].map((entry) => ({
        toId: entry.row.studentId,
        fromId: actor.id,
        description:
          entry.count === 1
            ? verifiedText(actor.name, entry.kind, status)
            : bulkVerifiedText(actor.name, entry.kind, status, entry.count),
        url: taskUrl(entry.kind),
        collegeId: entry.row.collegeId,
      })),
    );
    return planned.length;
  }

  /** Back to Pending: feedback, score and verified by/on cleared; the history keeps a row. */
  async reset(actor: SessionActor, id: string, meta: Meta): Promise<{ message: string }> {
    if (!canVerifyRecords(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    await this.db.transaction(async (tx) => {
      const [row] = await repo.lockRecords(tx, scopeFor(actor), [id.toLowerCase()]);
      if (!row) throw AppError.notFound(M.notFound);
      if (!canVerifyRecord(actor, row)) throw AppError.forbidden(M.ownRecord);
      if (row.status === 'pending' && row.verifiedAt === null && row.score === null) return;
      const cleared = {
        status: 'pending',
        verifierRemark: null,
        score: null,
        verifiedById: null,
        verifiedAt: null,
      } as const;
      await repo.auditRecords(tx, [row.id], {
        actorId: actor.id,
        action: 'record.reset',
        ip: meta.ip,
        changes: cleared,
      });
      await repo.updateRecords(tx, [row.id], cleared);
      await repo.insertScoresFor(tx, [row.id], {
        status: 'pending',
        score: null,
        remark: null,
        byId: actor.id,
      });
    });
    return { message: M.reset };
  }

  // ---- Deleting ------------------------------------------------------------------------------

  /** The owning student deletes a never-verified record: soft delete plus an audit row. */
  async delete(actor: SessionActor, id: string, meta: Meta): Promise<{ message: string }> {
    if (!isStudent(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound);
    await this.db.transaction(async (tx) => {
      const [row] = await repo.lockRecords(tx, scopeFor(actor), [id.toLowerCase()]);
      if (!row) throw AppError.notFound(M.notFound);
      if (
        !canDeleteRecord(actor, {
          studentId: row.studentId,
          status: row.status as RecordStatus,
          verifiedAt: row.verifiedAt,
        })
      ) {
        throw AppError.conflict(M.alreadyVerified);
      }
      const deletedAt = this.now();
      await repo.auditRecords(tx, [row.id], {
        actorId: actor.id,
        action: 'record.delete',
        ip: meta.ip,
        changes: { deletedAt },
      });
      await repo.updateRecords(tx, [row.id], { deletedAt });
    });
    return { message: M.deleted };
  }
}
