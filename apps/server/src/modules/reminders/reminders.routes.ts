import { canSeeWeeklyUpdates } from '@pgel/shared/auth/policies';
import { WeeklyUpdatesQuerySchema, WeeklyUpdatesSchema } from '@pgel/shared/reminders/weekly-updates';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { WeeklyUpdatesService } from './weekly-updates.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** `/api/v1/reports/weekly-updates`: the HOD's view of the weekly update (issue 30). */
export function remindersRoutes(service: WeeklyUpdatesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports/weekly-updates',
      {
        onRequest: gate(canSeeWeeklyUpdates),
        schema: {
          tags: ['reports'],
          summary:
            "Residents' weeks without entries: the HOD's own department, the one Master or Admin chooses",
          description:
            'The last 8 full weeks (Monday to Sunday, India time), newest first; for each resident who may write the ' +
            'logbook and saved no entry in a week that counts for them (from their account and course start), those weeks.',
          querystring: WeeklyUpdatesQuerySchema,
          response: { 200: WeeklyUpdatesSchema, ...errors },
        },
      },
      async (request) => service.forDepartment(requireActor(request), request.query),
    );
  };
}
