import {
  REPORT_CSV_COLLEGE_COLUMN,
  REPORT_CSV_COLUMNS,
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

/** An export row: the table's item and its entry's title or topic. */
export type CsvItem = ReportItem & { title: string };

/**
 * The export: BOM, header, one CRLF-ended line per row (the table's columns and formats, the
 * row's own state, its title or topic; with `withCollege` the college first).
 */
export function activityCsv(items: readonly CsvItem[], { withCollege = false } = {}): string {
  const header = withCollege ? [REPORT_CSV_COLLEGE_COLUMN, ...REPORT_CSV_COLUMNS] : [...REPORT_CSV_COLUMNS];
  const lines = [header.map(csvCell).join(',')];
  for (const item of items) {
    const cells = [
      item.departmentName,
      item.menuTitle,
      item.title,
      item.role ?? '',
      item.studentName,
      item.statusLabel,
      reportDate(item.date),
    ];
    lines.push((withCollege ? [item.collegeName, ...cells] : cells).map(csvCell).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
