// In the first bundle (main.tsx), so kept to the listener: Chromium may offer to install before
// any page is drawn. The menu's hook is in install-prompt.ts, loaded with the signed-in pages.

/** Sent on the window when the offer comes or goes. */
export const INSTALL_OFFER_EVENT = 'pgel:install-offer';

let offer: Event | null = null;

/**
 * Keeps Chromium's install offer (`beforeinstallprompt`, issue 29) rather than letting the
 * browser show its own bar; `appinstalled` ends it.
 */
export function watchInstallPrompt(win: Window = window): void {
  const keep = (event: Event | null) => {
    offer = event;
    win.dispatchEvent(new Event(INSTALL_OFFER_EVENT));
  };
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    keep(event);
  });
  win.addEventListener('appinstalled', () => keep(null));
}

/** The kept offer, if any; it can be used once, so taking it ends it. */
export function takeInstallOffer(win: Window = window): Event | null {
  const taken = offer;
  offer = null;
  win.dispatchEvent(new Event(INSTALL_OFFER_EVENT));
  return taken;
}

export function hasInstallOffer(): boolean {
  return offer !== null;
}
