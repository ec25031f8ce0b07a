import { PrintLogbookPage } from '../../features/reports/print/print-logbook-page';

/** `/printLogbook`: staff pick a student, a student prints their own. */
export function Component() {
  return <PrintLogbookPage />;
}
