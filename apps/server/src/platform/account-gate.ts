import type { AccountRestriction } from '@pgel/shared/auth/policies';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Operations (method and route, under /api/v1) a held-back account may still use. Every other
 * signed-in operation answers 403, so a new route is closed to such accounts unless it is listed
 * here (issue 27, docs/decisions/016).
 */
const OPEN_WHILE: Record<AccountRestriction, ReadonlySet<string>> = {
  // A password someone else chose: who am I, leave, and choose my own.
  password: new Set(['GET /auth/me', 'POST /auth/logout', 'POST /auth/change-password']),
  // Awaiting confirmation: its own profile, password and notifications, nothing about anyone else.
  confirmation: new Set([
    'GET /auth/me',
    'POST /auth/logout',
    'POST /auth/change-password',
    'GET /profile',
    'PUT /profile',
    'PATCH /profile',
    'GET /notifications',
    'POST /notifications/:id/read',
  ]),
};

const API_PREFIX = '/api/v1';

/** The operations a held-back account may use, as "METHOD /route" (the access matrix reads them). */
export function operationsOpenWhile(restriction: AccountRestriction): ReadonlySet<string> {
  return OPEN_WHILE[restriction];
}

/**
 * Refuses a held-back account (the session's `restriction`) on every operation but the few its
 * state allows, with a message that says what it waits for. Called by `requireActor`, which every
 * route that acts for a signed-in user goes through (its gate or its handler), so public routes
 * stay open to it as to anyone, and no signed-in route can forget the check.
 */
export function refuseHeldBack(request: FastifyRequest, restriction: AccountRestriction): void {
  const route = request.routeOptions.url ?? '';
  const operation = `${request.method} ${route.startsWith(API_PREFIX) ? route.slice(API_PREFIX.length) : route}`;
  if (OPEN_WHILE[restriction].has(operation)) return;
  throw AppError.forbidden(
    restriction === 'password' ? CONFIRMATION_MESSAGES.mustChangePassword : CONFIRMATION_MESSAGES.awaiting,
  );
}
