import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Every 429 the API gives carries `Retry-After` (RFC 9110 section 10.2.3; issue 27: the public
 * document check answered 429 without one). The seconds come from the refusal itself when its
 * throttle knows when its window ends (`TooManyRequests`, from `countAttempt`), else from the
 * route (`config.retryAfterSeconds`, for a throttle whose message already names the wait), else
 * DEFAULT_RETRY_AFTER_SECONDS.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Retry-After of this route's 429 when the refusal does not say (platform/retry-after.ts). */
    retryAfterSeconds?: number;
  }
}

/** For a 429 that says nothing of its wait: a minute, then the client asks again. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** A throttle's refusal (429) that knows how long the caller must wait. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message);
  }
}

/**
 * Adds Retry-After to every 429. An onError hook, so it sees the error before the error handler
 * (platform/errors.ts) writes the body; the header it sets goes out with that body.
 */
export function registerRetryAfter(app: FastifyInstance) {
  app.addHook('onError', async (request, reply, error) => {
    if (error.statusCode !== 429 || reply.hasHeader('retry-after')) return;
    const seconds =
      error instanceof TooManyRequests
        ? error.retryAfterSeconds
        : (request.routeOptions.config.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
    reply.header('retry-after', String(Math.max(1, Math.ceil(seconds))));
  });
}
