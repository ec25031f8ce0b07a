import { useSyncExternalStore } from 'react';
import { hasInstallOffer, INSTALL_OFFER_EVENT, takeInstallOffer } from './install-offer';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

function subscribe(listener: () => void): () => void {
  window.addEventListener(INSTALL_OFFER_EVENT, listener);
  return () => window.removeEventListener(INSTALL_OFFER_EVENT, listener);
}

/** Running as the installed app (its own window), where "Install app" means nothing. */
function isStandalone(): boolean {
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** Shows the browser's install dialog; the browser may offer again after a "Cancel". */
async function install(): Promise<void> {
  const offer = takeInstallOffer() as BeforeInstallPromptEvent | null;
  if (!offer) return;
  await offer.prompt();
  await offer.userChoice;
}

/**
 * The install action while the browser offers to install the app (kept by install-offer.ts from
 * the page's start), otherwise null: the account menu shows "Install app" with it.
 */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const isAvailable = useSyncExternalStore(
    subscribe,
    () => hasInstallOffer() && !isStandalone(),
    () => false,
  );
  return isAvailable ? install : null;
}
