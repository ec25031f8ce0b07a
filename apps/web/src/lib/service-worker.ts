// The service worker is registered by the signed-in frame, once someone has signed in, and not
// by the landing or sign-in pages: a visitor who never signs in does not download the whole app
// for offline use (half a megabyte on a phone's data plan), and those pages' first visit loads
// nothing more (npm run budget). Workbox's window library comes in a chunk of its own, loaded
// when the page has painted and the browser is idle.

/** Activates the waiting version: the new worker takes over, then the page reloads on it. */
type Activate = () => Promise<void>;

let waiting: Activate | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: called whenever a new version starts or stops waiting. */
export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version of the app is installed and waits for the user's Reload. */
export function isUpdateWaiting(): boolean {
  return waiting !== null;
}

/** Called by the registration when a new version waits; `activate` makes it take over. */
export function announceUpdate(activate: Activate): void {
  waiting = activate;
  notify();
}

/**
 * Lets the waiting version take over (Workbox's skipWaiting message); the registration reloads
 * the page once the new worker controls it, so no page runs half old and half new.
 */
export function activateUpdate(): Promise<void> {
  return waiting ? waiting() : Promise.resolve();
}

let isStarted = false;

/**
 * Registers the service worker (dist/sw.js, built by vite-plugin-pwa) after the load event, when
 * the browser is idle; once per page. Not in development: Vite's dev server has no built worker.
 */
export function startServiceWorker(win: Window = window): void {
  if (isStarted || import.meta.env.DEV || !('serviceWorker' in win.navigator)) return;
  isStarted = true;
  const register = () => {
    const whenIdle = win.requestIdleCallback ?? ((callback: () => void) => win.setTimeout(callback, 1));
    whenIdle(() => {
      import('./service-worker-registration').then(
        ({ registerServiceWorker }) => registerServiceWorker(announceUpdate),
        // Offline before the registration code was fetched: the next start registers.
        () => undefined,
      );
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
