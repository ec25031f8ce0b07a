import { clearAllDrafts } from './entry-drafts';
import { clearStoredUser } from './session';

/**
 * What the app keeps on a device, cleared at sign-out (issue 29, patient privacy on a shared
 * phone): the stored user, the unfinished entries (drafts), any key or database of the app's own
 * (named `pgel…`), and every Cache Storage cache but the service worker's precache, which holds
 * only the app's own files and lets it start with no network.
 *
 * Kept: an outbox of entries saved with no network (`pgel-outbox…`), which the user chose to keep
 * at sign-out and which is only ever sent as that user; and keys of other software on the origin.
 */
const APP_PREFIX = 'pgel';
const OUTBOX_PREFIX = 'pgel-outbox';
/** Workbox's precache: `workbox-precache-v2-<scope>`. */
const PRECACHE_PREFIX = 'workbox-precache';

const isClearedName = (name: string) => name.startsWith(APP_PREFIX) && !name.startsWith(OUTBOX_PREFIX);

function clearKeys(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && isClearedName(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

function clearWebStorage(): void {
  clearStoredUser();
  clearAllDrafts();
  for (const pick of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      clearKeys(pick());
    } catch {
      // Storage blocked: nothing was kept there.
    }
  }
}

async function clearCaches(storage: CacheStorage | undefined): Promise<void> {
  if (!storage) return;
  const names = await storage.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => storage.delete(name)),
  );
}

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Still open in another tab: the browser deletes it once that tab closes it.
    request.onblocked = () => resolve();
  });
}

async function clearDatabases(factory: IDBFactory | undefined): Promise<void> {
  // Without a list of databases (older browsers) none can be found by name.
  if (!factory || typeof factory.databases !== 'function') return;
  const databases = await factory.databases();
  await Promise.all(
    databases
      .map((database) => database.name)
      .filter((name): name is string => typeof name === 'string' && isClearedName(name))
      .map((name) => deleteDatabase(factory, name)),
  );
}

/** The browser's stores; a test passes its own. */
type DeviceStores = { caches?: CacheStorage; indexedDB?: IDBFactory };

/** Clears what the app kept on this device (see above); never fails, the user is leaving. */
export async function clearDeviceStorage(
  stores: DeviceStores = { caches: window.caches, indexedDB: window.indexedDB },
): Promise<void> {
  clearWebStorage();
  await Promise.all([
    clearCaches(stores.caches).catch(() => undefined),
    clearDatabases(stores.indexedDB).catch(() => undefined),
  ]);
}
