import { AetcomListSchema, AetcomSavedSchema, CreateAetcomSchema } from '@pgel/shared/academic/aetcom';
import {
  AppraisalListSchema,
  AppraisalSavedSchema,
  CreateAppraisalSchema,
} from '@pgel/shared/academic/appraisal';
import { StudentQuerySchema } from '@pgel/shared/academic/common';
import { canScoreStudents } from '@pgel/shared/auth/policies';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { AssessmentsService } from './assessments.service';

// Coarse gates (platform/route-gates.ts); the services check the student's scope again.
const signedIn = gate(() => true);
const scorer = gate(canScoreStudents);

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const withConflict = { ...errors, 409: ErrorResponseSchema };

/**
 * `/api/v1/appraisals` (the Quarterly Appraisal Form, /appeal) and `/api/v1/aetcom` (/atcom):
 * a student reads their own; staff read the students of their college and department, Master
 * everyone's; faculty of the student's college and department score.
 */
export function assessmentsRoutes(service: AssessmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/appraisals',
      {
        onRequest: signedIn,
        schema: {
          tags: ['assessments'],
          summary:
            "A student's quarterly appraisals, newest quarter first: a student's own, staff their department's students', Master any",
          querystring: StudentQuerySchema,
          response: { 200: AppraisalListSchema, ...errors },
        },
      },
      async (request) => service.appraisals.list(requireActor(request), request.query.studentId),
    );

    app.post(
      '/appraisals',
      {
        onRequest: scorer,
        schema: {
          tags: ['assessments'],
          summary:
            "Faculty of the student's college and department save a quarter (To = From + 90 days) of the 8 scored rows",
          body: CreateAppraisalSchema,
          response: { 201: AppraisalSavedSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const result = await service.appraisals.create(
          requireActor(request),
          request.body,
          requestMeta(request),
        );
        return reply.code(201).send(result);
      },
    );

    app.get(
      '/aetcom',
      {
        onRequest: signedIn,
        schema: {
          tags: ['assessments'],
          summary:
            "A student's AETCOM years, first first, and the next year's number: a student's own, staff their department's students', Master any",
          querystring: StudentQuerySchema,
          response: { 200: AetcomListSchema, ...errors },
        },
      },
      async (request) => service.aetcom.list(requireActor(request), request.query.studentId),
    );

    app.post(
      '/aetcom',
      {
        onRequest: scorer,
        schema: {
          tags: ['assessments'],
          summary:
            "Faculty of the student's college and department save a year (To = From + 1 year) of the 41 AETCOM scores",
          body: CreateAetcomSchema,
          response: { 201: AetcomSavedSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const result = await service.aetcom.create(requireActor(request), request.body, requestMeta(request));
        return reply.code(201).send(result);
      },
    );
  };
}
