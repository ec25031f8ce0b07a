import { RECORD_MESSAGES as M } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { recordSearchText } from '@pgel/shared/records/search-text';
import { COMMON_FIELDS, type FieldDef, type RecordKind } from '@pgel/shared/records/types';
import { type FieldError, type RecordValues, recordErrorMessage } from '@pgel/shared/records/validation';
import { isUuid } from '@pgel/shared/schemas/common';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { truncateText } from '@pgel/shared/text';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import type { SessionActor } from '../../platform/session';
import type { FilesService } from '../files/files.service';
import { DEPARTMENT_SETTING_DEFAULTS } from '../settings/settings.defaults';
import { listGuidingFaculty } from './record-options.repository';
import type { Details } from './record-rows';
import * as repo from './records.repository';

/** The registry's kind, or the contract's 400 for an id it does not know. */
export function requireKind(id: string): RecordKind {
  const kind = findKind(id);
  if (!kind) throw AppError.validation(M.unknownKind);
  return kind;
}

/**
 * A 400 with the form's message (the first error's, or with the kind and its values the kind's
 * line naming every empty field) and every field's message (the form marks each field).
 */
export function invalid(errors: FieldError[], entry?: { kind: RecordKind; values: RecordValues }): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const error of errors) fieldErrors[error.field] ??= error.message;
  const message = entry ? recordErrorMessage(entry.kind, errors, entry.values) : errors[0]?.message;
  return AppError.validation(message ?? M.fillCorrectly, fieldErrors);
}

/**
 * Which department settings name the department (the restricted select options it sees). Read
 * only when the kinds have such a select.
 */
export async function restrictedSettings(
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

/** The task/topic the Pending Verifications table shows for a record (the search uses `searchText`). */
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
  return text === null || text === '' ? null : truncateText(text, 500);
}

export type Prepared = {
  /** Common columns and details, ids of remote selects resolved to `{ id, title }`. */
  columns: Pick<
    repo.NewRecord,
    'date' | 'teacherId' | 'studentRemark' | 'certificateFileId' | 'summary' | 'searchText'
  >;
  details: Details;
  sensitive: Details;
  teacher: { id: string; name: string } | undefined;
};

type RemoteField = Extract<FieldDef, { input: 'remote-select' }>;

/** The message of a remote select or file whose value is not one of the department's rows. */
function notFoundMessage(field: FieldDef): string {
  if (field.input === 'remote-select' && field.source.list === 'teachers') return M.teacherNotInDepartment;
  if (field.input === 'file') return FILE_MESSAGES.notFound;
  return M.optionNotFound(field.label);
}

/**
 * Checks remote selects and files against the student's department and uploads, and splits
 * the clean values into columns, details and sensitive details. Every failing field is named.
 * `serverDetails` are details the server fills (a DRP record's institution and state): the
 * client's values never reach them, as they are no field of the kind.
 */
export async function prepareRecord(
  tx: Tx,
  files: FilesService,
  actor: SessionActor,
  placement: repo.DepartmentScope,
  kind: RecordKind,
  clean: RecordValues,
  serverDetails: Details = {},
): Promise<Prepared> {
  const errors: FieldError[] = [];
  const resolved: Details = { ...clean };
  // The shared check lets any 36 characters of hex and dashes through; the database wants a uuid.
  for (const field of kind.fields) {
    const value = clean[field.name];
    if ((field.input === 'remote-select' || field.input === 'file') && typeof value === 'string') {
      if (!isUuid(value)) errors.push({ field: field.name, message: notFoundMessage(field) });
    }
  }
  if (errors.length > 0) throw invalid(errors);
  const remote = kind.fields.filter(
    (f): f is RemoteField => f.input === 'remote-select' && typeof clean[f.name] === 'string',
  );
  const idsOf = (list: string) =>
    remote.filter((f) => f.source.list === list).map((f) => clean[f.name] as string);

  const teacherIds = idsOf('teachers');
  const teachers =
    teacherIds.length > 0
      ? new Map(
          (await listGuidingFaculty(tx, placement.collegeId, placement.departmentId)).map((t) => [
            t.id,
            t.name,
          ]),
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
      errors.push({ field: field.name, message: notFoundMessage(field) });
      continue;
    }
    if (field.name !== 'teacherId') resolved[field.name] = { id, title };
  }

  for (const field of kind.fields) {
    const value = clean[field.name];
    if (field.input !== 'file' || typeof value !== 'string') continue;
    try {
      const file = await files.requireOwnFile(tx, actor.id, value, 'document', FILE_MESSAGES.unsupported);
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

  const details: Details = { ...serverDetails };
  const sensitive: Details = {};
  for (const field of kind.fields) {
    if ((COMMON_FIELDS as readonly string[]).includes(field.name)) continue;
    if (resolved[field.name] === undefined) continue;
    (field.sensitive ? sensitive : details)[field.name] = resolved[field.name];
  }
  const common = (name: string) => (typeof resolved[name] === 'string' ? (resolved[name] as string) : null);
  const dateValue = resolved[kind.dateField];
  const date = typeof dateValue === 'string' ? dateValue : null;
  const teacherId = common('teacherId');
  const teacherName = teacherId ? (teachers.get(teacherId) ?? null) : null;
  return {
    columns: {
      date,
      teacherId,
      studentRemark: common('studentRemark'),
      certificateFileId: common('certificateFileId'),
      summary: summaryOf(kind, resolved),
      // A new record is pending and unverified; sensitive values are not in `details`.
      searchText: recordSearchText(kind, {
        date,
        details,
        teacherName,
        studentRemark: common('studentRemark'),
        status: 'pending',
        verifierRemark: null,
        verifiedByName: null,
        verifiedAt: null,
        score: null,
      }),
    },
    details,
    sensitive,
    teacher: teacherId ? { id: teacherId, name: teacherName ?? '' } : undefined,
  };
}
