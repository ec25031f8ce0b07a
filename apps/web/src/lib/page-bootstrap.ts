import { PAGE_BOOTSTRAP_ELEMENT_ID } from '@pgel/shared/page-bootstrap';

/**
 * What the server sent inside the page (issue 29; apps/server/src/platform/page-bootstrap.ts):
 * the answers of `/auth/me` and `/settings/public` as they were when the page was requested, so
 * the first draw does not wait for them. Each is handed out once, to the query that would have
 * fetched it: after a sign-out, or once that query has been dropped, the API is asked again.
 */
type Bootstrapped = Partial<Record<'user' | 'publicSettings', unknown>>;

let bootstrapped: Bootstrapped | undefined;

function read(): Bootstrapped {
  if (bootstrapped) return bootstrapped;
  bootstrapped = {};
  try {
    const text = document.getElementById(PAGE_BOOTSTRAP_ELEMENT_ID)?.textContent;
    const value: unknown = text ? JSON.parse(text) : null;
    if (value && typeof value === 'object') bootstrapped = value as Bootstrapped;
  } catch {
    // Unreadable: the page asks the API instead.
  }
  return bootstrapped;
}

/** The server's answer for `key`, once; undefined when there was none or it was taken. */
export function takeBootstrapped(key: keyof Bootstrapped): unknown {
  const all = read();
  const value = all[key];
  delete all[key];
  return value;
}

/** When the page was requested, which is when the server read what it sent. */
export function pageRequestedAt(): number {
  return Math.round(performance.timeOrigin);
}
