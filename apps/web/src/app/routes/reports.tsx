import { ActivityReportPage } from '../../features/reports/activity/activity-report-page';

/** `/reports` (any staff): recent activity by department, menu, student and status. */
export function Component() {
  return <ActivityReportPage />;
}
