import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommerceAdminService } from './admin.service';
import { couponsRoutes } from './coupons.routes';
import { packagesRoutes } from './packages.routes';
import { referralsRoutes } from './referrals.routes';

/** `/api/v1`: packages, coupons and the /referral views (issue 13). */
export function commerceAdminRoutes(service: CommerceAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(packagesRoutes(service.packages));
    await app.register(couponsRoutes(service.coupons));
    await app.register(referralsRoutes(service.referrals));
  };
}
