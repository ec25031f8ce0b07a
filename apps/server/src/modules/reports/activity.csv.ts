import {
  REPORT_CSV_COLUMNS,
  REPORT_ITEM_STATUS_LABELS,
  type ReportItem,
  reportDate,
} from '@pgel/shared/reports/activity';

/** A byte order mark, so spreadsheet programs read the file as UTF-8 (names in any script). */
const BOM = '\uFEFF';

/**
 * One CSV cell: a cell a spreadsheet would run as a formula (starting with = + - @, their
 * full-width forms, or a tab or line break that hides one) gets a leading apostrophe; then it is quoted per RFC 4180
 * when it holds a comma, a quote or a line break (quotes doubled).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The export: BOM, header, one CRLF-ended line per row (the table's columns and formats). */
export function activityCsv(items: ReportItem[]): string {
  const lines = [REPORT_CSV_COLUMNS.map(csvCell).join(',')];
  for (const item of items) {
    lines.push(
      [
        item.departmentName,
        item.menuTitle,
        item.role ?? '',
        item.studentName,
        REPORT_ITEM_STATUS_LABELS[item.status],
        reportDate(item.date),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
