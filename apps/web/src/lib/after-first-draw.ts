let drawn = false;

/**
 * Resolves once the browser has painted what the app drew first (issue 29): a page's own
 * requests (its rows, the notices) wait for it, so a quick answer cannot hold the page's first
 * picture back while React takes it in; after that first paint nothing waits. A page in a
 * background tab paints no frame: it waits at most 100 ms.
 */
export function afterFirstDraw(): Promise<void> {
  if (drawn || typeof window.requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      drawn = true;
      window.clearTimeout(fallback);
      resolve();
    };
    const fallback = window.setTimeout(done, 100);
    // A task queued in the next frame's callback runs after that frame is painted.
    window.requestAnimationFrame(() => window.setTimeout(done, 0));
  });
}
