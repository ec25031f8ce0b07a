/** `/reports` (issue 14): built by the reports work. */
export function ActivityReportPage() {
  return null;
}
