import { canManageCommerce } from '@pgel/shared/auth/policies';
import { CouponPaymentSchema, ReferralQuerySchema, SponsorSchema } from '@pgel/shared/commerce/referrals';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { ReferralsService } from './referrals.service';

const master = gate(canManageCommerce);
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** `/api/v1/referrals` and `/api/v1/coupon-payments`: the two views of Master's /referral page. */
export function referralsRoutes(service: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/referrals',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Referral view (Master): sponsors with the students they referred and each payment',
          querystring: ReferralQuerySchema,
          response: { 200: listResponseSchema(SponsorSchema), ...errors },
        },
      },
      async (request) => service.sponsors(requireActor(request), request.query),
    );

    app.get(
      '/coupon-payments',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Coupon view (Master): verified payments made with a coupon, newest first',
          querystring: ReferralQuerySchema,
          response: { 200: listResponseSchema(CouponPaymentSchema), ...errors },
        },
      },
      async (request) => service.couponPayments(requireActor(request), request.query),
    );
  };
}
