import { canCertifyStudents, isStudent } from '@pgel/shared/auth/policies';
import {
  BONAFIDE_MESSAGES as M,
  SetCertifiedResponseSchema,
  SetCertifiedSchema,
} from '@pgel/shared/reports/bonafide';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import { fileResponse } from '../files/file-response';
import type { BonafideService } from './bonafide.service';

// Coarse gates (platform/route-gates.ts); the service checks again on the row.
const certifiers = gate(canCertifyStudents);
const students = gate(isStudent);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** `PUT /api/v1/students/:id/certified` and `GET /api/v1/bonafide`. */
export function bonafideRoutes(service: BonafideService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/students/:id/certified',
      {
        onRequest: certifiers,
        schema: {
          tags: ['students'],
          summary: "Mark a student certified for the Bonafide Certificate (their department's HOD, Master)",
          description:
            'Certifying issues the certificate (a reference of the financial year, a check code) and tells the student; 409 names what the profile lacks. Uncertifying withdraws it.',
          params: IdParams,
          body: SetCertifiedSchema,
          response: {
            200: SetCertifiedResponseSchema,
            ...errors,
            404: ErrorResponseSchema,
            409: ErrorResponseSchema,
          },
        },
      },
      async (request) =>
        service.setCertified(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.get(
      '/bonafide',
      {
        onRequest: students,
        schema: {
          tags: ['students'],
          summary: "The signed-in student's Bonafide Certificate (A4 PDF), once they are certified",
          description: `Answers application/pdf as an attachment named ${M.fileName}.`,
          response: { 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
      },
      async (request, typedReply) => {
        // The body is the PDF's bytes, which no response schema describes.
        const reply = typedReply as FastifyReply;
        const pdf = await service.certificatePdf(requireActor(request));
        return fileResponse(reply, {
          contentType: 'application/pdf',
          fileName: M.fileName,
          download: true,
          size: pdf.length,
        })
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
