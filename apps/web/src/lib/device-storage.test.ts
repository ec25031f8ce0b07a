import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../test/session-user';
import { clearDeviceStorage } from './device-storage';
import { readDraft, writeDraft } from './entry-drafts';
import { getStoredUser, storeUser } from './session';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** A Cache Storage with the given caches; records what was deleted. */
function fakeCaches(names: string[]) {
  const deleted: string[] = [];
  return {
    deleted,
    storage: {
      keys: vi.fn(async () => [...names]),
      delete: vi.fn(async (name: string) => {
        deleted.push(name);
        return true;
      }),
    },
  };
}

/** An IndexedDB factory with the given databases; records what was deleted. */
function fakeIndexedDb(names: string[]) {
  const deleted: string[] = [];
  return {
    deleted,
    factory: {
      databases: vi.fn(async () => names.map((name) => ({ name, version: 1 }))),
      deleteDatabase: vi.fn((name: string) => {
        deleted.push(name);
        const request: { onsuccess?: () => void; onerror?: () => void; onblocked?: () => void } = {};
        // One is still open in another tab: the browser says "blocked" and deletes it later.
        setTimeout(() => (name === 'pgel-lists' ? request.onblocked?.() : request.onsuccess?.()), 0);
        return request;
      }),
    },
  };
}

describe('clearDeviceStorage (sign-out)', () => {
  it('clears what the app kept, keeps the precache, a waiting outbox and other software’s keys', async () => {
    storeUser(sessionUser({ name: 'Dr. Meera Iyer' }));
    writeDraft('user-a', 'record:clinical-case', { provisionalDiagnosis: 'Pneumonia' });
    window.localStorage.setItem('pgel.favourites', '["procedure:1"]');
    window.localStorage.setItem('pgel-outbox:user-a', 'waiting');
    window.localStorage.setItem('unrelated', 'kept');
    window.sessionStorage.setItem('pgel.scroll', '120');
    const caches = fakeCaches(['workbox-precache-v2-http://localhost:3025/', 'api-answers', 'pgel-images']);
    const indexedDb = fakeIndexedDb(['pgel-outbox', 'pgel-outbox-user-a', 'pgel-lists', 'other-app']);
    await clearDeviceStorage({
      caches: caches.storage as unknown as CacheStorage,
      indexedDB: indexedDb.factory as unknown as IDBFactory,
    });

    expect(getStoredUser()).toBeNull();
    expect(readDraft('user-a', 'record:clinical-case')).toBeNull();
    expect(window.localStorage.getItem('pgel.favourites')).toBeNull();
    expect(window.sessionStorage.getItem('pgel.scroll')).toBeNull();
    expect(window.localStorage.getItem('pgel-outbox:user-a')).toBe('waiting');
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
    expect(caches.deleted.sort()).toEqual(['api-answers', 'pgel-images']);
    expect(indexedDb.deleted).toEqual(['pgel-lists']);
  });

  it('finishes when the browser has neither Cache Storage nor a list of databases', async () => {
    writeDraft('user-a', 'record:procedure', { ipd: 'IPD-1' });
    const deleteDatabase = vi.fn();
    await clearDeviceStorage({ indexedDB: { deleteDatabase } as unknown as IDBFactory });
    expect(deleteDatabase).not.toHaveBeenCalled();
    expect(readDraft('user-a', 'record:procedure')).toBeNull();
  });
});
