import type { Database } from '../../db/client';

/** `/reports`: recent activity and its CSV export (issue 14). Filled in by the reports work. */
export class ActivityReportService {
  constructor(readonly deps: { db: Database }) {}
}
