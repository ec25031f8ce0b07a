/**
 * A cookie the page can read that says "a session cookie was set here" (issue 29). The session
 * cookie itself is HttpOnly, so without it the login page had to ask `GET /auth/me` on every
 * visit, and a signed-out visitor's browser logged that 401 as an error. It holds no secret (its
 * value is `1`), lives as long as the session cookie and is cleared with it; the server never
 * reads it: only the session cookie signs anyone in.
 */
export const SIGNED_IN_MARKER_COOKIE = 'pgel_signed_in';

const MARKER_PATTERN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_MARKER_COOKIE}=`);

/** Whether a Cookie string (the page's `document.cookie`) holds the marker. */
export function holdsSignedInMarker(cookies: string): boolean {
  return MARKER_PATTERN.test(cookies);
}
