import {
  type SessionUser,
  SessionUserResponseSchema,
  SessionUserSchema,
} from '@pgel/shared/schemas/session-user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { pageRequestedAt, takeBootstrapped } from './page-bootstrap';

/**
 * The signed-in user is kept in session storage under `user` (never a token: the session is an
 * HttpOnly cookie), so a reload shows the signed-in frame at once while `/auth/me` confirms it.
 */
const STORAGE_KEY = 'user';

export function getStoredUser(): SessionUser | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = SessionUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable JSON or storage blocked: treat as signed out.
  }
  clearStoredUser();
  return null;
}

export function storeUser(user: SessionUser): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage full or blocked: the session cookie still works; only the fast start is lost.
  }
}

export function clearStoredUser(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

export async function getSessionUser(signal?: AbortSignal): Promise<SessionUser> {
  const payload = await apiRequest<unknown>('/auth/me', { signal });
  const { user } = SessionUserResponseSchema.parse(payload);
  storeUser(user);
  return user;
}

/**
 * `GET /auth/me`. Shared by the guard, the signed-in frame and every feature that needs the
 * user, which is why it lives in lib/ and not in a feature (features never import each other).
 */
export const sessionUserQueryOptions = () => {
  let fromPage = false;
  return queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: ({ signal }) => getSessionUser(signal),
    initialData: () => {
      const sent = SessionUserSchema.safeParse(takeBootstrapped('user'));
      fromPage = sent.success;
      if (sent.success) storeUser(sent.data);
      return sent.success ? sent.data : (getStoredUser() ?? undefined);
    },
    // The server's own answer, sent with the page, is as fresh as the page. The stored copy is
    // only a head start: it is checked with the server on mount.
    initialDataUpdatedAt: () => (fromPage ? pageRequestedAt() : 0),
    staleTime: 60_000,
    retry: false,
  });
};

/** The signed-in user; only valid below the session guard, which waits until it is known. */
export function useSessionUser(): SessionUser {
  const { data } = useQuery(sessionUserQueryOptions());
  if (!data) throw new Error('useSessionUser used outside the session guard');
  return data;
}
