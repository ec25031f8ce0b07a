import dayjs from 'dayjs';
import { maskIdentifier } from '../privacy/masking';
import { searchableValues } from '../records/search-text';
import { type ColumnDef, RECORD_STATUS_LABELS, type RecordKind, type RecordStatus } from '../records/types';
import { isCalendarDate } from '../schemas/dates';
import { truncateText } from '../text';
import { PRINT_NOT_AVAILABLE, PRINT_SKILL_TITLE_MAX } from './print';

/**
 * The printable logbook's text (spec 03 section 9): dates with long month names ('5 August
 * 2024'), 'N/A' for anything missing, skill titles cut to 20 characters. The server formats
 * every cell with these, so the print page and the PDF read the same.
 */

export const PRINT_DATE_FORMAT = 'D MMMM YYYY';

/**
 * Verification times are instants; the logbook is kept in India, so an instant prints as India's
 * calendar date of it (as the report table's search text does). India keeps UTC+05:30 all year
 * (no daylight saving since 1945), so the date is a fixed shift: no Intl formatter per cell,
 * which matters when 3,000 rows print at once.
 */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The YYYY-MM-DD calendar date of an instant in India, or null for an invalid one. */
function indiaDate(instant: Date): string | null {
  const time = instant.getTime();
  return Number.isNaN(time) ? null : new Date(time + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Printed dates by calendar date: a logbook repeats the same days many times. */
const printedDates = new Map<string, string>();
const PRINTED_DATES_MAX = 5000;

function longDate(calendar: string): string {
  let printed = printedDates.get(calendar);
  if (printed === undefined) {
    // dayjs rolls 2024-02-30 over into March: only a real calendar date prints.
    printed = isCalendarDate(calendar) ? dayjs(calendar).format(PRINT_DATE_FORMAT) : PRINT_NOT_AVAILABLE;
    if (printedDates.size >= PRINTED_DATES_MAX) printedDates.clear();
    printedDates.set(calendar, printed);
  }
  return printed;
}

/**
 * '5 August 2024' for a YYYY-MM-DD date, or for an instant (a Date or an ISO timestamp) its date
 * in India; 'N/A' when missing or unreadable.
 */
export function printDate(value: unknown): string {
  let calendar: string | null = null;
  if (value instanceof Date) calendar = indiaDate(value);
  else if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim();
    calendar = CALENDAR_DATE.test(text) ? text : indiaDate(new Date(text));
  }
  return calendar === null ? PRINT_NOT_AVAILABLE : longDate(calendar);
}

/** DD-MM-YYYY of an instant in India (the day an entry was amended), or null for an invalid one. */
export function printShortDate(instant: Date | string): string | null {
  const calendar = indiaDate(typeof instant === 'string' ? new Date(instant) : instant);
  if (calendar === null) return null;
  const [y, m, d] = calendar.split('-');
  return `${d}-${m}-${y}`;
}

/** 'from - to' in long dates ('1 August 2024 - 1 August 2027'). */
export function printPeriod(from: unknown, to: unknown): string {
  return `${printDate(from)} - ${printDate(to)}`;
}

/**
 * Plain text of a stored value: a string (trimmed), a number, a remote option's title, a list's
 * items joined with ', '; 'N/A' for null, undefined, blank text and empty lists.
 */
export function printText(value: unknown): string {
  if (value === null || value === undefined) return PRINT_NOT_AVAILABLE;
  if (typeof value === 'string') return value.trim() === '' ? PRINT_NOT_AVAILABLE : value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : PRINT_NOT_AVAILABLE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    const items = value.map(printText).filter((text) => text !== PRINT_NOT_AVAILABLE);
    return items.length > 0 ? items.join(', ') : PRINT_NOT_AVAILABLE;
  }
  if (typeof value === 'object' && typeof (value as { title?: unknown }).title === 'string') {
    return printText((value as { title: string }).title);
  }
  if (typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') {
    return printText((value as { name: string }).name);
  }
  return PRINT_NOT_AVAILABLE;
}

/** A skill title as the print shows it: at most 20 characters (spec 03 section 9). */
export function printSkillTitle(value: unknown, max: number = PRINT_SKILL_TITLE_MAX): string {
  const text = printText(value);
  return text === PRINT_NOT_AVAILABLE ? text : truncateText(text, max);
}

/** A score as the student reads it: the step's label, with the value for a rubric's overall. */
export function printScore(score: unknown): string {
  if (!score || typeof score !== 'object') return PRINT_NOT_AVAILABLE;
  const { label, value, rows } = score as { label?: unknown; value?: unknown; rows?: unknown };
  if (typeof label !== 'string' || label === '') return printText(value);
  return Array.isArray(rows) && rows.length > 0 && typeof value === 'number' ? `${label} (${value})` : label;
}

/** What the print reads of one record: the list's common columns and the kind's `details`. */
export type PrintableRecord = {
  date: string | null;
  teacherName: string | null;
  status: string;
  studentRemark: string | null;
  verifierRemark: string | null;
  score: unknown;
  verifiedByName: string | null;
  verifiedAt: Date | string | null;
  /** The certificate's file name: the print cannot open a file, it names it. */
  certificateName: string | null;
  details: Record<string, unknown>;
  /** The role the verifier confirmed (kinds that log one); the Role column prints it once set. */
  confirmedRole?: string | null;
};

/** Columns whose value is a skill title (procedure and surgical skill): cut to 20 characters. */
const SKILL_TITLE_VALUES = new Set(['details.skills', 'details.skill']);
const SKILL_TITLE_KINDS = new Set(['procedure', 'surgical-skill']);

/**
 * The kind's report columns the print shows: all but those reading a sensitive field or naming
 * the patient (the patient's name, id, contact and address never reach a printout or a PDF that
 * examiners keep: data minimisation, docs/decisions/014), whatever the row holds.
 */
export function printColumns(kind: RecordKind): ColumnDef[] {
  return kind.columns.filter(
    (column) => !column.identifiesPatient && searchableValues(kind, column).length > 0,
  );
}

function rawValue(record: PrintableRecord, value: string): unknown {
  if (value.startsWith('details.')) return record.details[value.slice('details.'.length)];
  switch (value) {
    case 'date':
      return record.date;
    case 'teacherName':
      return record.teacherName;
    case 'status':
      return record.status;
    case 'studentRemark':
      return record.studentRemark;
    case 'verifierRemark':
      return record.verifierRemark;
    case 'score':
      return record.score;
    case 'certificate':
      return record.certificateName;
    case 'verifiedByName':
      return record.verifiedByName;
    case 'verifiedAt':
      return record.verifiedAt;
    default:
      return undefined;
  }
}

/** One value of a column as printed. */
function printValue(kind: RecordKind, column: ColumnDef, value: string, record: PrintableRecord): string {
  const raw = rawValue(record, value);
  const format = column.format ?? (value === 'date' ? 'date' : 'text');
  switch (format) {
    case 'date':
      return printDate(raw);
    case 'status':
      return RECORD_STATUS_LABELS[record.status as RecordStatus] ?? printText(record.status);
    case 'score':
      return printScore(record.score);
    case 'role':
      // The verifier's role is the evidence; the resident's shows until it is confirmed.
      return printText(record.confirmedRole ?? raw);
    case 'verified':
      if (!record.verifiedByName && !record.verifiedAt) return 'Verification Pending';
      return `${printText(record.verifiedByName)} / ${printDate(record.verifiedAt)}`;
    default: {
      if (SKILL_TITLE_KINDS.has(kind.id) && SKILL_TITLE_VALUES.has(value)) return printSkillTitle(raw);
      const text = printText(raw);
      // A hospital number prints as its last characters only (issue 28).
      return column.printMasked && text !== PRINT_NOT_AVAILABLE ? maskIdentifier(text) : text;
    }
  }
}

/** The printed cell of one column: several values joined with ' / ', sensitive ones left out. */
export function printCell(kind: RecordKind, column: ColumnDef, record: PrintableRecord): string {
  if (!column.values) return printValue(kind, column, column.value, record);
  const shown = searchableValues(kind, column)
    .map((value) => printValue(kind, column, value, record))
    .filter((text) => text !== PRINT_NOT_AVAILABLE);
  return shown.length > 0 ? shown.join(' / ') : PRINT_NOT_AVAILABLE;
}
