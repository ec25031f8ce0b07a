import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that no browser page calls and no cookie authorises: the payment gateways' signed
 * server-to-server notices (payments.webhooks.routes.ts). Razorpay and PhonePe document them as
 * plain POSTs carrying their signature (X-Razorpay-Signature; PhonePe's Authorization) and no
 * Origin or Referer; should a gateway's sender ever add its own site as Referer, refusing it
 * would lose a payment's notice for no gain, as the signature is the authentication there. (The
 * students' own way back from a gateway is a GET of a page, and the page's verify call is
 * same-origin.) The Origin rule still applies to these routes.
 */
const SESSIONLESS_PREFIXES = ['/api/v1/payments/webhooks/'];

/**
 * Refuses state-changing requests sent from another site's page. The session cookie is
 * SameSite=Lax already; this also covers same-site subdomains and old browsers. Requests
 * without browser headers (curl, tests, server-to-server) carry no ambient cookie risk.
 *
 * A client may leave Origin out (older browsers; a proxy or extension that strips it) while
 * still naming the page it came from in Referer, so without an Origin a Referer of another site
 * is refused too (issue 27). A request with neither still passes, as before: curl, tests and
 * servers send neither, and current browsers send Origin on every cross-site POST anyway.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  const isOurs = (request: FastifyRequest, origin: string) => {
    const host = request.headers.host;
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    return sameHost || allowed.has(origin);
  };
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      if (!isOurs(request, origin)) throw AppError.forbidden(SESSION_MESSAGES.crossOrigin);
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw AppError.forbidden(SESSION_MESSAGES.crossOrigin);
    const referer = request.headers.referer;
    if (referer && !SESSIONLESS_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      if (!isOurs(request, originOf(referer))) throw AppError.forbidden(SESSION_MESSAGES.crossOrigin);
    }
  });
}

/** The origin a Referer names; '' for one that is no URL (never one of ours). */
function originOf(referer: string): string {
  try {
    return new URL(referer).origin;
  } catch {
    return '';
  }
}
