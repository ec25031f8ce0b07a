import { isMaster } from '@pgel/shared/auth/policies';
import {
  InvoiceIdParamsSchema,
  InvoiceListSchema,
  invoiceFileName,
  MyInvoicesSchema,
} from '@pgel/shared/commerce/invoices';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import { ListQuerySchema } from '@pgel/shared/schemas/list';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import { fileResponse } from '../files/file-response';
import type { InvoicesService } from './invoices.service';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** GST tax invoices (issue 28): `GET /me/invoices`, `GET /invoices` (Master), `GET /invoices/:id/pdf`. */
export function invoicesRoutes(service: InvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/invoices',
      {
        schema: {
          tags: ['payments'],
          summary: "The signed-in user's own GST tax invoices, newest first",
          response: { 200: MyInvoicesSchema, ...errors },
        },
      },
      async (request) => service.mine(requireActor(request)),
    );

    app.get(
      '/invoices',
      {
        onRequest: gate(isMaster),
        schema: {
          tags: ['payments'],
          summary: 'Master: every GST tax invoice, newest first (search by number, buyer name or e-mail)',
          querystring: ListQuerySchema,
          response: { 200: InvoiceListSchema, 400: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.query),
    );

    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags: ['payments'],
          summary: 'A GST tax invoice as an A4 PDF (its buyer or Master)',
          description: 'Answers application/pdf as an attachment; 404 to anyone else.',
          params: InvoiceIdParamsSchema,
          response: { ...errors, 404: ErrorResponseSchema },
        },
      },
      async (request, typedReply) => {
        // The body is the PDF's bytes, which no response schema describes.
        const reply = typedReply as FastifyReply;
        const { number, pdf } = await service.pdf(requireActor(request), request.params.id);
        return fileResponse(reply, {
          contentType: 'application/pdf',
          fileName: invoiceFileName(number),
          download: true,
          size: pdf.length,
        })
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
