import { findKind } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import {
  PRINT_ANNEXURE_KINDS,
  PRINT_SECTION_KINDS,
  type PrintBlock,
  type PrintRow,
} from '@pgel/shared/reports/print';
import {
  type PrintableRecord,
  printCell,
  printColumns,
  printShortDate,
} from '@pgel/shared/reports/print-format';
import type { PrintRecordRow } from './print.repository';

/** Every record kind the logbook prints: the sections' and the annexure's, each once. */
export const PRINTED_KIND_IDS: readonly string[] = [
  ...new Set([...Object.values(PRINT_SECTION_KINDS).flat(), ...PRINT_ANNEXURE_KINDS]),
];

/** The records of each kind, in the query's order (date, then creation). */
export function groupByKind(rows: readonly PrintRecordRow[]): Map<string, PrintRecordRow[]> {
  const byKind = new Map<string, PrintRecordRow[]>();
  for (const row of rows) {
    const list = byKind.get(row.kind);
    if (list) list.push(row);
    else byKind.set(row.kind, [row]);
  }
  return byKind;
}

function asDetails(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function printable(row: PrintRecordRow): PrintableRecord {
  return {
    date: row.date,
    teacherName: row.teacherName,
    status: row.status,
    studentRemark: row.studentRemark,
    verifierRemark: row.verifierRemark,
    score: row.score,
    verifiedByName: row.verifiedByName,
    verifiedAt: row.verifiedAt,
    certificateName: row.certificateName,
    details: asDetails(row.details),
    confirmedRole: row.confirmedRole,
  };
}

const asStatus = (status: string): PrintRow['status'] =>
  status === 'approved' || status === 'rejected' ? status : 'pending';

/**
 * One kind's table: the kind's report columns (never a sensitive one), approved records as the
 * evidence, pending and rejected ones apart. An entry reset since its verification is marked
 * amended with the day (issue 27).
 */
export function recordTable(kind: RecordKind, rows: readonly PrintRecordRow[], heading?: string): PrintBlock {
  const columns = printColumns(kind);
  const verified: PrintRow[] = [];
  const unverified: PrintRow[] = [];
  for (const row of rows) {
    const record = printable(row);
    const amendedOn = row.amendedAt ? printShortDate(row.amendedAt) : null;
    const printed: PrintRow = {
      id: row.id,
      status: asStatus(row.status),
      cells: columns.map((column) => printCell(kind, column, record)),
      ...(amendedOn ? { amendedOn } : {}),
    };
    (printed.status === 'approved' ? verified : unverified).push(printed);
  }
  return {
    type: 'table',
    ...(heading === undefined ? {} : { heading }),
    columns: columns.map((column) => column.label),
    verified,
    unverified,
  };
}

/**
 * The tables of some kinds, one per kind. With several kinds each table is captioned with its
 * kind's title; `onlyWithRecords` leaves out the kinds the student has none of (the annexure).
 */
export function recordTables(
  kindIds: readonly string[],
  byKind: ReadonlyMap<string, PrintRecordRow[]>,
  options: { onlyWithRecords?: boolean } = {},
): PrintBlock[] {
  const blocks: PrintBlock[] = [];
  for (const id of kindIds) {
    const kind = findKind(id);
    if (!kind) continue;
    const rows = byKind.get(id) ?? [];
    if (options.onlyWithRecords && rows.length === 0) continue;
    blocks.push(recordTable(kind, rows, kindIds.length > 1 ? kind.menuTitle : undefined));
  }
  return blocks;
}

/** Whether the student has any DRP or forensic record: the annexure is printed only then. */
export function hasAnnexureRecords(byKind: ReadonlyMap<string, PrintRecordRow[]>): boolean {
  return PRINT_ANNEXURE_KINDS.some((id) => (byKind.get(id)?.length ?? 0) > 0);
}
