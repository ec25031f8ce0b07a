import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import {
  ProfileResponseSchema,
  TeacherListSchema,
  UpdatePreferencesResponseSchema,
  UpdatePreferencesSchema,
  UpdateProfileResponseSchema,
  UpdateProfileSchema,
} from '@pgel/shared/schemas/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/session';
import type { PeopleService } from './people.service';

/** Checks the session before the body is validated, so a signed-out caller gets 401, not 400. */
async function authenticated(request: FastifyRequest) {
  requireActor(request);
}

/** `/api/v1/profile` and `/api/v1/people/*`: the caller's own profile and their teachers. */
export function peopleRoutes(service: PeopleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticated);

    app.get(
      '/profile',
      {
        schema: {
          tags: ['people'],
          summary: "The caller's profile (Edit Profile form and read-only details)",
          response: { 200: ProfileResponseSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => ({ profile: await service.getProfile(requireActor(request)) }),
    );

    app.put(
      '/profile',
      {
        schema: {
          tags: ['people'],
          summary: "Save the caller's profile; files are uploaded first and referenced by id",
          body: UpdateProfileSchema,
          response: { 200: UpdateProfileResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => service.updateProfile(requireActor(request), request.body, { ip: request.ip }),
    );

    app.patch(
      '/profile',
      {
        schema: {
          tags: ['people'],
          summary:
            "Save the caller's preferences (faculty: one verification e-mail per entry or a daily digest)",
          body: UpdatePreferencesSchema,
          response: {
            200: UpdatePreferencesResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
          },
        },
      },
      async (request) => service.updatePreferences(requireActor(request), request.body, { ip: request.ip }),
    );

    app.get(
      '/people/teachers',
      {
        schema: {
          tags: ['people'],
          summary: "Teachers of the caller's college and department (the unit-head choice)",
          response: { 200: TeacherListSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => ({ items: await service.listTeachers(requireActor(request)) }),
    );
  };
}
