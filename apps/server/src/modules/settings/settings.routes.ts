import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { pingDatabase } from './settings.repository';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** Health: 200 only when the database answers a query. */
export function settingsRoutes(db: Database, kind: 'pglite' | 'postgres'): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['settings'],
          summary: 'Liveness and database check',
          response: { 200: HealthSchema, 503: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        try {
          await pingDatabase(db);
          return { status: 'ok' as const, database: kind };
        } catch (err) {
          request.log.error({ err }, 'health check: database did not answer');
          return reply.status(503).send({ code: 'unavailable', message: 'Database is not reachable' });
        }
      },
    );
  };
}
