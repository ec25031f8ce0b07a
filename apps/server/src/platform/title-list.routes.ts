import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { type ListQuery, listResponseSchema } from '@pgel/shared/schemas/list';
import { CreatedCountSchema } from '@pgel/shared/schemas/reference-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParams, requestMeta } from './route-gates';
import { requireActor } from './session';
import type { TitleListService } from './title-list';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Gate = (request: FastifyRequest) => Promise<void>;

/** The routes of one title list: `GET path`, `POST path` (comma-separated batch) and `DELETE path/:id`. */
export type TitleListRoutes<TItem, TQuery extends ListQuery, TCreate extends { text: string }> = {
  path: string;
  tags: string[];
  service: TitleListService<TItem, TQuery, TCreate>;
  /** Who may list (signed in) and who may add and delete (Master). */
  gates: { read: Gate; write: Gate };
  schemas: { query: z.ZodType<TQuery>; item: z.ZodType<TItem>; create: z.ZodType<TCreate> };
  summaries: { list: string; create: string; delete: string };
  /** The delete answers 409 while other rows use the row (a competency its skills). */
  deleteConflicts?: boolean;
};

/** Registers one title list's three routes, with the list's schemas and summaries. */
export function registerTitleListRoutes<TItem, TQuery extends ListQuery, TCreate extends { text: string }>(
  app: App,
  routes: TitleListRoutes<TItem, TQuery, TCreate>,
): void {
  const { path, tags, service, gates, schemas, summaries } = routes;
  const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
  app.get(
    path,
    {
      onRequest: gates.read,
      schema: {
        tags,
        summary: summaries.list,
        querystring: schemas.query,
        response: {
          200: listResponseSchema(schemas.item),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    // The schema has checked the query and the body; TypeScript cannot see through the generic.
    async (request) => service.list(requireActor(request), request.query as TQuery),
  );
  app.post(
    path,
    {
      onRequest: gates.write,
      schema: {
        tags,
        summary: summaries.create,
        body: schemas.create,
        response: { 201: CreatedCountSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(requireActor(request), request.body as TCreate, requestMeta(request))),
  );
  app.delete(
    `${path}/:id`,
    {
      onRequest: gates.write,
      schema: {
        tags,
        summary: summaries.delete,
        params: IdParams,
        response: {
          200: MessageResponseSchema,
          404: ErrorResponseSchema,
          ...(routes.deleteConflicts ? { 409: ErrorResponseSchema } : {}),
          ...denied,
        },
      },
    },
    async (request) => service.delete(requireActor(request), request.params.id, requestMeta(request)),
  );
}
