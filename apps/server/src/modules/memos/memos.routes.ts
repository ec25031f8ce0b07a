import {
  CloseMemoSchema,
  CreateMemoSchema,
  ExplainMemoSchema,
  ListMemosQuerySchema,
  MemoSavedSchema,
  MemoSchema,
} from '@pgel/shared/academic/memos';
import { canIssueMemos, canKeepAcademicRecords } from '@pgel/shared/auth/policies';
import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { MemosService } from './memos.service';

const signedIn = gate(() => true);
const hod = gate(canIssueMemos);
const student = gate(canKeepAcademicRecords);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const withConflict = { ...withNotFound, 409: ErrorResponseSchema };

/** `/api/v1/memos`: memos the HOD issues, the student explains and the HOD closes (spec 03). */
export function memosRoutes(service: MemosService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/memos',
      {
        onRequest: signedIn,
        schema: {
          tags: ['memos'],
          summary: "Memos: a student's own, staff their department's, Master all",
          querystring: ListMemosQuerySchema,
          response: { 200: listResponseSchema(MemoSchema), ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.query),
    );

    app.get(
      '/memos/:id',
      {
        onRequest: signedIn,
        schema: {
          tags: ['memos'],
          summary: "One memo, in the list's scope (a memo the caller may not see is not found)",
          params: IdParams,
          response: { 200: MemoSchema, ...withNotFound },
        },
      },
      async (request) => service.get(requireActor(request), request.params.id),
    );

    app.post(
      '/memos',
      {
        onRequest: hod,
        schema: {
          tags: ['memos'],
          summary: 'The HOD issues a memo to a student of the department (numbered by the server)',
          body: CreateMemoSchema,
          response: { 201: MemoSavedSchema, ...withNotFound },
        },
      },
      async (request, reply) => {
        const saved = await service.create(requireActor(request), request.body, requestMeta(request));
        return reply.status(201).send(saved);
      },
    );

    app.post(
      '/memos/:id/explanation',
      {
        onRequest: student,
        schema: {
          tags: ['memos'],
          summary: 'The student explains their memo, once; the issuing HOD is told',
          params: IdParams,
          body: ExplainMemoSchema,
          response: { 200: MemoSavedSchema, ...withConflict },
        },
      },
      async (request) =>
        service.explain(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.post(
      '/memos/:id/close',
      {
        onRequest: hod,
        schema: {
          tags: ['memos'],
          summary: "The department's HOD closes an explained memo with a remark; the student is told",
          params: IdParams,
          body: CloseMemoSchema,
          response: { 200: MemoSavedSchema, ...withConflict },
        },
      },
      async (request) =>
        service.close(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );
  };
}
