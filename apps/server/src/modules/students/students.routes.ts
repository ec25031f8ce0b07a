import { canAdministerStudents, isStaff } from '@pgel/shared/auth/policies';
import { AdminSetPasswordSchema } from '@pgel/shared/schemas/auth';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import {
  BulkVerifyResponseSchema,
  BulkVerifySchema,
  ListStudentsQuerySchema,
  SetPaymentSchema,
  SetVerificationSchema,
  StudentListItemSchema,
} from '@pgel/shared/schemas/students-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { StudentsService } from './students.service';

// Coarse gates (platform/route-gates.ts); the service checks again on the row.
const staff = gate(isStaff);
const master = gate(canAdministerStudents);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };

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
      async (request) => service.bulkVerify(requireActor(request), request.body, requestMeta(request)),
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
        service.setVerification(requireActor(request), request.params.id, request.body, requestMeta(request)),
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
        service.setPayment(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.post(
      '/students/:id/password',
      {
        onRequest: master,
        schema: {
          tags: ['students'],
          summary: "Set a student's password (Master); signs the student out everywhere",
          params: IdParams,
          body: AdminSetPasswordSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.resetPassword(requireActor(request), request.params.id, request.body, requestMeta(request)),
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
      async (request) => service.delete(requireActor(request), request.params.id, requestMeta(request)),
    );
  };
}
