import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Running as the installed app (its own window), where "Install app" means nothing. */
function isStandalone(win: Window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || win.matchMedia('(display-mode: standalone)').matches;
}

/**
 * Keeps Chromium's install offer (issue 29). The browser fires `beforeinstallprompt` when the
 * app meets its install criteria, possibly before any page is drawn, so main.tsx listens from the
 * start; the offer is kept (not shown as the browser's own bar) and the account menu shows
 * "Install app" while it lasts. `appinstalled` ends it.
 */
export function watchInstallPrompt(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = isStandalone(win) ? null : (event as BeforeInstallPromptEvent);
    notify();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

/** Shows the browser's install dialog; the offer can be used once (the browser may offer again). */
async function install(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  notify();
  await event.prompt();
  await event.userChoice;
}

/** The install action while the browser offers to install the app, otherwise null. */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const isAvailable = useSyncExternalStore(
    subscribe,
    () => deferred !== null,
    () => false,
  );
  return isAvailable ? install : null;
}
