import { isCalendarDate, todayIso } from '../schemas/dates';
import { RECORD_MESSAGES } from './api';
import type { FieldDef, RecordKind } from './types';

/** A form's values as the form and the API carry them: common fields and `details` flattened by name. */
export type RecordValues = Record<string, unknown>;

export type FieldError = { field: string; message: string };

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Today as YYYY-MM-DD in the caller's clock (the server passes its own); kept here for its importers. */
export { todayIso };

/** Days from `from` to `to`, both counted; 0 when `to` precedes `from` or either is missing. */
export function inclusiveDays(from: unknown, to: unknown): number {
  if (typeof from !== 'string' || typeof to !== 'string' || !isCalendarDate(from) || !isCalendarDate(to))
    return 0;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days < 0 ? 0 : days + 1;
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Options of a select for a department (restricted ones only where the setting points). */
export function selectOptions(
  field: Extract<FieldDef, { input: 'select' }>,
  restrictedAllowed: boolean,
): readonly string[] {
  if (!field.restricted || !restrictedAllowed) return field.options;
  return [...field.options, ...field.restricted.options];
}

export type ValidationContext = {
  today: string;
  /** Whether the student's department sees each select's restricted options (by setting name). */
  restrictedAllowed?: (departmentSetting: string) => boolean;
};

/**
 * Checks a kind's values in field order and returns every error (the form shows the first, or
 * all for `showAllErrors` kinds) plus the cleaned values: strings trimmed, computed fields
 * recomputed, numbers as numbers. Remote selects are checked for shape here and for existence
 * and scope on the server.
 */
export function validateRecord(
  kind: RecordKind,
  values: RecordValues,
  context: ValidationContext,
): { errors: FieldError[]; clean: RecordValues } {
  const errors: FieldError[] = [];
  const clean: RecordValues = {};
  const fail = (field: FieldDef, message: string) => errors.push({ field: field.name, message });
  for (const field of kind.fields) {
    const raw = values[field.name];
    if (field.input === 'computed') {
      const days = inclusiveDays(values[field.from], values[field.to]);
      clean[field.name] = days;
      // Both dates valid but `to` before `from`: a required count of 0 days is not a leave.
      if (
        field.required &&
        days === 0 &&
        isDateString(values[field.from]) &&
        isDateString(values[field.to])
      ) {
        fail(field, RECORD_MESSAGES.fillCorrectly);
      }
      continue;
    }
    if (isBlank(raw) || (field.input === 'text-list' && lineCount(raw) < Math.max(1, field.min))) {
      if (field.required) {
        fail(
          field,
          field.input === 'text-list'
            ? RECORD_MESSAGES.requiredLabel(field.itemLabel)
            : kind.requiredMessage(field.label),
        );
      }
      continue;
    }
    const message = checkValue(field, raw, context);
    if (message) {
      fail(field, message);
      continue;
    }
    clean[field.name] = cleanValue(field, raw);
  }
  return { errors, clean };
}

/**
 * The one message of a refused entry (the form's dialog, the server's answer): for a kind with
 * `missingSummary`, every required field left empty named in one line (issue 28: 'Please fill
 * all the data first: Certificate, Journal'); otherwise the first error's own message.
 */
export function recordErrorMessage(
  kind: RecordKind,
  errors: readonly FieldError[],
  values: RecordValues,
): string | undefined {
  if (kind.missingSummary) {
    const labels = errors
      .filter((error) => isBlank(values[error.field]))
      .map((error) => kind.fields.find((field) => field.name === error.field)?.label ?? error.field);
    if (labels.length > 0) return kind.missingSummary(labels);
  }
  return errors[0]?.message;
}

/** Non-blank lines of a text list (0 when it is not a list). */
function lineCount(value: unknown): number {
  return Array.isArray(value)
    ? value.filter((line) => typeof line === 'string' && line.trim() !== '').length
    : 0;
}

function isDateString(value: unknown): boolean {
  return typeof value === 'string' && isCalendarDate(value);
}

const MAX_LIST_LINES = 100;

function checkValue(field: FieldDef, raw: unknown, context: ValidationContext): string | undefined {
  switch (field.input) {
    case 'text':
      if (typeof raw !== 'string') return RECORD_MESSAGES.fillCorrectly;
      // The pattern's own message first (a contact number of 11 digits is a contact number error).
      if (field.pattern && !field.pattern.regex.test(raw.trim())) return field.pattern.message;
      if (field.maxLength && raw.trim().length > field.maxLength) return RECORD_MESSAGES.fillCorrectly;
      return undefined;
    case 'textarea':
      if (typeof raw !== 'string') return RECORD_MESSAGES.fillCorrectly;
      return field.maxLength && raw.trim().length > field.maxLength
        ? RECORD_MESSAGES.fillCorrectly
        : undefined;
    case 'date':
      if (typeof raw !== 'string' || !isCalendarDate(raw)) return RECORD_MESSAGES.fillCorrectly;
      return !field.allowFuture && raw > context.today ? RECORD_MESSAGES.futureDate : undefined;
    case 'time':
      return typeof raw === 'string' && TIME_PATTERN.test(raw) ? undefined : RECORD_MESSAGES.fillCorrectly;
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(n) || n < field.min || n > field.max) return RECORD_MESSAGES.fillCorrectly;
      return field.integer && !Number.isInteger(n) ? RECORD_MESSAGES.fillCorrectly : undefined;
    }
    case 'select': {
      const allowed = field.restricted
        ? (context.restrictedAllowed?.(field.restricted.departmentSetting) ?? false)
        : false;
      return typeof raw === 'string' && selectOptions(field, allowed).includes(raw)
        ? undefined
        : RECORD_MESSAGES.optionNotFound(field.label);
    }
    case 'absent-present':
      return raw === 'absent' || raw === 'present' ? undefined : RECORD_MESSAGES.fillCorrectly;
    case 'remote-select':
    case 'file':
      return typeof raw === 'string' && /^[0-9a-f-]{36}$/i.test(raw)
        ? undefined
        : RECORD_MESSAGES.optionNotFound(field.label);
    case 'text-list':
      return Array.isArray(raw) &&
        raw.length <= MAX_LIST_LINES &&
        raw.every((line) => typeof line === 'string' && line.length <= 500)
        ? undefined
        : RECORD_MESSAGES.fillCorrectly;
    case 'computed':
      return undefined;
  }
}

function cleanValue(field: FieldDef, raw: unknown): unknown {
  switch (field.input) {
    case 'number':
      return typeof raw === 'number' ? raw : Number(raw);
    case 'remote-select':
    case 'file':
      return (raw as string).toLowerCase();
    case 'text-list':
      return (raw as string[]).map((line) => line.trim()).filter((line) => line !== '');
    default:
      return typeof raw === 'string' ? raw.trim() : raw;
  }
}
