import { ReportPage } from '../../features/records/components/report-page';

/** `/publication`: the student's publications, a record-engine kind with its own route. */
export function Component() {
  return <ReportPage kindId="publication" />;
}
