import { canRecordDrpPosting, isDrpCoordinator } from '@pgel/shared/auth/policies';
import {
  AttendanceDaysSchema,
  AttendanceListSchema,
  AttendanceSavedSchema,
  MarkAttendanceSchema,
} from '@pgel/shared/drp/attendance';
import { CoordinatorDashboardSchema } from '@pgel/shared/drp/coordinator-dashboard';
import {
  CreatePostingSchema,
  DrpInstitutionListSchema,
  DrpInstitutionsQuerySchema,
  InstitutionCoordinatorSchema,
  ListPostingsQuerySchema,
  PostingListSchema,
  PostingSavedSchema,
} from '@pgel/shared/drp/postings';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { AttendanceService } from './attendance.service';
import type { DrpService } from './drp.service';

const signedIn = gate(() => true);
/** The resident for themself, department faculty for their residents. */
const recorder = gate(canRecordDrpPosting);
const coordinator = gate(isDrpCoordinator);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const withConflict = { ...withNotFound, 409: ErrorResponseSchema };

/** `/api/v1/drp/...`: DRP postings, their coordinators and attendance (issue 12). */
export function drpRoutes(postings: DrpService, attendance: AttendanceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/drp/institutions',
      {
        onRequest: signedIn,
        schema: {
          tags: ['drp'],
          summary: 'The institutions of a state, for the Add DRPC form',
          querystring: DrpInstitutionsQuerySchema,
          response: { 200: DrpInstitutionListSchema, ...errors },
        },
      },
      async (request) => postings.institutionsOf(request.query.state),
    );

    app.get(
      '/drp/institutions/:id/coordinator',
      {
        onRequest: recorder,
        schema: {
          tags: ['drp'],
          summary: "The coordinator of the institution's latest posting by the caller's college, or null",
          params: IdParams,
          response: { 200: InstitutionCoordinatorSchema, ...errors },
        },
      },
      async (request) => postings.institutionCoordinator(requireActor(request), request.params.id),
    );

    app.get(
      '/drp/postings',
      {
        onRequest: signedIn,
        schema: {
          tags: ['drp'],
          summary:
            "DRP postings: a student's own, staff their department's, a coordinator theirs once started, Master all",
          querystring: ListPostingsQuerySchema,
          response: { 200: PostingListSchema, ...errors },
        },
      },
      async (request) => postings.list(requireActor(request), request.query),
    );

    app.post(
      '/drp/postings',
      {
        onRequest: recorder,
        schema: {
          tags: ['drp'],
          summary: 'Add DRPC: a posting, creating the coordinator account when the address is new',
          body: CreatePostingSchema,
          response: { 201: PostingSavedSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const saved = await postings.create(requireActor(request), request.body, requestMeta(request));
        return reply.status(201).send(saved);
      },
    );

    app.delete(
      '/drp/postings/:id',
      {
        onRequest: recorder,
        schema: {
          tags: ['drp'],
          summary: 'Deletes a posting while no day of its attendance is marked',
          params: IdParams,
          response: { 200: MessageResponseSchema, ...withConflict },
        },
      },
      async (request) => postings.remove(requireActor(request), request.params.id, requestMeta(request)),
    );

    app.get(
      '/drp/attendance',
      {
        onRequest: signedIn,
        schema: {
          tags: ['drp'],
          summary: 'The postings in scope with their attendance figures',
          response: { 200: AttendanceListSchema, ...errors },
        },
      },
      async (request) => attendance.list(requireActor(request)),
    );

    app.get(
      '/drp/coordinator-dashboard',
      {
        onRequest: coordinator,
        schema: {
          tags: ['drp'],
          summary:
            "A DRP coordinator's dashboard: their residents now, the days to mark and the entries to verify",
          response: { 200: CoordinatorDashboardSchema, ...errors },
        },
      },
      async (request) => attendance.coordinatorDashboard(requireActor(request)),
    );

    app.get(
      '/drp/postings/:id/attendance',
      {
        onRequest: signedIn,
        schema: {
          tags: ['drp'],
          summary: "One posting's days so far, each with its mark or null",
          params: IdParams,
          response: { 200: AttendanceDaysSchema, ...withNotFound },
        },
      },
      async (request) => attendance.days(requireActor(request), request.params.id),
    );

    app.put(
      '/drp/postings/:id/attendance',
      {
        onRequest: coordinator,
        schema: {
          tags: ['drp'],
          summary: "The posting's coordinator marks days present or absent (up to today)",
          params: IdParams,
          body: MarkAttendanceSchema,
          response: { 200: AttendanceSavedSchema, ...withConflict },
        },
      },
      async (request) =>
        attendance.mark(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );
  };
}
