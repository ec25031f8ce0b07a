import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { MarkAllReadResponseSchema, NotificationListSchema } from '@pgel/shared/schemas/notifications';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/session';
import type { NotificationService } from './notifications.service';

async function authenticated(request: FastifyRequest) {
  requireActor(request);
}

/** `/api/v1/notifications`: the top bar's dropdown, always the caller's own. */
export function notificationRoutes(service: NotificationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticated);

    app.get(
      '/notifications',
      {
        schema: {
          tags: ['people'],
          summary: "The caller's newest notifications and the unread count",
          response: { 200: NotificationListSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => service.listOwn(requireActor(request)),
    );

    app.post(
      '/notifications/read-all',
      {
        schema: {
          tags: ['people'],
          summary: 'Mark every notification of the caller read',
          response: { 200: MarkAllReadResponseSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => service.markAllRead(requireActor(request), { ip: request.ip }),
    );

    app.post(
      '/notifications/:id/read',
      {
        schema: {
          tags: ['people'],
          summary: 'Mark one of the caller’s notifications read',
          params: z.object({ id: z.string() }),
          response: { 200: MessageResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => ({
        message: await service.markRead(requireActor(request), request.params.id, { ip: request.ip }),
      }),
    );
  };
}
