import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from another site's page. The session cookie is
 * SameSite=Lax already; this also covers same-site subdomains and old browsers. Requests
 * without browser headers (curl, tests, server-to-server) carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const host = request.headers.host;
      const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
      if (!sameHost && !allowed.has(origin)) throw AppError.forbidden(SESSION_MESSAGES.crossOrigin);
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw AppError.forbidden(SESSION_MESSAGES.crossOrigin);
  });
}
