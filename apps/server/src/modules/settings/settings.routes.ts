import { canManageSiteSettings } from '@pgel/shared/auth/policies';
import {
  SellerSettingsInputSchema,
  SellerSettingsResponseSchema,
  SellerSettingsSchema,
} from '@pgel/shared/commerce/invoices';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import {
  InquirySchema,
  LaunchSchema,
  PublicSettingsSchema,
  SetVideoResponseSchema,
  SetVideoSchema,
} from '@pgel/shared/schemas/settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../platform/errors';
import { gate, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import { pingDatabase } from './settings.repository';
import type { SettingsService } from './settings.service';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

function meta(request: FastifyRequest) {
  return { ip: request.ip, actorId: request.actor?.id ?? null };
}

/** Health, public settings, the launch gate and the contact form (public); the video (Master). */
export function settingsRoutes(
  service: SettingsService,
  db: Database,
  kind: 'pglite' | 'postgres',
): FastifyPluginAsyncZod {
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
          // A warning, not an error: load balancers poll this every few seconds during an outage.
          // The logger's error serializer keeps the code and statement name only.
          request.log.warn({ err }, 'health check: database did not answer');
          return reply
            .status(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send({ code: 'unavailable', message: 'Database is not reachable' });
        }
      },
    );

    app.get(
      '/settings/public',
      {
        schema: {
          tags: ['settings'],
          summary: 'Settings every page may read: launch state, company details, links, video, guests',
          response: { 200: PublicSettingsSchema },
        },
      },
      async (_request, reply) => {
        // Launching changes it: never serve a stale copy from a cache.
        reply.header('cache-control', 'no-cache');
        return service.publicSettings();
      },
    );

    app.put(
      '/settings/video',
      {
        onRequest: gate(canManageSiteSettings),
        schema: {
          tags: ['settings'],
          summary: 'Master: set the landing page video (YouTube, Vimeo or https), or null to remove it',
          body: SetVideoSchema,
          response: {
            200: SetVideoResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.setVideoUrl(requireActor(request), request.body.url, requestMeta(request)),
    );

    app.get(
      '/settings/seller',
      {
        onRequest: gate(canManageSiteSettings),
        schema: {
          tags: ['settings'],
          summary: 'Master: the seller on GST tax invoices (legal name, address, state, GSTIN, SAC code)',
          response: { 200: SellerSettingsSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
      },
      async (request) => service.sellerSettings(requireActor(request)),
    );

    app.put(
      '/settings/seller',
      {
        onRequest: gate(canManageSiteSettings),
        schema: {
          tags: ['settings'],
          summary:
            'Master: save the seller on GST tax invoices (the GSTIN is checked, check character included)',
          body: SellerSettingsInputSchema,
          response: {
            200: SellerSettingsResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.setSellerSettings(requireActor(request), request.body, requestMeta(request)),
    );

    app.post(
      '/settings/launch/check',
      {
        schema: {
          tags: ['settings'],
          summary: 'Check the launch password (it is never sent to the browser)',
          body: LaunchSchema,
          response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request) => ({
        message: await service.checkLaunchPassword(request.body.password, meta(request)),
      }),
    );

    app.post(
      '/settings/launch',
      {
        schema: {
          tags: ['settings'],
          summary: 'Mark the product launched (checks the launch password again; idempotent)',
          body: LaunchSchema,
          response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request) => ({ message: await service.launch(request.body.password, meta(request)) }),
    );

    app.post(
      '/inquiries',
      {
        schema: {
          tags: ['settings'],
          summary: 'Contact-form inquiry: stored and mailed to the company address',
          body: InquirySchema,
          response: { 201: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const message = await service.createInquiry(request.body, meta(request));
        return reply.status(201).send({ message });
      },
    );
  };
}
