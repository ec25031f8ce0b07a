// No imports on purpose: the router's error fallback uses this, and it is in the first bundle,
// which must not depend on another download to explain that a download failed.

/**
 * What browsers say when a dynamic import() cannot fetch a page's code (a deploy replaced the
 * files, or the network dropped): Chromium, Firefox and Safari, in that order.
 */
const CHUNK_LOAD_MESSAGES = [
  'failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'importing a module script failed',
  // Vite's own preload step, when a page's stylesheet cannot be fetched.
  'unable to preload css',
];

/** Errors Vite reported through its `vite:preloadError` event (a page's code or CSS did not load). */
const preloadErrors = new WeakSet<object>();

/**
 * Listens for Vite's `vite:preloadError`. The import still rejects (the event is not cancelled),
 * so the route's error fallback sees the error and recognises it here.
 */
export function watchPreloadErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (payload && typeof payload === 'object') preloadErrors.add(payload);
  });
}

/** True when the error is a page's code failing to download, not a bug or a refused request. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (preloadErrors.has(error)) return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message.toLowerCase() : '';
  return CHUNK_LOAD_MESSAGES.some((text) => message.includes(text));
}
