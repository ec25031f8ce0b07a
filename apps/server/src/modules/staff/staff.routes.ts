import {
  canAdministerStaff,
  canConfirmAnyStaff,
  canManageDepartmentStaff,
  isStudent,
} from '@pgel/shared/auth/policies';
import { AdminSetPasswordSchema } from '@pgel/shared/schemas/auth';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import {
  AddHodSchema,
  AddStaffResponseSchema,
  AddStaffSchema,
  AddTeacherResponseSchema,
  AddTeacherSchema,
  AssignableStudentListSchema,
  AssignStudentsResponseSchema,
  AssignStudentsSchema,
  EditStaffSchema,
  ListStaffQuerySchema,
  MyTeacherListSchema,
  SetStaffStatusSchema,
  StaffListItemSchema,
  TEACHER_MESSAGES,
} from '@pgel/shared/schemas/staff-admin';
import { StaffConfirmationSchema, ToConfirmListSchema } from '@pgel/shared/schemas/staff-confirmation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { StaffService } from './staff.service';

// Coarse gates (platform/route-gates.ts); the services check again on the row.
/** /allStaff (an HOD, own department) and /allHod (Master). */
const staffAdmin = gate((actor) => canManageDepartmentStaff(actor) || canAdministerStaff(actor));
const hod = gate(canManageDepartmentStaff);
const master = gate(canAdministerStaff);
const student = gate(isStudent);
const confirmer = gate(canConfirmAnyStaff);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const withConflict = { ...errors, 409: ErrorResponseSchema };

/**
 * `/api/v1/staff`: /allStaff, /allHod and the footer Add HOD (spec 03 sections 2, 5, 6, 8); and
 * `/api/v1/people/teachers` for a student's own teachers (spec 01 section 1, step 3).
 */
export function staffRoutes(service: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff',
      {
        onRequest: staffAdmin,
        schema: {
          tags: ['staff'],
          summary: "Staff list: an HOD's own college and department, Master every staff member",
          querystring: ListStaffQuerySchema,
          response: { 200: listResponseSchema(StaffListItemSchema), ...errors },
        },
      },
      async (request) => service.accounts.list(requireActor(request), request.query),
    );

    app.post(
      '/staff',
      {
        onRequest: staffAdmin,
        schema: {
          tags: ['staff'],
          summary:
            'Add Staff (an HOD to their own department; Master to a college and department); mails the credentials',
          body: AddStaffSchema,
          response: { 201: AddStaffResponseSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const result = await service.accounts.addStaff(
          requireActor(request),
          request.body,
          requestMeta(request),
        );
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/staff/hods',
      {
        onRequest: hod,
        schema: {
          tags: ['staff'],
          summary: "Add HOD (footer): another HOD of the caller's college and department",
          body: AddHodSchema,
          response: { 201: AddStaffResponseSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const result = await service.accounts.addHod(
          requireActor(request),
          request.body,
          requestMeta(request),
        );
        return reply.code(201).send(result);
      },
    );

    app.put(
      '/staff/:id',
      {
        onRequest: staffAdmin,
        schema: {
          tags: ['staff'],
          summary: "Edit a staff member's name, phone and status; blocking signs them out",
          params: IdParams,
          body: EditStaffSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.accounts.edit(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.post(
      '/staff/:id/status',
      {
        onRequest: staffAdmin,
        schema: {
          tags: ['staff'],
          summary:
            'Block or unblock a staff member (not oneself); from Master, unblocking also verifies the account',
          params: IdParams,
          body: SetStaffStatusSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.accounts.setStatus(
          requireActor(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    );

    app.post(
      '/staff/:id/password',
      {
        onRequest: master,
        schema: {
          tags: ['staff'],
          summary: "Set a staff member's password (Master); signs them out everywhere",
          params: IdParams,
          body: AdminSetPasswordSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.accounts.resetPassword(
          requireActor(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    );

    app.get(
      '/staff/:id/students',
      {
        onRequest: hod,
        schema: {
          tags: ['staff'],
          summary: "Assign Students choices: the department's live students, with who is assigned",
          params: IdParams,
          response: { 200: AssignableStudentListSchema, ...withNotFound },
        },
      },
      async (request) => service.assignments.assignableStudents(requireActor(request), request.params.id),
    );

    app.put(
      '/staff/:id/students',
      {
        onRequest: hod,
        schema: {
          tags: ['staff'],
          summary: "Assign Students: replace a staff member's whole list with students of the department",
          params: IdParams,
          body: AssignStudentsSchema,
          response: { 200: AssignStudentsResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.assignments.assignStudents(
          requireActor(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    );

    app.get(
      '/staff/to-confirm',
      {
        onRequest: confirmer,
        schema: {
          tags: ['staff'],
          summary:
            'To confirm: teachers students proposed (HOD, Master) and DRP coordinators students named (HOD, faculty of the residents, Master)',
          response: { 200: ToConfirmListSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
      },
      async (request) => service.confirmations.listToConfirm(requireActor(request)),
    );

    app.post(
      '/staff/:id/confirmation',
      {
        onRequest: confirmer,
        schema: {
          tags: ['staff'],
          summary: 'Confirm or decline an account awaiting confirmation; tells the account and its proposer',
          params: IdParams,
          body: StaffConfirmationSchema,
          response: { 200: MessageResponseSchema, ...withNotFound, 409: ErrorResponseSchema },
        },
      },
      async (request) =>
        service.confirmations.decide(
          requireActor(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    );

    app.get(
      '/people/teachers/mine',
      {
        onRequest: student,
        schema: {
          tags: ['people'],
          summary: "The student's own teachers (added by them or assigned by the HOD)",
          response: { 200: MyTeacherListSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
      },
      async (request) => service.teachers.myTeachers(requireActor(request)),
    );

    app.post(
      '/people/teachers',
      {
        onRequest: student,
        schema: {
          tags: ['people'],
          summary:
            'A student adds a teacher: a new faculty account of their department, or a link to an existing one',
          body: AddTeacherSchema,
          response: { 200: AddTeacherResponseSchema, 201: AddTeacherResponseSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const { created, teacher } = await service.teachers.addTeacher(
          requireActor(request),
          request.body,
          requestMeta(request),
        );
        return reply.code(created ? 201 : 200).send({ message: TEACHER_MESSAGES.added, teacher });
      },
    );
  };
}
