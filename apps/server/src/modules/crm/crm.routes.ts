import { canManageCommerce } from '@pgel/shared/auth/policies';
import { CrmCallbackResponseSchema, CrmCallbackSchema } from '@pgel/shared/commerce/crm';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import { CrmError, type CrmService } from './crm.service';

const master = gate(canManageCommerce);

/** `/api/v1/crm/...`: the CRM connection (Master). */
export function crmRoutes(service: CrmService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/crm/zoho/callback',
      {
        onRequest: master,
        schema: {
          tags: ['crm'],
          summary: "Exchange the CRM's authorisation code for a token, kept sealed on the server (Master)",
          body: CrmCallbackSchema,
          response: {
            200: CrmCallbackResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            409: ErrorResponseSchema,
            502: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        try {
          return await service.zohoCallback(requireActor(request), request.body, requestMeta(request));
        } catch (err) {
          if (!(err instanceof CrmError)) throw err;
          return reply.status(err.statusCode).send({ code: err.code, message: err.message });
        }
      },
    );
  };
}
