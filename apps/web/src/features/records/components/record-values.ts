import type { CreateRecordInput, RecordDefaults } from '@pgel/shared/records/api';
import { repeatedFields } from '@pgel/shared/records/repeat';
import { COMMON_FIELDS, type CommonField, type FieldDef, type RecordKind } from '@pgel/shared/records/types';
import type { FieldError, RecordValues } from '@pgel/shared/records/validation';

/**
 * The form's values, flattened by field name as `validateRecord` reads them: strings ('' when
 * empty) for most inputs, a number or '' for numbers, a list of lines for a text list. Computed
 * fields are not kept: they are worked out from their sources whenever they are shown or sent.
 */
export function initialRecordValues(kind: RecordKind, today: string): RecordValues {
  const values: RecordValues = {};
  for (const field of kind.fields) {
    if (field.input === 'computed') continue;
    if (field.input === 'text-list') values[field.name] = [''];
    // The activity date (the kind's `dateField`: a procedure's, a leave's From) starts at today
    // on every kind (spec 02 section 5, issue 10); other dates start empty.
    else if (field.input === 'date' && field.name === kind.dateField) values[field.name] = today;
    else values[field.name] = '';
  }
  return values;
}

/** Fields a new entry may start with from the server's defaults (RecordDefaults). */
const DEFAULTED_FIELDS = ['teacherId', 'competency'] as const;

/**
 * The values with the server's proposals (the guiding faculty, the competency) put in the fields
 * still empty: what the student chose or restored is never replaced.
 */
export function withRecordDefaults(
  kind: RecordKind,
  values: RecordValues,
  defaults: RecordDefaults | undefined,
): RecordValues {
  if (!defaults) return values;
  const proposed: Record<(typeof DEFAULTED_FIELDS)[number], string | undefined> = {
    teacherId: defaults.teacherId,
    competency: defaults.fields.competency?.id,
  };
  let next = values;
  for (const name of DEFAULTED_FIELDS) {
    const value = proposed[name];
    if (value === undefined || values[name] !== '' || !kind.fields.some((f) => f.name === name)) continue;
    next = { ...next, [name]: value };
  }
  return next;
}

/**
 * Repeat last (issue 29): the values with the student's last entry of the kind put in the fields
 * still empty — only `repeatedFields` (choices, the faculty, the venue), never a patient detail, a
 * remark or the date. `applied` says whether anything came from it (the form shows a note then).
 */
export function withLastEntry(
  kind: RecordKind,
  values: RecordValues,
  last: RecordDefaults['last'],
): { values: RecordValues; applied: boolean } {
  if (!last) return { values, applied: false };
  let next = values;
  let applied = false;
  for (const field of repeatedFields(kind)) {
    const value = last.values[field.name];
    if (value === undefined || value === '') continue;
    if (next[field.name] === value) applied = true;
    if (next[field.name] !== '') continue;
    next = { ...next, [field.name]: value };
    applied = true;
  }
  return { values: next, applied };
}

/**
 * A fresh form after 'Save and add another': empty, but with the activity date, guiding faculty
 * and competency of the entry just sent (the next one is most likely of the same day and kind).
 */
export function nextEntryValues(kind: RecordKind, sent: RecordValues, today: string): RecordValues {
  const next = initialRecordValues(kind, today);
  for (const name of [kind.dateField, ...DEFAULTED_FIELDS]) {
    if (name in next && typeof sent[name] === 'string') next[name] = sent[name];
  }
  return next;
}

/** Whether two values of a field are the same (a text list by its lines; blank lines are none). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const lines = (list: unknown[]) => list.filter((line) => line !== '');
    const [x, y] = [lines(a), lines(b)];
    return x.length === y.length && x.every((line, i) => line === y[i]);
  }
  return a === b;
}

/** Whether anything differs from `baseline` (what the form started with): typed, chosen, uploaded. */
export function isEdited(values: RecordValues, baseline: RecordValues): boolean {
  const names = new Set([...Object.keys(values), ...Object.keys(baseline)]);
  for (const name of names) {
    if (!sameValue(values[name], baseline[name])) return true;
  }
  return false;
}

/** Fields whose options depend on `name` (skills on a competency): cleared when it changes. */
export function dependentFields(kind: RecordKind, name: string): FieldDef[] {
  return kind.fields.filter(
    (field) =>
      field.input === 'remote-select' && field.source.list === 'skills' && field.source.dependsOn === name,
  );
}

/** The values after one field changed: its dependants (and theirs) are emptied. */
export function changeRecordValue(
  kind: RecordKind,
  values: RecordValues,
  name: string,
  value: unknown,
): RecordValues {
  if (values[name] === value) return values;
  const next: RecordValues = { ...values, [name]: value };
  const pending = [name];
  while (pending.length > 0) {
    const changed = pending.pop() as string;
    for (const field of dependentFields(kind, changed)) {
      if (next[field.name] !== '') {
        next[field.name] = '';
        pending.push(field.name);
      }
    }
  }
  return next;
}

/** Field errors by name, the first message of each field (for the inputs' error text). */
export function errorsByField(errors: readonly FieldError[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { field, message } of errors) byField[field] ??= message;
  return byField;
}

const isCommonField = (name: string): name is CommonField =>
  (COMMON_FIELDS as readonly string[]).includes(name);

/**
 * The POST body from the cleaned values: the common fields the kind's form shows beside
 * `details`, everything else (computed fields included; the server recomputes them) in `details`.
 */
export function toCreateRecordInput(kind: RecordKind, clean: RecordValues): CreateRecordInput {
  const input: CreateRecordInput = { kind: kind.id, details: {} };
  for (const field of kind.fields) {
    const value = clean[field.name];
    if (value === undefined) continue;
    if (isCommonField(field.name)) input[field.name] = value as string;
    else input.details[field.name] = value;
  }
  return input;
}

/** The form's sections in order of their first field; fields without one share an unnamed section. */
export function groupBySection(fields: readonly FieldDef[]): { title: string | null; fields: FieldDef[] }[] {
  const groups: { title: string | null; fields: FieldDef[] }[] = [];
  for (const field of fields) {
    const title = field.section ?? null;
    const group = groups.find((candidate) => candidate.title === title);
    if (group) group.fields.push(field);
    else groups.push({ title, fields: [field] });
  }
  return groups;
}
