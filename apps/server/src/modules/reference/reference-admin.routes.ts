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
  CreateCourseSchema,
  CreateDepartmentSchema,
  CreateInstitutionSchema,
  CreateSkillsSchema,
  CreateSpecialitiesSchema,
  DepartmentCatalogItemSchema,
  DepartmentCatalogSchema,
  DepartmentResponseSchema,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import { registerTitleListRoutes } from '../../platform/title-list.routes';
import type { ReferenceAdminService } from './reference-admin.service';

// Coarse gates (platform/route-gates.ts); the service checks again on the row.
const signedIn = gate(() => true);
const master = gate(canManageReferenceData);
const staff = gate(canAddInstitution);

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

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
          .send(await service.createCollege(requireActor(request), request.body, requestMeta(request))),
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
        service.setCollegeDepartments(
          requireActor(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    );

    // ---- Departments and courses (Master) ------------------------------------------------------

    app.get(
      '/admin/departments',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Departments (Master): the catalogue with its courses, searchable over both',
          querystring: ListQuerySchema,
          response: {
            200: listResponseSchema(DepartmentCatalogItemSchema),
            400: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request) => service.listDepartments(requireActor(request), request.query),
    );

    app.post(
      '/admin/departments',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Add Department (Master) with at least one course; names are unique ignoring case',
          body: CreateDepartmentSchema,
          response: {
            201: DepartmentResponseSchema,
            400: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createDepartment(requireActor(request), request.body, requestMeta(request))),
    );

    app.post(
      '/admin/departments/:id/courses',
      {
        onRequest: master,
        schema: {
          tags: ['reference'],
          summary: 'Add Course (Master) to a department; titles are unique within it ignoring case',
          params: IdParams,
          body: CreateCourseSchema,
          response: {
            201: DepartmentResponseSchema,
            400: ErrorResponseSchema,
            404: ErrorResponseSchema,
            409: ErrorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.addCourse(
              requireActor(request),
              request.params.id,
              request.body,
              requestMeta(request),
            ),
          ),
    );

    // ---- Competencies, skills, specialities ---------------------------------------------------
    const lists = { tags: ['reference'], gates: { read: signedIn, write: master } };
    registerTitleListRoutes(app, {
      ...lists,
      path: '/competencies',
      service: service.competencies,
      schemas: {
        query: ListCompetenciesQuerySchema,
        item: CompetencySchema,
        create: CreateCompetenciesSchema,
      },
      summaries: {
        list: "Competencies: Master all; others their department's (all colleges' or their own)",
        create: 'Add Competency (Master): one record per comma-separated item',
        delete: 'Delete a competency (Master); refused while skills use it',
      },
      deleteConflicts: true,
    });
    registerTitleListRoutes(app, {
      ...lists,
      path: '/skills',
      service: service.skills,
      schemas: { query: ListSkillsQuerySchema, item: SkillSchema, create: CreateSkillsSchema },
      summaries: {
        list: "Skills, scoped through their competency's department",
        create: 'Add Skill (Master): one record per comma-separated item',
        delete: 'Delete a skill (Master)',
      },
    });
    registerTitleListRoutes(app, {
      ...lists,
      path: '/specialities',
      service: service.specialities,
      schemas: {
        query: ListSpecialitiesQuerySchema,
        item: SpecialitySchema,
        create: CreateSpecialitiesSchema,
      },
      summaries: {
        list: "Specialities: Master all; others their department's",
        create: 'Add Speciality (Master): one record per comma-separated item',
        delete: 'Delete a speciality (Master)',
      },
    });

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
          .send(await service.createInstitution(requireActor(request), request.body, requestMeta(request))),
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
      async (request) =>
        service.deleteInstitution(requireActor(request), request.params.id, requestMeta(request)),
    );
  };
}
