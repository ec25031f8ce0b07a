import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import { FILE_MESSAGES, FILE_PURPOSES, UploadResponseSchema } from '@pgel/shared/schemas/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { requireActor } from '../../platform/session';
import type { FilesService } from './files.service';

async function authenticated(request: FastifyRequest) {
  requireActor(request);
}

/** RFC 6266 / 5987: a plain-ASCII fallback name and the exact UTF-8 one. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
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
        reply
          .header('etag', etag)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          // The site's CSP (object-src 'none') would stop Chrome's PDF viewer inside the document
          // viewer's frame. Only sniffed images, PDFs and office files are ever served, with
          // nosniff, so framing by our own pages is all this response needs to restrict.
          .header('content-security-policy', "frame-ancestors 'self'");
        if (request.headers['if-none-match'] === etag) {
          stream.destroy();
          return reply.status(304).send();
        }
        return reply
          .type(file.contentType)
          .header('content-length', String(file.size))
          .header(
            'content-disposition',
            contentDisposition(download ? 'attachment' : 'inline', file.originalName),
          )
          .send(stream);
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
