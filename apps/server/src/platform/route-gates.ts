import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';
import { requireActor, type SessionActor } from './session';

/**
 * A coarse role gate, run on request (before the body is validated) so a caller who may not use
 * a route gets 401 or 403, never a validation message. The service checks again on the row.
 */
export function gate(allowed: (actor: SessionActor) => boolean) {
  return async (request: FastifyRequest) => {
    if (!allowed(requireActor(request))) throw AppError.forbidden();
  };
}

/** `/:id` of a row; any string, so a malformed id gets the service's 404, not a schema 400. */
export const IdParams = z.object({ id: z.string() });

/** What services record of the request beside the actor (the audit row's address). */
export const requestMeta = (request: FastifyRequest) => ({ ip: request.ip });
