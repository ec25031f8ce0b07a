import { canManageCommerce, isStudent } from '@pgel/shared/auth/policies';
import {
  CouponListQuerySchema,
  CouponSchema,
  CreateCouponSchema,
  ValidateCouponResponseSchema,
  ValidateCouponSchema,
} from '@pgel/shared/commerce/coupons';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { CouponsService } from './coupons.service';

const master = gate(canManageCommerce);
// Staff are refused before the body is read; whether the student has already paid is read from
// the database by the service (the session does not carry it).
const student = gate(isStudent);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const CouponCreatedSchema = z.object({ message: z.string(), coupon: CouponSchema });

/** `/api/v1/coupons`: Master's /coupons page and the Payment modal's Apply. */
export function couponsRoutes(service: CouponsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coupons',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Live coupons, newest first (Master); remaining is the QTY column',
          querystring: CouponListQuerySchema,
          response: { 200: listResponseSchema(CouponSchema), ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.query),
    );

    app.post(
      '/coupons',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Create Coupon (Master): quantity, discount in rupees, code (upper-cased)',
          body: CreateCouponSchema,
          response: { 201: CouponCreatedSchema, ...errors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(requireActor(request), request.body, requestMeta(request))),
    );

    app.post(
      '/coupons/validate',
      {
        onRequest: student,
        schema: {
          tags: ['commerce'],
          summary:
            'Apply a coupon in the Payment modal (a student who has not paid): the discount; no use is taken',
          body: ValidateCouponSchema,
          response: {
            200: ValidateCouponResponseSchema,
            ...withNotFound,
            409: ErrorResponseSchema,
            429: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.validate(requireActor(request), request.body, requestMeta(request)),
    );

    app.delete(
      '/coupons/:id',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Delete a coupon (Master): it stops working; payments made with it are kept',
          params: IdParams,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) => service.delete(requireActor(request), request.params.id, requestMeta(request)),
    );
  };
}
