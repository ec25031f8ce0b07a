import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PrintService } from './print.service';

/** `/api/v1/print-logbook/...`. */
export function printRoutes(_service: PrintService): FastifyPluginAsyncZod {
  return async () => {};
}
