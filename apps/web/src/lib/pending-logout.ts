/**
 * A sign-out that could not reach the server (no signal; issue 29). The page has forgotten the
 * user, but the session cookie is HttpOnly: only the server's answer removes it, so until then
 * the browser still carries a live session. This note (outside the `pgel` names that sign-out
 * clears) makes the app finish the sign-out as soon as it can: at the next start and when the
 * signal returns; and, until then, it never uses that session (lib/session.ts).
 */
const KEY = 'logout-pending';

export function isLogoutPending(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function markLogoutPending(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Storage blocked: the server's idle expiry ends the session.
  }
}

/** A new sign-in replaced the session cookie: the old session is no longer in this browser. */
export function clearLogoutPending(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

let finishing: Promise<boolean> | null = null;

/**
 * Sends the sign-out the page could not send. True once the server has answered (the session is
 * gone, or was gone already), false with still no connection. A plain fetch: this runs before
 * the app (main.tsx) and must not pull the API client into the first download.
 */
export function finishPendingLogout(): Promise<boolean> {
  if (!isLogoutPending()) return Promise.resolve(true);
  finishing ??= fetch('/api/v1/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then((response) => {
      if (response.ok || response.status === 401) {
        clearLogoutPending();
        return true;
      }
      return false;
    })
    .catch(() => false)
    .finally(() => {
      finishing = null;
    });
  return finishing;
}

/** At start and whenever the signal returns, an unfinished sign-out is sent first. */
export function watchPendingLogout(): void {
  void finishPendingLogout();
  window.addEventListener('online', () => void finishPendingLogout());
}
