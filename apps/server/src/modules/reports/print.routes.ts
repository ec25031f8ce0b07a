import { canPrintLogbooks } from '@pgel/shared/auth/policies';
import {
  PrintLogbookSchema,
  PrintStudentParamsSchema,
  PrintStudentsQuerySchema,
  PrintStudentsResponseSchema,
} from '@pgel/shared/reports/print';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { PrintService } from './print.service';

const printers = gate(canPrintLogbooks);
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** `/api/v1/print-logbook/...`: the printable logbook (spec 03 section 2, issue 14). */
export function printRoutes(service: PrintService): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered before `/:studentId`; Fastify prefers the static segment anyway.
    app.get(
      '/print-logbook/students',
      {
        onRequest: printers,
        schema: {
          tags: ['reports'],
          summary:
            "Students the caller may print: staff their department's, Master and Admin any, a student themselves",
          querystring: PrintStudentsQuerySchema,
          response: { 200: PrintStudentsResponseSchema, ...errors },
        },
      },
      async (request) => service.students(requireActor(request), request.query),
    );

    app.get(
      '/print-logbook/:studentId',
      {
        onRequest: printers,
        schema: {
          tags: ['reports'],
          summary: "A student's printable logbook: the 22 sections, formatted, then the DRP annexure",
          params: PrintStudentParamsSchema,
          response: { 200: PrintLogbookSchema, ...errors },
        },
        // The answer is built here and typed as PrintLogbook; checking a 3,000-row logbook
        // against its schema again on the way out took longer than reading it (bench/print-bench.ts).
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => service.load(requireActor(request), request.params.studentId),
    );
  };
}
