import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DocumentsService } from './documents.service';

/** `/api/v1/print-logbook/:studentId/pdf` and the public `/api/v1/check/:code`. */
export function documentsRoutes(_service: DocumentsService): FastifyPluginAsyncZod {
  return async () => {};
}
