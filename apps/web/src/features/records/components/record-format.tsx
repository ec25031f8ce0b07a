import { Badge, Button, Text } from '@mantine/core';
import { RECORD_MESSAGES, type RecordListItem, type Score } from '@pgel/shared/records/api';
import { changedRoleText } from '@pgel/shared/records/roles';
import { type ColumnDef, RECORD_STATUS_LABELS, type RecordStatus } from '@pgel/shared/records/types';
import { IconEye } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { ViewableFile } from '../../../components/file-viewer';

/** Dates show as DD-MM-YYYY (spec 02 section 9). */
export const DISPLAY_DATE = 'DD-MM-YYYY';

/** DD-MM-YYYY, or 'N/A' when missing or unreadable. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return RECORD_MESSAGES.notAvailable;
  const date = dayjs(value);
  return date.isValid() ? date.format(DISPLAY_DATE) : RECORD_MESSAGES.notAvailable;
}

/**
 * Detail badge colours (spec 02 section 4): Pending neutral, Rejected red, otherwise green, with
 * a dark text shade so the light badges keep a 4.5:1 contrast (also on striped rows).
 */
const darker = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)`;
const STATUS_COLORS: Record<RecordStatus, { color: string; text: string }> = {
  pending: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
  rejected: { color: 'red', text: darker('red') },
  approved: { color: 'green', text: darker('green') },
};

/** A status as a badge; `label` words it otherwise (a report row's own state: Issued, Recorded). */
export function StatusBadge({ status, label }: { status: RecordStatus; label?: string }) {
  return (
    <Badge
      color={STATUS_COLORS[status].color}
      c={STATUS_COLORS[status].text}
      variant="light"
      // Never cut to 'APPRO…' when a narrow table column squeezes it.
      styles={{ root: { flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {label ?? RECORD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A score as the student reads it: the step's label, with the value for a rubric's overall. */
export function formatScore(score: Score | null | undefined): string {
  if (!score) return RECORD_MESSAGES.notAvailable;
  return score.rows && score.rows.length > 0 ? `${score.label} (${score.value})` : score.label;
}

/** 'Name / DD-MM-YYYY', or 'Verification Pending' before anyone has verified it. */
export function formatVerified(record: Pick<RecordListItem, 'verifiedByName' | 'verifiedAt'>): string {
  if (!record.verifiedByName && !record.verifiedAt) return RECORD_MESSAGES.verificationPending;
  return `${record.verifiedByName ?? RECORD_MESSAGES.notAvailable} / ${formatDate(record.verifiedAt)}`;
}

/** A stored file reference (the certificate, or a file kept in `details`), if the value is one. */
export function asViewableFile(value: unknown): ViewableFile | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, originalName, contentType } = value as Record<string, unknown>;
  return typeof url === 'string' && typeof originalName === 'string' && typeof contentType === 'string'
    ? { url, originalName, contentType }
    : null;
}

/** Plain text of a stored value: a remote option's title, a list's lines, a number, or 'N/A'. */
export function formatText(value: unknown): string {
  if (value === null || value === undefined || value === '') return RECORD_MESSAGES.notAvailable;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length > 0 ? value.map(formatText).join(', ') : RECORD_MESSAGES.notAvailable;
  if (typeof value === 'object' && 'title' in value && typeof value.title === 'string') return value.title;
  return RECORD_MESSAGES.notAvailable;
}

/** The raw value a column reads from a list row (`details.<key>` or a common column). */
export function columnValue(row: RecordListItem, value: string): unknown {
  if (value.startsWith('details.')) return row.details[value.slice('details.'.length)];
  switch (value) {
    case 'date':
      return row.date;
    case 'teacherName':
      return row.teacherName;
    case 'status':
      return row.status;
    case 'studentRemark':
      return row.studentRemark;
    case 'verifierRemark':
      return row.verifierRemark;
    case 'score':
      return row.score;
    case 'certificate':
      return row.certificate;
    case 'verified':
      return { verifiedByName: row.verifiedByName, verifiedAt: row.verifiedAt };
    case 'verifiedByName':
      return row.verifiedByName;
    case 'verifiedAt':
      return row.verifiedAt;
    default:
      return undefined;
  }
}

/**
 * A column of several values in one cell, joined with ' / ' (the forensic 'Name / Age / Sex').
 * A value the caller is not shown (the deceased's name outside the student and verifiers) is
 * left out, not shown as 'N/A'.
 */
export function formatValues(row: RecordListItem, values: readonly string[]): string {
  const shown = values
    .map((value) => columnValue(row, value))
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map(formatText);
  return shown.length > 0 ? shown.join(' / ') : RECORD_MESSAGES.notAvailable;
}

/** The cell of one registry column for one row. */
export function formatCell(
  row: RecordListItem,
  column: ColumnDef,
  onViewFile: (file: ViewableFile, title: string) => void,
): ReactNode {
  if (column.values) return <CellText text={formatValues(row, column.values)} />;
  const raw = columnValue(row, column.value);
  const format = column.format ?? (column.value === 'date' ? 'date' : 'text');
  switch (format) {
    case 'date':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(raw)}</span>;
    case 'status':
      return <StatusBadge status={row.status} />;
    case 'score':
      return formatScore(row.score);
    case 'verified':
      return formatVerified(row);
    case 'role':
      return <RoleCell logged={raw} confirmed={row.confirmedRole} />;
    case 'file': {
      const file = asViewableFile(raw);
      if (!file) return RECORD_MESSAGES.notAvailable;
      return (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconEye size={14} aria-hidden />}
          aria-label={`View ${column.label.toLowerCase()} of ${row.studentName}`}
          onClick={(event) => {
            // The row itself opens the detail: the button only opens the file.
            event.stopPropagation();
            onViewFile(file, column.label);
          }}
        >
          View
        </Button>
      );
    }
    default:
      return <CellText text={formatText(raw)} />;
  }
}

/**
 * The role as the report shows it (issue 27): the one the verifier confirmed, else the logged
 * one; a role the verifier changed keeps the resident's beneath it.
 */
function RoleCell({ logged, confirmed }: { logged: unknown; confirmed: string | null }) {
  const loggedText = formatText(logged);
  if (confirmed === null || confirmed === logged) return <CellText text={confirmed ?? loggedText} />;
  return (
    <span style={{ display: 'block' }}>
      <CellText text={confirmed} />
      <Text span size="xs" c="dark.4" style={{ display: 'block', whiteSpace: 'nowrap' }}>
        logged: {loggedText}
      </Text>
    </span>
  );
}

/**
 * The role in an entry's detail (issue 27): 'logged: Performed Independently, confirmed: Performed
 * with Guide' when the verifier changed it, else the role and whether it is confirmed yet.
 */
export function RoleDetail({ logged, confirmed }: { logged: unknown; confirmed: string | null }) {
  const loggedText = typeof logged === 'string' && logged !== '' ? logged : null;
  const changed = changedRoleText(loggedText, confirmed);
  if (changed) {
    return (
      <Text span fw={600} c="orange.9" data-testid="role-changed">
        {changed}
      </Text>
    );
  }
  return (
    <>
      {formatText(confirmed ?? loggedText)}
      <Text span size="xs" c="dark.4">
        {confirmed ? ' (confirmed by the verifier)' : ' (not confirmed yet)'}
      </Text>
    </>
  );
}

/** Beyond this many characters a cell's text gets a column wide enough to read it in lines. */
const LONG_TEXT = 40;

/**
 * A text cell: long remarks wrap inside a readable width, keeping the student's line breaks,
 * instead of stretching the table or running out of view; one unbroken word breaks too.
 */
function CellText({ text }: { text: string }) {
  return (
    <span
      style={{
        display: 'block',
        maxWidth: '22rem',
        minWidth: text.length > LONG_TEXT ? '12rem' : undefined,
        whiteSpace: 'pre-line',
        // break-word, not anywhere: short codes (IPD/2026/1001) keep their width; only a word
        // longer than the column breaks.
        overflowWrap: 'break-word',
      }}
    >
      {text}
    </span>
  );
}
