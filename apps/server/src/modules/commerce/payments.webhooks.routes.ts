import type { GatewayId } from '@pgel/shared/commerce/payments';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PaymentsService } from './payments.service';

/** Gateway notices are a few hundred bytes; nothing bigger is read. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

const ReceivedSchema = z.object({ received: z.literal(true) });

/**
 * `/payments/webhooks/:gateway`: the gateways' server-to-server notices. A signature covers the
 * exact bytes sent, so this plugin (encapsulated: the rest of the API keeps its JSON parser) keeps
 * the body as a Buffer. No session and no Origin: the signature is the authentication (the origin
 * check lets requests without browser headers through).
 */
export function paymentWebhookRoutes(service: PaymentsService): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    for (const gateway of ['razorpay', 'phonepe'] as const satisfies GatewayId[]) {
      app.post(
        `/payments/webhooks/${gateway}`,
        {
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags: ['payments'],
            summary: `${gateway === 'razorpay' ? 'Razorpay' : 'PhonePe'} webhook (signed; settles like verify)`,
            response: {
              200: ReceivedSchema,
              401: ErrorResponseSchema,
              404: ErrorResponseSchema,
              413: ErrorResponseSchema,
            },
          },
        },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const result = await service.webhook(gateway, { rawBody, headers: request.headers });
          if (result.kind === 'unknown_order' || result.kind === 'amount_mismatch') {
            request.log.warn({ gateway, ...result }, 'payment webhook ignored');
          } else {
            request.log.info({ gateway, ...result }, 'payment webhook');
          }
          return { received: true as const };
        },
      );
    }
  };
}
