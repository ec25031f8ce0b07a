/**
 * Runs `work` once the phone is idle (at the latest after `timeoutMs`), never before the page
 * it belongs to is drawn: what it fetches must not compete with what that page waits for.
 * Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(work, Math.min(timeoutMs, 1000));
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(work, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(idle);
}
