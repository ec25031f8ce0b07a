import type { CreateRecordInput } from '@pgel/shared/records/api';
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

/**
 * The outbox on the device (issue 29): entries saved with no signal, in IndexedDB, one database
 * per user (`pgel-outbox:{userId}`), so a different user signing in on the same phone neither sees
 * nor sends them. Each item keeps its `Idempotency-Key` from the moment it is queued, so sending
 * it again (a lost answer, a closed tab, a restarted phone) never makes a second entry. Patient
 * identifiers typed offline live only here, and leave with the item once it is sent.
 */

/** A file picked with no signal: uploaded just before its entry is sent. */
export type OutboxFile = {
  /** The form field it belongs to. */
  field: string;
  /** The stand-in id the form held; replaced in the body by the uploaded file's id. */
  placeholder: string;
  name: string;
  type: string;
  blob: Blob;
};

export type OutboxState = 'waiting' | 'sending' | 'rejected';

export type OutboxItem = {
  /** Order of queuing (auto-increment): the outbox is sent oldest first. */
  seq: number;
  /** What the item creates: a logbook entry (`POST /records`). */
  kind: 'record';
  body: CreateRecordInput;
  files: OutboxFile[];
  idempotencyKey: string;
  /** When it was queued (ISO). */
  createdAt: string;
  state: OutboxState;
  /** The server's message when it refused the entry (state `rejected`). */
  message?: string;
  /** The server's message per field, to mark them when the entry is edited. */
  fieldErrors?: Record<string, string>;
};

export type NewOutboxItem = Pick<OutboxItem, 'kind' | 'body' | 'files' | 'idempotencyKey'>;

interface OutboxDb extends DBSchema {
  items: { key: number; value: OutboxItem };
}

const DB_PREFIX = 'pgel-outbox:';

export const outboxDbName = (userId: string) => `${DB_PREFIX}${userId}`;

const connections = new Map<string, Promise<IDBPDatabase<OutboxDb>>>();

function open(userId: string): Promise<IDBPDatabase<OutboxDb>> {
  let db = connections.get(userId);
  if (!db) {
    db = openDB<OutboxDb>(outboxDbName(userId), 1, {
      upgrade(database) {
        database.createObjectStore('items', { keyPath: 'seq', autoIncrement: true });
      },
      // Another tab deletes the database (sign-out, discard): let it, and open afresh next time.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        connections.delete(userId);
      },
      terminated() {
        connections.delete(userId);
      },
    });
    connections.set(userId, db);
    db.catch(() => connections.delete(userId));
  }
  return db;
}

type Listener = (userId: string) => void;
const listeners = new Set<Listener>();

/** Called after every change of a user's outbox (the badge and lists follow). */
export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(userId: string) {
  for (const listener of listeners) listener(userId);
}

/** The user's items, oldest first. */
export async function listOutbox(userId: string): Promise<OutboxItem[]> {
  const db = await open(userId);
  return db.getAll('items');
}

/** Queues an entry (state `waiting`); returns it with its place in the order. */
export async function addToOutbox(userId: string, item: NewOutboxItem): Promise<OutboxItem> {
  const db = await open(userId);
  const draft = { ...item, createdAt: new Date().toISOString(), state: 'waiting' as const };
  // The key path fills `seq`; the type wants it before it exists.
  const seq = await db.add('items', draft as OutboxItem);
  changed(userId);
  return { ...draft, seq };
}

/** Changes an item in place (state, message, body after its files were uploaded). */
export async function updateOutboxItem(
  userId: string,
  seq: number,
  change: Partial<Omit<OutboxItem, 'seq'>>,
): Promise<OutboxItem | undefined> {
  const db = await open(userId);
  const tx = db.transaction('items', 'readwrite');
  const current = await tx.store.get(seq);
  if (!current) {
    await tx.done;
    return undefined;
  }
  const next: OutboxItem = { ...current, ...change, seq };
  // A message belongs to a refusal only.
  if (next.state !== 'rejected') {
    delete next.message;
    delete next.fieldErrors;
  }
  await tx.store.put(next);
  await tx.done;
  changed(userId);
  return next;
}

/**
 * Replaces a refused item with its corrected entry, as a new waiting item at the end of the
 * order with a new key (the server remembers the old key with nothing: a refusal stores none).
 */
export async function replaceOutboxItem(
  userId: string,
  seq: number,
  item: NewOutboxItem,
): Promise<OutboxItem> {
  const db = await open(userId);
  const tx = db.transaction('items', 'readwrite');
  await tx.store.delete(seq);
  const draft = { ...item, createdAt: new Date().toISOString(), state: 'waiting' as const };
  const added = await tx.store.add(draft as OutboxItem);
  await tx.done;
  changed(userId);
  return { ...draft, seq: added };
}

export async function removeOutboxItem(userId: string, seq: number): Promise<void> {
  const db = await open(userId);
  await db.delete('items', seq);
  changed(userId);
}

/** Deletes the user's whole outbox from the device (discarded at sign-out). */
export async function clearOutbox(userId: string): Promise<void> {
  const db = connections.get(userId);
  connections.delete(userId);
  if (db) (await db.catch(() => null))?.close();
  await deleteDB(outboxDbName(userId));
  changed(userId);
}

/** Items still to send (a `sending` one was cut off by a closed tab: sent again, same key). */
export function isWaiting(item: OutboxItem): boolean {
  return item.state !== 'rejected';
}
