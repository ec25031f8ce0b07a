import { CheckDocumentPage } from '../../features/reports/documents/check-document-page';

/** `/check/:code` (public): whether a printed logbook still matches the logbook. */
export function Component() {
  return <CheckDocumentPage />;
}
