import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { sessionUserQueryOptions } from '../../../lib/session';

export type Buyer = { state: 'checking' } | { state: 'signed-out' } | { state: 'known'; user: SessionUser };

/**
 * The purchase pages sit outside the session guard, so they ask for the user themselves: the
 * stored user shows the page at once, and `GET /auth/me` confirms it (a 401 means signed out).
 * Another failure (offline) keeps a known user, as the guard does.
 */
export function useBuyer(): Buyer {
  const { data: user, error, isPending } = useQuery(sessionUserQueryOptions());
  if (isApiError(error) && error.status === 401) return { state: 'signed-out' };
  if (user) return { state: 'known', user };
  return isPending ? { state: 'checking' } : { state: 'signed-out' };
}
