import {
  canReadPatientAccessLog,
  PATIENT_ACCESS_LOG_PATH,
  PatientAccessLogQuerySchema,
  PatientAccessLogResponseSchema,
} from '@pgel/shared/privacy/api';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { PatientAccessService } from './patient-access.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** `GET /api/v1/patient-access-log` (Master). */
export function patientAccessRoutes(service: PatientAccessService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PATIENT_ACCESS_LOG_PATH,
      {
        onRequest: gate(canReadPatientAccessLog),
        schema: {
          tags: ['privacy'],
          summary: 'Every full view of patient identifiers, newest first (Master; kept one year)',
          querystring: PatientAccessLogQuerySchema,
          response: { 200: PatientAccessLogResponseSchema, ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.query),
    );
  };
}
