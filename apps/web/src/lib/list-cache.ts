import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

/**
 * The resident's own lists as last seen (issue 29), so a ward with no signal still shows them,
 * marked with the time they were fetched. In IndexedDB, never in Cache Storage (the service worker
 * caches no API answer); one entry per user and list, read only by that user; deleted at sign-out
 * with everything else the app kept.
 */
export const LIST_CACHE_DB = 'pgel-lists';

type CachedAnswer = { id: string; userId: string; data: unknown; fetchedAt: string };

interface ListCacheDb extends DBSchema {
  answers: { key: string; value: CachedAnswer };
}

let connection: Promise<IDBPDatabase<ListCacheDb>> | null = null;

function open(): Promise<IDBPDatabase<ListCacheDb>> {
  if (!connection) {
    connection = openDB<ListCacheDb>(LIST_CACHE_DB, 1, {
      upgrade(database) {
        database.createObjectStore('answers', { keyPath: 'id' });
      },
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        connection = null;
      },
      terminated() {
        connection = null;
      },
    });
    connection.catch(() => {
      connection = null;
    });
  }
  return connection;
}

const idOf = (userId: string, key: unknown) => `${userId}|${JSON.stringify(key)}`;

/** Keeps a list's answer; storage refused or full only loses the offline copy. */
export async function rememberList(userId: string, key: unknown, data: unknown): Promise<void> {
  try {
    const db = await open();
    await db.put('answers', { id: idOf(userId, key), userId, data, fetchedAt: new Date().toISOString() });
  } catch {
    // No IndexedDB (private mode): nothing kept.
  }
}

/** The last answer of this list seen by this user, with when it was fetched, or null. */
export async function recallList(
  userId: string,
  key: unknown,
): Promise<{ data: unknown; fetchedAt: string } | null> {
  try {
    const db = await open();
    const hit = await db.get('answers', idOf(userId, key));
    return hit && hit.userId === userId ? { data: hit.data, fetchedAt: hit.fetchedAt } : null;
  } catch {
    return null;
  }
}

/** Every user's kept lists (sign-out). */
export async function forgetAllLists(): Promise<void> {
  const current = connection;
  connection = null;
  if (current) (await current.catch(() => null))?.close();
  try {
    await deleteDB(LIST_CACHE_DB);
  } catch {
    // Nothing kept.
  }
}
