/**
 * Entries saved with no signal (issue 29): what the app says about the outbox on the device, the
 * Background Sync tag a service worker answers, and how a waiting count is named.
 */
export const OUTBOX_MESSAGES = {
  savedTitle: 'Saved on this device',
  savedText:
    'There is no signal. The entry is saved on this device and will be sent when the signal returns.',
  waiting: 'Waiting to sync',
  sending: 'Sending…',
  rejected: 'Not accepted',
  rejectedHint: 'The server did not accept this entry. Edit it and save again, or discard it.',
  discardTitle: 'Discard this entry?',
  discardText: 'It was never sent; it will be deleted from this device.',
  discardConfirm: 'Discard',
  signOutTitle: 'Entries waiting to sync',
  signOutWait: 'Wait',
  signOutSend: 'Send now',
  signOutKeep: 'Logout, keep them',
  signOutDiscard: 'Discard and logout',
  offlineList: 'Offline',
} as const;

/** The header badge's accessible name ("2 entries waiting to sync"). */
export function waitingLabel(count: number): string {
  return count === 1 ? '1 entry waiting to sync' : `${count} entries waiting to sync`;
}

/** The sign-out dialog's text for the entries still on the device. */
export function signOutWaitingText(count: number): string {
  const what = count === 1 ? '1 entry is' : `${count} entries are`;
  return `${what} saved on this device and not sent yet. Wait for the signal, send now, or logout: keep them for your next sign-in on this device, or discard them.`;
}

/** The Background Sync tag the app registers; a service worker asks the open app to send on it. */
export const OUTBOX_SYNC_TAG = 'pgel-outbox';
/**
 * The message a service worker posts to its clients on that sync event. The tag and this message
 * are repeated in apps/web/public/sw-outbox-sync.js, a plain worker script (its test checks them).
 */
export const OUTBOX_SYNC_MESSAGE = 'pgel-outbox-sync';
