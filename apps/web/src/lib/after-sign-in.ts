/**
 * Where a signed-out visitor was going when the app sent them to sign in (issue 30: a mail's link
 * that opens an entry's verification), kept in this tab until they sign in, then taken once.
 * Only the app's own pages: a path, never another site.
 */
const KEY = 'pgel.after-sign-in';

const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

export function rememberPageForSignIn(path: string): void {
  if (!isAppPath(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (a private window's quota): sign-in lands on the dashboard as before.
  }
}

/** The page to land on after sign-in, once (it is forgotten as it is read); null for none. */
export function takePageAfterSignIn(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return path !== null && isAppPath(path) ? path : null;
  } catch {
    return null;
  }
}
