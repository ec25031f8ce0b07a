import { StudentQuerySchema } from '@pgel/shared/academic/common';
import {
  ThesisAcceptanceDateSchema,
  ThesisCertificateSchema,
  ThesisCoGuidesSchema,
  ThesisGuideSchema,
  ThesisResponseSchema,
  ThesisSavedSchema,
  ThesisStageParamsSchema,
  ThesisTitleSchema,
} from '@pgel/shared/academic/thesis';
import { canKeepAcademicRecords } from '@pgel/shared/auth/policies';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { ThesesService } from './theses.service';

const signedIn = gate(() => true);
const keeper = gate(canKeepAcademicRecords);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const withConflict = { ...errors, 409: ErrorResponseSchema };

/**
 * `/api/v1/theses/{stage}`: the thesis synopsis (`synopsis`) and thesis (`thesis`) of a student,
 * read by the student, the staff of their department and Master; each step written once, in
 * order, by the student.
 */
export function thesesRoutes(service: ThesesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/theses/:stage',
      {
        onRequest: signedIn,
        schema: {
          tags: ['theses'],
          summary:
            "A student's synopsis or thesis steps: the student's own; staff name a student of their department, Master anyone",
          params: ThesisStageParamsSchema,
          querystring: StudentQuerySchema,
          response: { 200: ThesisResponseSchema, ...withNotFound },
        },
      },
      async (request) => service.read(requireActor(request), request.params.stage, request.query),
    );

    app.post(
      '/theses/:stage/title',
      {
        onRequest: keeper,
        schema: {
          tags: ['theses'],
          summary: 'The student writes the title (the first step; once)',
          params: ThesisStageParamsSchema,
          body: ThesisTitleSchema,
          response: { 201: ThesisSavedSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const saved = await service.saveTitle(
          requireActor(request),
          request.params.stage,
          request.body,
          requestMeta(request),
        );
        return reply.status(201).send(saved);
      },
    );

    app.post(
      '/theses/:stage/guide',
      {
        onRequest: keeper,
        schema: {
          tags: ['theses'],
          summary: 'The student names their guide, a teacher of their department (after the title; once)',
          params: ThesisStageParamsSchema,
          body: ThesisGuideSchema,
          response: { 200: ThesisSavedSchema, ...withConflict },
        },
      },
      async (request) =>
        service.saveGuide(requireActor(request), request.params.stage, request.body, requestMeta(request)),
    );

    app.post(
      '/theses/:stage/co-guides',
      {
        onRequest: keeper,
        schema: {
          tags: ['theses'],
          summary:
            'The student names the co-guides, each with a department of their college (after the guide; once)',
          params: ThesisStageParamsSchema,
          body: ThesisCoGuidesSchema,
          response: { 200: ThesisSavedSchema, ...withConflict },
        },
      },
      async (request) =>
        service.saveCoGuides(requireActor(request), request.params.stage, request.body, requestMeta(request)),
    );

    app.post(
      '/theses/:stage/certificate',
      {
        onRequest: keeper,
        schema: {
          tags: ['theses'],
          summary:
            'The student attaches the IEC clearance (synopsis) or synopsis acceptance (thesis) certificate, an uploaded document (after the co-guides; once)',
          params: ThesisStageParamsSchema,
          body: ThesisCertificateSchema,
          response: { 200: ThesisSavedSchema, ...withConflict },
        },
      },
      async (request) =>
        service.saveCertificate(
          requireActor(request),
          request.params.stage,
          request.body,
          requestMeta(request),
        ),
    );

    app.post(
      '/theses/thesis/acceptance-date',
      {
        onRequest: keeper,
        schema: {
          tags: ['theses'],
          summary:
            "The student writes the thesis's synopsis acceptance date, not after today (after the certificate; once)",
          body: ThesisAcceptanceDateSchema,
          response: { 200: ThesisSavedSchema, ...withConflict },
        },
      },
      async (request) =>
        service.saveAcceptanceDate(requireActor(request), 'thesis', request.body, requestMeta(request)),
    );
  };
}
