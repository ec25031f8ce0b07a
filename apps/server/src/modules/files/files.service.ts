import type { Readable } from 'node:stream';
import { isUuid } from '@pgel/shared/schemas/common';
import { todayIso } from '@pgel/shared/schemas/dates';
import {
  ALLOWED_TYPES,
  FILE_MESSAGES,
  type FilePurpose,
  IMAGE_TYPES,
  type StoredFile,
} from '@pgel/shared/schemas/files';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { cleanFileName, detectContentType } from '../../platform/file-type';
import { type FileStore, fileUrl, newStorageKey } from '../../platform/files';
import type { SessionActor } from '../../platform/session';
import * as repo from './files.repository';

export type { FileRow } from './files.repository';

/** What a purpose says when it refuses a file's type. */
const TYPE_MESSAGES: Record<FilePurpose, string> = {
  profile_photo: FILE_MESSAGES.imagesOnly,
  id_proof: FILE_MESSAGES.imageOrPdf,
  document: FILE_MESSAGES.unsupported,
};

type FileAccess = Pick<repo.FileRow, 'ownerId' | 'collegeId' | 'departmentId'>;

/**
 * Who may read a file: its owner, Master, and staff of the college and department the owner
 * belonged to at upload (DESIGN.md section 4: patient documents are seen only by that scope).
 */
export function canReadFile(
  actor: Pick<SessionActor, 'id' | 'role' | 'collegeId' | 'departmentId'>,
  file: FileAccess,
) {
  if (actor.id === file.ownerId || actor.role === 'master') return true;
  return (
    actor.role !== null &&
    file.collegeId !== null &&
    file.departmentId !== null &&
    actor.collegeId === file.collegeId &&
    actor.departmentId === file.departmentId
  );
}

export function toStoredFile(row: repo.FileRow): StoredFile {
  return {
    id: row.id,
    originalName: row.originalName,
    contentType: row.contentType,
    size: row.size,
    url: fileUrl(row.id),
  };
}

/** Uploads and authorised downloads; other modules reference files by id. */
export class FilesService {
  constructor(private readonly deps: { db: Database; store: FileStore; log: FastifyBaseLogger }) {}

  /**
   * Stores an upload. The type comes from the bytes; the purpose decides which types are
   * accepted. The bytes are written first and removed again if the row cannot be committed, so
   * a row never points at nothing and a failed upload leaves nothing behind.
   */
  async upload(
    actor: SessionActor,
    purpose: FilePurpose,
    upload: { fileName: string | undefined; data: Buffer },
    meta: { ip: string },
  ): Promise<StoredFile> {
    const originalName = cleanFileName(upload.fileName);
    const contentType = detectContentType(upload.data, originalName);
    if (!contentType || !ALLOWED_TYPES[purpose].includes(contentType)) {
      throw AppError.validation(TYPE_MESSAGES[purpose]);
    }
    const storageKey = newStorageKey();
    await this.deps.store.put(storageKey, upload.data);
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const inserted = await repo.insertFile(tx, {
          ownerId: actor.id,
          collegeId: actor.collegeId,
          departmentId: actor.departmentId,
          purpose,
          originalName,
          contentType,
          size: upload.data.length,
          storageKey,
        });
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'file.upload',
          entity: 'file',
          entityId: inserted.id,
          collegeId: actor.collegeId,
          ip: meta.ip,
          after: { purpose, originalName, contentType, size: inserted.size },
        });
        return inserted;
      });
      return toStoredFile(row);
    } catch (err) {
      await this.deps.store.remove(storageKey).catch((removeErr: unknown) => {
        this.deps.log.error({ err: removeErr, storageKey }, 'could not remove an orphaned upload');
      });
      throw err;
    }
  }

  /**
   * A file and its bytes for the caller. Anything the caller may not read answers exactly like
   * a file that does not exist (404), so ids cannot be confirmed.
   */
  async openForRead(actor: SessionActor, id: string): Promise<{ file: repo.FileRow; stream: Readable }> {
    const file = isUuid(id) ? await repo.findFile(this.deps.db, id) : undefined;
    const readable =
      file !== undefined &&
      (canReadFile(actor, file) ||
        (await repo.isReadableThroughDrpPosting(this.deps.db, actor, file.id, todayIso())) ||
        (await repo.isCollegeLogo(this.deps.db, file.id)));
    if (!file || !readable) throw AppError.notFound(FILE_MESSAGES.notFound);
    const stream = await this.deps.store.open(file.storageKey);
    if (!stream) {
      this.deps.log.error({ fileId: file.id, storageKey: file.storageKey }, 'stored file is missing');
      throw AppError.notFound(FILE_MESSAGES.notFound);
    }
    return { file, stream };
  }

  /**
   * For other modules' transactions: a file the user uploaded for `purpose`. An unknown id or
   * someone else's file is 'File not found'; a file uploaded for another purpose gets `message`.
   */
  async requireOwnFile(
    tx: Executor,
    ownerId: string,
    id: string,
    purpose: FilePurpose,
    message: string,
  ): Promise<repo.FileRow> {
    const file = await repo.findFile(tx, id);
    if (!file || file.ownerId !== ownerId) throw AppError.validation(FILE_MESSAGES.notFound);
    if (file.purpose !== purpose || !ALLOWED_TYPES[purpose].includes(file.contentType)) {
      throw AppError.validation(message);
    }
    return file;
  }

  /**
   * For other modules' transactions: an image the user uploaded, whatever it was uploaded for
   * (a photo, or a document that is an image; never an ID proof). Unknown ids and other people's
   * files are 'File not found'; anything else gets `message`.
   */
  async requireOwnImage(tx: Executor, ownerId: string, id: string, message: string): Promise<repo.FileRow> {
    const file = await repo.findFile(tx, id);
    if (!file || file.ownerId !== ownerId) throw AppError.validation(FILE_MESSAGES.notFound);
    const isImage = (IMAGE_TYPES as readonly string[]).includes(file.contentType);
    if (file.purpose === 'id_proof' || !isImage) throw AppError.validation(message);
    return file;
  }
}
