import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BonafideService } from './bonafide.service';

/** `PUT /api/v1/students/:id/certified` and `GET /api/v1/bonafide`. */
export function bonafideRoutes(_service: BonafideService): FastifyPluginAsyncZod {
  return async () => {};
}
