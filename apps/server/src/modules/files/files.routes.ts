import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import { FILE_MESSAGES, FILE_PURPOSES, UploadResponseSchema } from '@pgel/shared/schemas/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { requireActor } from '../../platform/session';
import { fileResponse, fileSecurityHeaders } from './file-response';
import type { FilesService } from './files.service';

async function authenticated(request: FastifyRequest) {
  requireActor(request);
}

const UploadQuery = z.object({
  purpose: z.enum(FILE_PURPOSES, { error: FILE_MESSAGES.purpose }),
});
const FileParams = z.object({ id: z.string() });
const DownloadQuery = z.object({ download: z.string().optional() });

/** `/api/v1/files`: one upload path for every feature, and the only way to read a file back. */
export function filesRoutes(service: FilesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/files',
      {
        onRequest: authenticated,
        schema: {
          tags: ['files'],
          summary: 'Upload one file (multipart field `file`); its type is read from its content',
          consumes: ['multipart/form-data'],
          querystring: UploadQuery,
          response: {
            201: UploadResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            413: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        if (!request.isMultipart()) throw AppError.validation(FILE_MESSAGES.missing);
        const part = await request.file().catch(unreadableUpload);
        if (part?.fieldname !== 'file') {
          part?.file.resume();
          throw AppError.validation(FILE_MESSAGES.missing);
        }
        const data = await part.toBuffer().catch(unreadableUpload);
        const file = await service.upload(
          actor,
          request.query.purpose,
          { fileName: part.filename, data },
          { ip: request.ip },
        );
        return reply.status(201).send({ file });
      },
    );

    app.get(
      '/files/:id',
      {
        onRequest: authenticated,
        schema: {
          tags: ['files'],
          summary: 'Read a file: the owner, Master, or staff of its college and department',
          description: 'Answers the bytes with their content type; `?download=1` asks for a download.',
          params: FileParams,
          querystring: DownloadQuery,
          response: { 401: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, typedReply) => {
        // The body is the file's bytes, which no response schema describes.
        const reply = typedReply as FastifyReply;
        const actor = requireActor(request);
        const { file, stream } = await service.openForRead(actor, request.params.id);
        const download = request.query.download === '1' || request.query.download === 'true';
        // Files never change in place, so the id is a strong validator; access is checked first.
        const etag = `"${file.id}"`;
        // nosniff and the file CSP on every answer, 304 included; the type, disposition and length
        // with the bytes (file-response.ts decides inline or attachment from the sniffed type).
        fileSecurityHeaders(reply).header('etag', etag).header('cache-control', 'private, no-cache');
        if (request.headers['if-none-match'] === etag) {
          stream.destroy();
          return reply.status(304).send();
        }
        return fileResponse(reply, {
          contentType: file.contentType,
          fileName: file.originalName,
          download,
          size: file.size,
        }).send(stream);
      },
    );
  };
}

/**
 * Reading the upload failed: over the size limit (413), or a body that is not the multipart it
 * claims to be (cut off, no boundary, a broken part header: the client's doing, 400).
 */
function unreadableUpload(err: unknown): never {
  if (err instanceof AppError) throw err;
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
    throw AppError.tooLarge(FILE_MESSAGES.tooLarge);
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) throw err;
  throw AppError.validation(FILE_MESSAGES.unreadable);
}
