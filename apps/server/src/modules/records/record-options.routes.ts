import {
  AddedOptionResponseSchema,
  AddSkillOptionSchema,
  AddTitledOptionSchema,
} from '@pgel/shared/records/api';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { RecordOptionsService } from './record-options.service';

/** Before the body is checked: signed in (401) and placed in a college and department (403). */
async function placed(request: FastifyRequest) {
  const actor = requireActor(request);
  if (!actor.collegeId || !actor.departmentId) throw AppError.forbidden();
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** `/api/v1/records/options/*` (POST): the report screen's add modals for missing choices. */
export function recordOptionsRoutes(service: RecordOptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/records/options/procedures',
      {
        onRequest: placed,
        schema: {
          tags: ['records'],
          summary: "Add New Procedure: a procedure competency for the caller's college and department",
          body: AddTitledOptionSchema,
          response: { 201: AddedOptionResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.addProcedure(requireActor(request), request.body, requestMeta(request))),
    );

    app.post(
      '/records/options/skills',
      {
        onRequest: placed,
        schema: {
          tags: ['records'],
          summary: "Add Skills: a skill under one of the caller's department's competencies",
          body: AddSkillOptionSchema,
          response: { 201: AddedOptionResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.addSkill(requireActor(request), request.body, requestMeta(request))),
    );

    app.post(
      '/records/options/specialities',
      {
        onRequest: placed,
        schema: {
          tags: ['records'],
          summary: "Add Speciality: a speciality for the caller's college and department",
          body: AddTitledOptionSchema,
          response: { 201: AddedOptionResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.addSpeciality(requireActor(request), request.body, requestMeta(request))),
    );
  };
}
