import { isStudent } from '@pgel/shared/auth/policies';
import {
  CreateOrderResponseSchema,
  CreateOrderSchema,
  GatewayListSchema,
  PAYMENT_MESSAGES,
  PaymentOrderSchema,
  SandboxCompleteResponseSchema,
  SandboxCompleteSchema,
  SandboxOrderSchema,
  VerifyPaymentResponseSchema,
  VerifyPaymentSchema,
} from '@pgel/shared/commerce/payments';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { gate, IdParams } from '../../platform/route-gates';
import { requireActor, SESSION_COOKIE, type SessionSettings, setSessionCookie } from '../../platform/session';
import { GatewayError } from './gateways/gateway';
import type { PaymentsService } from './payments.service';
import { paymentWebhookRoutes } from './payments.webhooks.routes';

const signedIn = gate(() => true);
/** Only students buy; staff are told so before their body is read. */
async function studentsOnly(request: FastifyRequest) {
  if (!isStudent(requireActor(request))) throw AppError.forbidden(PAYMENT_MESSAGES.studentsOnly);
}

/**
 * The verify route's gate: signed in, or holding a session cookie that the handler may still
 * recognise as one this order's verification replaced (payments.replay.ts). No cookie: 401 now.
 */
async function signedInOrReplaced(request: FastifyRequest) {
  if (request.actor || !request.cookies[SESSION_COOKIE]) requireActor(request);
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const GatewayOrderParams = z.object({ gatewayOrderId: z.string().max(100) });

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** `/api/v1/payments/...`: buying a package (issue 13); the rules are in PaymentsService. */
export function paymentsRoutes(
  service: PaymentsService,
  sessionSettings: SessionSettings,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/payments/gateways',
      {
        onRequest: signedIn,
        schema: {
          tags: ['payments'],
          summary: 'The configured payment methods, default first',
          response: { 200: GatewayListSchema, 401: ErrorResponseSchema },
        },
      },
      async () => service.gatewayList(),
    );

    app.post(
      '/payments/orders',
      {
        onRequest: studentsOnly,
        schema: {
          tags: ['payments'],
          summary: "A payment order for a package, priced by the server; the gateway's checkout to open",
          body: CreateOrderSchema,
          response: {
            201: CreateOrderResponseSchema,
            ...errors,
            409: ErrorResponseSchema,
            429: ErrorResponseSchema,
            502: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        try {
          const created = await service.createOrder(requireActor(request), request.body, meta(request));
          return reply.status(201).send(created);
        } catch (err) {
          if (!(err instanceof GatewayError)) throw err;
          // The gateway's words stay in the log; the student gets the spec's message.
          request.log.warn({ gateway: err.gateway, reason: err.message }, 'payment gateway refused an order');
          const message =
            err.gateway === 'phonepe'
              ? PAYMENT_MESSAGES.phonePeOrderFailed
              : PAYMENT_MESSAGES.createOrderFailed;
          return reply.status(502).send({ code: 'bad_gateway', message });
        }
      },
    );

    app.get(
      '/payments/orders/:id',
      {
        onRequest: signedIn,
        schema: {
          tags: ['payments'],
          summary: "One of the caller's payment orders",
          params: IdParams,
          response: { 200: PaymentOrderSchema, ...errors },
        },
      },
      async (request) => service.getOrder(requireActor(request), request.params.id),
    );

    app.post(
      '/payments/orders/:id/verify',
      {
        onRequest: signedInOrReplaced,
        schema: {
          tags: ['payments'],
          summary: 'Asks the gateway whether the order is paid; settles it once; signs the student in again',
          params: IdParams,
          body: VerifyPaymentSchema,
          response: { 200: VerifyPaymentResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        // A repeat carrying the session an earlier verification of this order replaced.
        if (!request.actor) return service.replayVerify(request.cookies[SESSION_COOKIE], request.params.id);
        const actor = requireActor(request);
        const { rotateSession, ...result } = await service.verify(
          actor,
          request.params.id,
          request.body,
          meta(request),
        );
        if (rotateSession) {
          // As the login route does: a new session row and cookie, the old session ended. Of
          // verifies at once from one browser (two tabs, a poll and a click) only the one that
          // ended the old session gets a new one; the others answer without a cookie (the
          // browser holds the winner's: one cookie jar). Those still in flight with the old
          // cookie are answered by replayVerify above.
          const rotated = await service.rotateSession(actor, request.params.id, meta(request));
          if (rotated) setSessionCookie(reply, sessionSettings, rotated.token, false);
        }
        return result;
      },
    );

    app.get(
      '/payments/sandbox/:gatewayOrderId',
      {
        onRequest: signedIn,
        schema: {
          tags: ['payments'],
          summary: "The local sandbox gateway's checkout page (no money moves)",
          params: GatewayOrderParams,
          response: { 200: SandboxOrderSchema, ...errors },
        },
      },
      async (request) => service.sandboxOrder(requireActor(request), request.params.gatewayOrderId),
    );

    app.post(
      '/payments/sandbox/:gatewayOrderId/complete',
      {
        onRequest: signedIn,
        schema: {
          tags: ['payments'],
          summary: "The sandbox's Pay or Fail button; answers where to return",
          params: GatewayOrderParams,
          body: SandboxCompleteSchema,
          response: { 200: SandboxCompleteResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.sandboxComplete(
          requireActor(request),
          request.params.gatewayOrderId,
          request.body.outcome,
          meta(request),
        ),
    );

    // Server-to-server notices read the raw body: their own encapsulated plugin and parser.
    await app.register(paymentWebhookRoutes(service));
  };
}
