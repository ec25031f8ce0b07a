import { ReportPage } from '../../features/records/components/report-page';

/** `/checkList` (also `/checklist`: routes match without case): the Mandatory Checklist report. */
export function Component() {
  return <ReportPage kindId="checklist" />;
}
