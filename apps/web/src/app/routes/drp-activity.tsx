import { ReportPage } from '../../features/records/components/report-page';

/** `/drp/proc` (DRP Activity): a record-engine kind with its own route. */
export function Component() {
  return <ReportPage kindId="drp-activity" />;
}
