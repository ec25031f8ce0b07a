import { canAdministerStudents, isStaff } from '@pgel/shared/auth/policies';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import {
  BulkVerifyResponseSchema,
  BulkVerifySchema,
  ListStudentsQuerySchema,
  ResetStudentPasswordSchema,
  SetPaymentSchema,
  SetVerificationSchema,
  StudentListItemSchema,
} from '@pgel/shared/schemas/students-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { requireActor, type SessionActor } from '../../platform/session';
import type { StudentsService } from './students.service';

/**
 * Coarse gates, run on request (before the body is validated) so a caller who may not use a
 * route gets 401 or 403, never a validation message. The service checks again on the row.
 */
function gate(allowed: (actor: SessionActor) => boolean) {
  return async (request: FastifyRequest) => {
    if (!allowed(requireActor(request))) throw AppError.forbidden();
  };
}
const staff = gate(isStaff);
const master = gate(canAdministerStudents);

const IdParams = z.object({ id: z.string() });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const meta = (request: FastifyRequest) => ({ ip: request.ip });

/** `/api/v1/students`: the /allStudent page (spec 03 sections 2, 4-6, 8). */
export function studentsRoutes(service: StudentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/students',
      {
        onRequest: staff,
        schema: {
          tags: ['students'],
          summary: "Student list: staff see their college and department's students, Master all",
          querystring: ListStudentsQuerySchema,
          response: { 200: listResponseSchema(StudentListItemSchema), ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.query),
    );

    app.post(
      '/students/bulk-verification',
      {
        onRequest: master,
        schema: {
          tags: ['students'],
          summary: 'Verify the chosen students (Master); each newly verified student is notified',
          body: BulkVerifySchema,
          response: { 200: BulkVerifyResponseSchema, ...errors },
        },
      },
      async (request) => service.bulkVerify(requireActor(request), request.body, meta(request)),
    );

    app.post(
      '/students/:id/verification',
      {
        onRequest: staff,
        schema: {
          tags: ['students'],
          summary:
            'Active / Ban a student (staff of their department, Master); approval notifies the student',
          params: IdParams,
          body: SetVerificationSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.setVerification(requireActor(request), request.params.id, request.body, meta(request)),
    );

    app.post(
      '/students/:id/payment',
      {
        onRequest: master,
        schema: {
          tags: ['students'],
          summary: 'Set the payment status of a student (Master)',
          params: IdParams,
          body: SetPaymentSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.setPayment(requireActor(request), request.params.id, request.body, meta(request)),
    );

    app.post(
      '/students/:id/password',
      {
        onRequest: master,
        schema: {
          tags: ['students'],
          summary: "Set a student's password (Master); signs the student out everywhere",
          params: IdParams,
          body: ResetStudentPasswordSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.resetPassword(requireActor(request), request.params.id, request.body, meta(request)),
    );

    app.delete(
      '/students/:id',
      {
        onRequest: master,
        schema: {
          tags: ['students'],
          summary: 'Delete a student (Master): the account is closed, its records kept for audit',
          params: IdParams,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) => service.delete(requireActor(request), request.params.id, meta(request)),
    );
  };
}
