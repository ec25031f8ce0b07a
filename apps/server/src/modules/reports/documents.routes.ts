import { CheckResultSchema } from '@pgel/shared/reports/bonafide';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/session';
import { fileResponse } from '../files/file-response';
import { type DocumentsService, filesLogoReader } from './documents.service';

// Any string, so a malformed id or code gets the service's 404, not a schema 400.
const StudentParams = z.object({ studentId: z.string() });
const CodeParams = z.object({ code: z.string() });

/** `/api/v1/print-logbook/:studentId/pdf` and the public `/api/v1/check/:code` (logbook PDFs, bonafide certificates). */
export function documentsRoutes(service: DocumentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/print-logbook/:studentId/pdf',
      {
        onRequest: async (request) => {
          requireActor(request);
        },
        schema: {
          tags: ['reports'],
          summary: 'Issue the verifiable PDF of a logbook (a new check code each time)',
          description: 'Answers application/pdf; the code printed on its pages is in X-Document-Code.',
          params: StudentParams,
          response: { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, typedReply) => {
        // The body is the PDF stream, which no response schema describes.
        const reply = typedReply as FastifyReply;
        const actor = requireActor(request);
        const files = app.hasDecorator('services') ? app.services.files : undefined;
        const { code, pdf } = await service.issue(actor, request.params.studentId, {
          readLogo: files ? filesLogoReader(files, actor) : undefined,
          ip: request.ip,
        });
        return fileResponse(reply, {
          contentType: 'application/pdf',
          fileName: `logbook-${code}.pdf`,
          download: true,
        })
          .header('x-document-code', code)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    app.get(
      '/check/:code',
      {
        schema: {
          tags: ['reports'],
          summary:
            'Public check of an issued logbook PDF (genuine or changed since issue, counts only) or Bonafide Certificate (genuine or revoked)',
          params: CodeParams,
          response: { 200: CheckResultSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.check(request.params.code, { ip: request.ip });
      },
    );
  };
}
