import { truncateText } from '../text';
import type { ColumnDef, RecordKind } from './types';
import { RECORD_STATUS_LABELS, type RecordStatus } from './types';

/**
 * What a record's search text is built from: the columns a report row shows, the teacher's and
 * the verifier's names already looked up. Never the sensitive details.
 */
export type SearchableRecord = {
  date: string | null;
  details: Record<string, unknown>;
  teacherName: string | null;
  studentRemark: string | null;
  status: string;
  verifierRemark: string | null;
  verifiedByName: string | null;
  verifiedAt: Date | string | null;
  score: unknown;
  /** The role the verifier confirmed (issue 27): found by the search beside the logged one. */
  confirmedRole?: string | null;
};

/** A stored search text stays well inside what a trigram index entry handles quickly. */
export const MAX_SEARCH_TEXT = 8000;

/**
 * Verification dates are instants; the table shows them as the reader's calendar date. The
 * product is used in India, so the search text holds India's date of the instant.
 */
const VERIFIED_DATE_ZONE = 'Asia/Kolkata';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A date as the table shows it (DD-MM-YYYY) and as typed in ISO form (YYYY-MM-DD). */
function dateTexts(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const match = ISO_DATE.exec(value);
  if (!match) return [];
  const [, y, m, d] = match;
  return [`${d}-${m}-${y}`, `${y}-${m}-${d}`];
}

/**
 * The verified day as YYYY-MM-DD (en-CA's format) in the zone the table shows it in. Made once:
 * making an Intl.DateTimeFormat costs far more than formatting with it, and a bulk verification
 * writes the search text of 500 records (it was a fifth of the request's time, issue 16).
 */
const verifiedDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: VERIFIED_DATE_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function instantDateTexts(value: Date | string | null): string[] {
  if (value === null) return [];
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return [];
  return dateTexts(verifiedDayFormat.format(instant));
}

/** The text a cell shows for a stored value: a remote option's title, a list's lines, a number. */
function valueTexts(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(valueTexts);
  if (value && typeof value === 'object' && typeof (value as { title?: unknown }).title === 'string') {
    return [(value as { title: string }).title];
  }
  return [];
}

/** A score as the table shows it: the step's label, with the value for a rubric's overall. */
function scoreTexts(score: unknown): string[] {
  if (!score || typeof score !== 'object') return [];
  const { label, value, rows } = score as { label?: unknown; value?: unknown; rows?: unknown };
  const texts = typeof label === 'string' ? [label] : [];
  if (Array.isArray(rows) && rows.length > 0 && typeof value === 'number') texts.push(String(value));
  return texts;
}

/** Whether a `details.<key>` or common value names a sensitive field of the kind. */
function readsSensitiveField(kind: RecordKind, value: string): boolean {
  if (!value.startsWith('details.')) return false;
  const name = value.slice('details.'.length);
  return kind.fields.some((field) => field.name === name && field.sensitive);
}

/**
 * Whether a column may go into the search text: not one marked as identifying the patient, and
 * not one that reads a sensitive field (patient name, contact number, address). A column of
 * several values goes in with its other values (`searchableValues`).
 */
export function isSearchableColumn(kind: RecordKind, column: ColumnDef): boolean {
  if (column.identifiesPatient) return false;
  if (column.values) return searchableValues(kind, column).length > 0;
  return !readsSensitiveField(kind, column.value);
}

/** The values of a column the search text may hold: all but the sensitive ones (the deceased's name). */
export function searchableValues(kind: RecordKind, column: ColumnDef): string[] {
  return (column.values ?? [column.value]).filter((value) => !readsSensitiveField(kind, value));
}

/** The texts one column contributes, as the report table shows them. */
function columnTexts(kind: RecordKind, column: ColumnDef, record: SearchableRecord): string[] {
  if (column.values) {
    return searchableValues(kind, column).flatMap((value) => valueTextsOf({ ...column, value }, record));
  }
  return valueTextsOf(column, record);
}

/** The texts one value of a column contributes. */
function valueTextsOf(column: ColumnDef, record: SearchableRecord): string[] {
  const format = column.format ?? (column.value === 'date' ? 'date' : 'text');
  if (column.value.startsWith('details.')) {
    const value = record.details[column.value.slice('details.'.length)];
    if (format === 'role' && record.confirmedRole && record.confirmedRole !== value) {
      return [...valueTexts(value), record.confirmedRole];
    }
    return format === 'date' ? dateTexts(value) : valueTexts(value);
  }
  switch (column.value) {
    case 'date':
      return dateTexts(record.date);
    case 'teacherName':
      return valueTexts(record.teacherName);
    case 'status':
      return record.status in RECORD_STATUS_LABELS
        ? [RECORD_STATUS_LABELS[record.status as RecordStatus]]
        : [];
    case 'studentRemark':
      return valueTexts(record.studentRemark);
    case 'verifierRemark':
      return valueTexts(record.verifierRemark);
    case 'verified':
      // Only what was stored: 'Verification Pending' and 'N/A' are the table's placeholders.
      return [...valueTexts(record.verifiedByName), ...instantDateTexts(record.verifiedAt)];
    case 'verifiedByName':
      return valueTexts(record.verifiedByName);
    case 'verifiedAt':
      return instantDateTexts(record.verifiedAt);
    case 'score':
      return scoreTexts(record.score);
    default:
      // A certificate shows as a View button: nothing to read.
      return [];
  }
}

/**
 * The lower-cased text the report search looks in (stored in `records.search_text`, trigram
 * indexed): what every column of the kind shows, one value a line, except the columns that
 * identify the patient. The student's name is not in it (it can change; the search looks it up).
 * Lines are joined by a newline, which no search word contains, so a word never matches across
 * two columns.
 */
export function recordSearchText(kind: RecordKind, record: SearchableRecord): string {
  const lines = kind.columns
    .filter((column) => isSearchableColumn(kind, column))
    .flatMap((column) => columnTexts(kind, column, record))
    .map((text) => text.trim().toLowerCase())
    .filter((text) => text !== '');
  return truncateText(lines.join('\n'), MAX_SEARCH_TEXT);
}
