import { createContext, useContext } from 'react';

/**
 * Files picked with no signal (issue 29). A form that can save its entry to the device's outbox
 * provides a keeper: the picker hands it the file instead of failing to upload, and gives the form
 * a stand-in id; the outbox uploads the file and puts the real id in its place before the entry
 * is sent. Without a keeper (every other form), a picker with no signal fails as before.
 */
export type OfflineFileKeeper = {
  /** Keeps the file until the entry is saved; returns the stand-in id the field holds. */
  keep: (file: File) => string;
};

export const OfflineFilesContext = createContext<OfflineFileKeeper | null>(null);

export function useOfflineFileKeeper(): OfflineFileKeeper | null {
  return useContext(OfflineFilesContext);
}

/** A random version-4 UUID (the form checks file ids as UUIDs); `crypto.randomUUID` needs HTTPS. */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether the browser knows it has no network (`navigator.onLine` false). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
