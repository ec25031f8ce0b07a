import { ReportPage } from '../../features/records/components/report-page';

/** `/drp/offline` (DRP Records): uploads of the paper DRP logbook, a record-engine kind. */
export function Component() {
  return <ReportPage kindId="drp-upload" />;
}
