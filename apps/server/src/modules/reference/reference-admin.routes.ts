import { canAddInstitution, canManageReferenceData } from '@pgel/shared/auth/policies';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { ListQuerySchema, listResponseSchema } from '@pgel/shared/schemas/list';
import {
  CollegeListItemSchema,
  CollegeResponseSchema,
  CompetencySchema,
  ConfigResponseSchema,
  CreateCollegeSchema,
  CreateCompetenciesSchema,
  CreatedCountSchema,
  CreateInstitutionSchema,
  CreateSkillsSchema,
  CreateSpecialitiesSchema,
  DepartmentCatalogSchema,
  InstitutionResponseSchema,
  InstitutionSchema,
  ListCompetenciesQuerySchema,
  ListSkillsQuerySchema,
  ListSpecialitiesQuerySchema,
  SetCollegeDepartmentsSchema,
  SkillSchema,
  SpecialitySchema,
  STATES_OF_INDIA,
  StatesResponseSchema,
} from '@pgel/shared/schemas/reference-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { requireActor, type SessionActor } from '../../platform/session';
import type { ReferenceAdminService } from './reference-admin.service';

/**
 * Coarse gates, run on request (before the body is validated) so a caller who may not use a
 * route gets 401 or 403, never a validation message. The service checks again on the row.
 */
function gate(allowed: (actor: SessionActor) => boolean) {
  return async (request: FastifyRequest) => {
    if (!allowed(requireActor(request))) throw AppError.forbidden();
  };
}
const signedIn = gate(() => true);
const master = gate(canManageReferenceData);
const staff = gate(canAddInstitution);

const IdParams = z.object({ id: z.string() });
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const meta = (request: FastifyRequest) => ({ ip: request.ip });

/** `/api/v1`: the reference data pages (spec 03 sections 2-9) and the config call. */
export function referenceAdminRoutes(service: ReferenceAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config',
      {
        onRequest: signedIn,
        schema: {
          tags: ['reference'],
          summary: 'Public settings, the logbook menu, states and institutions (loaded once by the pages)',
          response: { 200: ConfigResponseSchema, 401: ErrorResponseSchema },
        },
      },
      async () => service.config(),
    );

    app.get(
      '/states',
      {
        schema: {
          tags: ['reference'],
          summary: 'States and union territories of India',
          response: { 200: StatesResponseSchema },
        },
      },
      async () => ({ items: [...STATES_OF_INDIA] }),
    );

    app.get(
      '/departments',
      {
        onRequest: signedIn,
        schema: {
          tags: ['reference'],
          summary: 'Every department with its courses',
          response: { 200: DepartmentCatalogSchema, 401: ErrorResponseSchema },
        },
      },
      async () => ({ items: await service.departmentCatalog() }),
    );

    // ---- Colleges (Master) ------------------------------------------------------------------

    app.get(
      '/admin/colleges',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'College List (Master): search over name, address, website and e-mail',
          querystring: ListQuerySchema,
          response: { 200: listResponseSchema(CollegeListItemSchema), 400: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.listColleges(requireActor(request), request.query),
    );

    app.post(
      '/admin/colleges',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Add College (Master); the logo is uploaded first through POST /files',
          body: CreateCollegeSchema,
          response: { 201: CollegeResponseSchema, 400: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createCollege(requireActor(request), request.body, meta(request))),
    );

    app.put(
      '/admin/colleges/:id/departments',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Link exactly these departments to the college (Master)',
          params: IdParams,
          body: SetCollegeDepartmentsSchema,
          response: {
            200: CollegeResponseSchema,
            400: ErrorResponseSchema,
            404: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request) =>
        service.setCollegeDepartments(requireActor(request), request.params.id, request.body, meta(request)),
    );

    // ---- Competencies, skills, specialities ---------------------------------------------------

    app.get(
      '/competencies',
      {
        onRequest: signedIn,
        schema: {
          tags: ['reference'],
          summary: "Competencies: Master all; others their department's (all colleges' or their own)",
          querystring: ListCompetenciesQuerySchema,
          response: {
            200: listResponseSchema(CompetencySchema),
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.listCompetencies(requireActor(request), request.query),
    );

    app.post(
      '/competencies',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Add Competency (Master): one record per comma-separated item',
          body: CreateCompetenciesSchema,
          response: {
            201: CreatedCountSchema,
            400: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createCompetencies(requireActor(request), request.body, meta(request))),
    );

    app.delete(
      '/competencies/:id',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Delete a competency (Master); refused while skills use it',
          params: IdParams,
          response: {
            200: MessageResponseSchema,
            404: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request) => service.deleteCompetency(requireActor(request), request.params.id, meta(request)),
    );

    app.get(
      '/skills',
      {
        onRequest: signedIn,
        schema: {
          tags: ['reference'],
          summary: "Skills, scoped through their competency's department",
          querystring: ListSkillsQuerySchema,
          response: {
            200: listResponseSchema(SkillSchema),
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.listSkills(requireActor(request), request.query),
    );

    app.post(
      '/skills',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Add Skill (Master): one record per comma-separated item',
          body: CreateSkillsSchema,
          response: {
            201: CreatedCountSchema,
            400: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createSkills(requireActor(request), request.body, meta(request))),
    );

    app.delete(
      '/skills/:id',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Delete a skill (Master)',
          params: IdParams,
          response: { 200: MessageResponseSchema, 404: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.deleteSkill(requireActor(request), request.params.id, meta(request)),
    );

    app.get(
      '/specialities',
      {
        onRequest: signedIn,
        schema: {
          tags: ['reference'],
          summary: "Specialities: Master all; others their department's",
          querystring: ListSpecialitiesQuerySchema,
          response: {
            200: listResponseSchema(SpecialitySchema),
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.listSpecialities(requireActor(request), request.query),
    );

    app.post(
      '/specialities',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Add Speciality (Master): one record per comma-separated item',
          body: CreateSpecialitiesSchema,
          response: {
            201: CreatedCountSchema,
            400: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createSpecialities(requireActor(request), request.body, meta(request))),
    );

    app.delete(
      '/specialities/:id',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Delete a speciality (Master)',
          params: IdParams,
          response: { 200: MessageResponseSchema, 404: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.deleteSpeciality(requireActor(request), request.params.id, meta(request)),
    );

    // ---- Institutions (any staff) -------------------------------------------------------------

    app.get(
      '/institutions',
      {
        onRequest: staff,
        schema: {
          tags: ['reference'],
          summary: 'Institution List (any staff); each row says whether the caller may delete it',
          querystring: ListQuerySchema,
          response: { 200: listResponseSchema(InstitutionSchema), 400: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.listInstitutions(requireActor(request), request.query),
    );

    app.post(
      '/institutions',
      {
        onRequest: staff,
        schema: {
          tags: ['reference'],
          summary: 'Add Institution (any staff)',
          body: CreateInstitutionSchema,
          response: {
            201: InstitutionResponseSchema,
            400: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createInstitution(requireActor(request), request.body, meta(request))),
    );

    app.delete(
      '/institutions/:id',
      {
        onRequest: staff,
        schema: {
          tags: ['reference'],
          summary: 'Delete an institution: Master, or staff of the college that added it',
          params: IdParams,
          response: { 200: MessageResponseSchema, 404: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.deleteInstitution(requireActor(request), request.params.id, meta(request)),
    );
  };
}
