/** Longest wait for fonts and images: a logo that never answers must not block the print. */
const MAX_WAIT_MS = 5000;

function imageSettled(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    // A broken logo still prints (its alt text): an error settles it too.
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Resolves once the web fonts and every image inside `root` have loaded (or failed), or after
 * MAX_WAIT_MS, so the print dialog shows the finished page.
 */
export async function waitForPrintAssets(root: HTMLElement): Promise<void> {
  // Older browsers (and test DOMs) have no FontFaceSet, or one without `ready`.
  const fonts: Promise<unknown> =
    (document as { fonts?: { ready?: Promise<unknown> } }).fonts?.ready ?? Promise.resolve();
  const images = Array.from(root.querySelectorAll('img'), imageSettled);
  await Promise.race([
    Promise.all([fonts, ...images]),
    new Promise((resolve) => window.setTimeout(resolve, MAX_WAIT_MS)),
  ]);
}
