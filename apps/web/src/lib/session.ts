import { holdsSignedInMarker } from '@pgel/shared/auth/signed-in-marker';
import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import {
  type SessionUser,
  SessionUserResponseSchema,
  SessionUserSchema,
} from '@pgel/shared/schemas/session-user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { pageRequestedAt, takeBootstrapped } from './page-bootstrap';
import { finishPendingLogout, isLogoutPending } from './pending-logout';

/**
 * The signed-in user is kept in session storage under `user` (never a token: the session is an
 * HttpOnly cookie), so a reload shows the signed-in frame at once while `/auth/me` confirms it.
 * A copy stays on the device (local storage) for a new tab or an installed app opened with no
 * signal (issue 29): it is used only while the browser still holds this site's session cookie
 * (the readable marker beside it says so), and sign-out deletes it with everything else.
 */
const STORAGE_KEY = 'user';
const DEVICE_KEY = 'pgel-device-user';

function readUser(storage: () => Storage, key: string): SessionUser | null {
  try {
    const raw = storage().getItem(key);
    if (!raw) return null;
    const parsed = SessionUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable JSON or storage blocked: treat as signed out.
  }
  return null;
}

export function getStoredUser(): SessionUser | null {
  const inTab = readUser(() => window.sessionStorage, STORAGE_KEY);
  if (inTab) return inTab;
  const onDevice = holdsSignedInMarker(document.cookie)
    ? readUser(() => window.localStorage, DEVICE_KEY)
    : null;
  if (onDevice) return onDevice;
  clearStoredUser();
  return null;
}

export function storeUser(user: SessionUser): void {
  for (const [storage, key] of [
    [() => window.sessionStorage, STORAGE_KEY],
    [() => window.localStorage, DEVICE_KEY],
  ] as const) {
    try {
      storage().setItem(key, JSON.stringify(user));
    } catch {
      // Storage full or blocked: the session cookie still works; only the fast start is lost.
    }
  }
}

export function clearStoredUser(): void {
  for (const [storage, key] of [
    [() => window.sessionStorage, STORAGE_KEY],
    [() => window.localStorage, DEVICE_KEY],
  ] as const) {
    try {
      storage().removeItem(key);
    } catch {
      // Nothing to clear.
    }
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
    queryFn: async ({ signal }) => {
      // Signed out where there was no signal: that session is never used again, only ended.
      if (isLogoutPending()) {
        await finishPendingLogout();
        throw new ApiError(401, 'unauthorized', SESSION_MESSAGES.expiredText);
      }
      return getSessionUser(signal);
    },
    initialData: () => {
      const sent = SessionUserSchema.safeParse(takeBootstrapped('user'));
      if (isLogoutPending()) return undefined;
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
