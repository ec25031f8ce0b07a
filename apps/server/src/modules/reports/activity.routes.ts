import { canSeeFlagCounts, canSeeReports } from '@pgel/shared/auth/policies';
import { FlagCountsQuerySchema, FlagCountsSchema } from '@pgel/shared/records/flags';
import {
  REPORT_MESSAGES,
  ReportExportQuerySchema,
  ReportItemSchema,
  ReportQuerySchema,
} from '@pgel/shared/reports/activity';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import { fileResponse } from '../files/file-response';
import type { ActivityReportService } from './activity.service';

const reportStaff = gate(canSeeReports);
const flagCounters = gate(canSeeFlagCounts);

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** `/api/v1/reports` and `/api/v1/reports/export.csv`: recent activity (spec 03 section 2). */
export function activityReportRoutes(service: ActivityReportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports',
      {
        onRequest: reportStaff,
        schema: {
          tags: ['reports'],
          summary: "Recent activity: staff their department's students, Master and Admin any department",
          description:
            'Every record kind and academic record (thesis steps, memos, appraisals, AETCOM), newest date ' +
            'first; filters department (Master and Admin only), menu, student, status and student-name search.',
          querystring: ReportQuerySchema,
          response: { 200: listResponseSchema(ReportItemSchema), ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.query),
    );

    app.get(
      '/reports/flags',
      {
        onRequest: flagCounters,
        schema: {
          tags: ['reports'],
          summary:
            "A department's flagged entries counted per student: the HOD's own, the one Master or Admin chooses",
          description:
            'Flags (issue 27): backdated, on-leave, high-volume, repeat-patient, before-joining. Students with none are left out, most flagged first.',
          querystring: FlagCountsQuerySchema,
          response: { 200: FlagCountsSchema, ...errors },
        },
      },
      async (request) => service.flagCounts(requireActor(request), request.query),
    );

    app.get(
      '/reports/export.csv',
      {
        onRequest: reportStaff,
        schema: {
          tags: ['reports'],
          summary: 'The recent activity as CSV (the same filters, every matching row up to 50,000)',
          description:
            'UTF-8 with a byte order mark; columns (College for Master and Admin,) Department, Menu, Title / Topic, ' +
            "Role, Student Name, Status (the row's own state), Date (DD-MM-YYYY).",
          querystring: ReportExportQuerySchema,
          response: errors,
        },
      },
      async (request, typedReply) => {
        // The body is CSV text, which no response schema describes.
        const reply = typedReply as FastifyReply;
        const csv = await service.exportCsv(requireActor(request), request.query);
        return fileResponse(reply, {
          contentType: 'text/csv; charset=utf-8',
          fileName: REPORT_MESSAGES.exportFileName,
          download: true,
        })
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );
  };
}
