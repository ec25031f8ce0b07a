import { canPinFavourites } from '@pgel/shared/auth/policies';
import {
  FavouriteParamsSchema,
  FavouritesSchema,
  PinnedFavouriteSchema,
} from '@pgel/shared/records/favourites';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { FavouritesService } from './favourites.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const student = gate(canPinFavourites);

/** `/api/v1/me/favourites`: the signed-in student's pinned procedures, competencies and skills (issue 29). */
export function favouritesRoutes(service: FavouritesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/favourites',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary: "The student's pinned procedures, competencies and skills their department still offers",
          response: { 200: FavouritesSchema, ...errors },
        },
      },
      async (request) => service.list(requireActor(request)),
    );

    app.put(
      '/me/favourites/:type/:id',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary:
            'Pins a procedure, competency or skill of the student’s department (pinning twice keeps one pin)',
          description:
            'Pinned choices, then the ones used last, come first in the entry forms’ lists. 404 for an id the department does not offer.',
          params: FavouriteParamsSchema,
          response: { 200: PinnedFavouriteSchema, ...errors },
        },
      },
      async (request) => service.pin(requireActor(request), request.params.type, request.params.id),
    );

    app.delete(
      '/me/favourites/:type/:id',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary: 'Unpins a procedure, competency or skill (no pin: nothing to do)',
          params: FavouriteParamsSchema,
          response: { 200: PinnedFavouriteSchema, ...errors },
        },
      },
      async (request) => service.unpin(requireActor(request), request.params.type, request.params.id),
    );
  };
}
