import { PrintLogbookSheetPage } from '../../features/reports/print/print-logbook-sheet-page';

/** `/printLogbook/:studentId/print`: the print-ready logbook, opened in a new window and printed. */
export function Component() {
  return <PrintLogbookSheetPage />;
}
