import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks whether a new version was released (the browser also asks on start). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the built service worker with vite-plugin-pwa's `prompt` flow (Workbox's window
 * library): when a new worker is installed and waiting, `onUpdate` receives the function that
 * sends it skipWaiting; once it controls the page, the page reloads.
 */
export function registerServiceWorker(onUpdate: (activate: () => Promise<void>) => void): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => onUpdate(() => update(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      window.setInterval(() => {
        // Offline, or the server is restarting: ask again at the next interval.
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}
