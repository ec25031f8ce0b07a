import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const INPUT_MESSAGES = { controlCharacter: 'Text must not contain invalid characters.' } as const;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner, depth + 1));
}

/**
 * PostgreSQL text cannot hold a NUL character; a request carrying one would fail deep in a query
 * as a 500. Refuse it up front as bad input, for every route at once.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.params) || hasNul(request.query)) {
      throw AppError.validation(INPUT_MESSAGES.controlCharacter);
    }
  });
}
