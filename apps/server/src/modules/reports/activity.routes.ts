import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ActivityReportService } from './activity.service';

/** `/api/v1/reports` and `/api/v1/reports/export.csv`. */
export function activityReportRoutes(_service: ActivityReportService): FastifyPluginAsyncZod {
  return async () => {};
}
