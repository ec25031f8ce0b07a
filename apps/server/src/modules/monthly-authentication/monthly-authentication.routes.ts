import { canAuthenticateAnyMonths } from '@pgel/shared/auth/policies';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import {
  AuthenticateMonthResponseSchema,
  AuthenticateMonthSchema,
  MonthDetailSchema,
  ResidentsToAuthenticateSchema,
  StudentAuthenticationsSchema,
} from '@pgel/shared/supervision/month-authentication';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { MonthlyAuthenticationService } from './monthly-authentication.service';

// Coarse gate (platform/route-gates.ts): only department faculty sign; the service checks the
// resident's guide, unit head or HOD on the loaded row.
const signers = gate(canAuthenticateAnyMonths);
const signedIn = async (request: FastifyRequest) => {
  requireActor(request);
};

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

// Any string, so a malformed month gets the service's message, not a schema's.
const MonthParams = z.object({ id: z.string(), month: z.string() });

/** `/api/v1/students/:id/authentications` and the faculty's `/api/v1/authentications/residents` (issue 30). */
export function monthlyAuthenticationRoutes(service: MonthlyAuthenticationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/students/:id/authentications',
      {
        onRequest: signedIn,
        schema: {
          tags: ['logbook'],
          summary: "A resident's months with their entries by kind and status and their authentication",
          description:
            'State per month: authenticated (with changedAfterAuthentication), due, overdue (not authenticated after the 10th of the next month) or upcoming. The resident, the staff of their department, Master and Admin.',
          params: IdParams,
          response: { 200: StudentAuthenticationsSchema, ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.params.id),
    );

    app.post(
      '/students/:id/authentications',
      {
        onRequest: signers,
        schema: {
          tags: ['logbook'],
          summary: "Authenticate one month of a resident's logbook (their guide, unit head or HOD)",
          description:
            "Needs the signer's password again (throttled as sign-in). 409 while any entry of the month is pending (naming how many, of which kinds) or when the month is already authenticated and unchanged; 401 for a wrong password; 429 when throttled.",
          params: IdParams,
          body: AuthenticateMonthSchema,
          response: {
            201: AuthenticateMonthResponseSchema,
            ...errors,
            409: ErrorResponseSchema,
            429: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await service.authenticate(
          requireActor(request),
          request.params.id,
          request.body,
          requestMeta(request),
        );
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/students/:id/authentications/:month',
      {
        onRequest: signedIn,
        schema: {
          tags: ['logbook'],
          summary: "One month of a resident's logbook: its entries (kind, date, status) and authentication",
          params: MonthParams,
          response: { 200: MonthDetailSchema, ...errors },
        },
      },
      async (request) => service.detail(requireActor(request), request.params.id, request.params.month),
    );

    app.get(
      '/authentications/residents',
      {
        onRequest: signedIn,
        schema: {
          tags: ['logbook'],
          summary: "The caller's residents with ended months not authenticated yet, or changed since",
          response: {
            200: ResidentsToAuthenticateSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.residents(requireActor(request)),
    );
  };
}
