import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live (DESIGN.md section 1: a local folder by default, an S3-compatible
 * store later). Keys are made by the server (`newStorageKey`), never from a client's file name,
 * and a key is written once: a store refuses to overwrite.
 */
export type FileStore = {
  /** Stores new bytes under `key`; fails if the key already holds a file. Durable on return. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  open(key: string): Promise<Readable | null>;
  /** Removes the bytes under `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
};

/** A fresh key: a month folder (keeps directories small) and a random name. */
export function newStorageKey(now = new Date()): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${month}/${randomUUID()}`;
}

/** The authorised download route of a stored file; the only URL the API ever gives for one. */
export function fileUrl(id: string): string {
  return `/api/v1/files/${id}`;
}

/** Files in a folder on this machine (`DATA_DIR/files`). */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key; refuses anything that would leave the root folder. */
  pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    // 'wx' fails when the file exists, so nothing is ever overwritten in place.
    const handle = await open(full, 'wx');
    try {
      await handle.writeFile(data);
      // On disk before the row that points to it commits (DESIGN.md section 7).
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await rm(full, { force: true });
      throw err;
    }
    await handle.close();
  }

  async open(key: string): Promise<Readable | null> {
    const full = this.pathOf(key);
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return createReadStream(full);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
