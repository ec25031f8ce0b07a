import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PatientAccessService } from './patient-access.service';

/** `GET /api/v1/patient-access-log` (Master). */
export function patientAccessRoutes(_service: PatientAccessService): FastifyPluginAsyncZod {
  return async () => {};
}
