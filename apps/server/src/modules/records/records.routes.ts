import { canCreateRecord, canVerifyRecords, isStaff, isStudent } from '@pgel/shared/auth/policies';
import {
  BulkVerifyRecordsResponseSchema,
  BulkVerifySchema,
  CreateRecordResponseSchema,
  CreateRecordSchema,
  FormContextSchema,
  ListRecordsQuerySchema,
  OptionsParamsSchema,
  OptionsQuerySchema,
  OptionsResponseSchema,
  PendingListSchema,
  PendingRecordsQuerySchema,
  RecordCountsSchema,
  RecordDefaultsParamsSchema,
  RecordDefaultsQuerySchema,
  RecordDefaultsSchema,
  RecordDetailSchema,
  RecordListItemSchema,
  ResetRecordSchema,
  ScoreHistorySchema,
  VerifyRecordResponseSchema,
  VerifyRecordSchema,
} from '@pgel/shared/records/api';
import {
  SIGN_OFF_MAX,
  SignOffRecordResponseSchema,
  SignOffRecordSchema,
  SignOffRecordsSchema,
  SignOffResponseSchema,
} from '@pgel/shared/records/sign-off';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { listResponseSchema } from '@pgel/shared/schemas/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema, idempotencyKeyOf, sendOutcome } from '../../platform/idempotency';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { RecordsService } from './records.service';

const signedIn = gate(() => true);
const student = gate(isStudent);
const creator = gate(canCreateRecord);
const staff = gate(isStaff);
const verifier = gate(canVerifyRecords);
const placed = gate((actor) => actor.collegeId !== null && actor.departmentId !== null);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const withConflict = { ...withNotFound, 409: ErrorResponseSchema };
const signOffErrors = { ...withConflict, 429: ErrorResponseSchema };

const SIGN_OFF_DESCRIPTION = `Issue 30: the faculty member beside the resident types their own e-mail and password on the resident's device, with the usual verdict, score (or rubric) and feedback. The request carries the resident's session; the credentials are checked and throttled exactly as sign-in (401 wrong, 429 too many) and never kept; no session or cookie is issued for the faculty member. Only staff who may verify every entry succeed (403); the verification is theirs, with "signed on the resident's device" in each entry's history. At most ${SIGN_OFF_MAX} entries, in one transaction (all or nothing).`;

/** `/api/v1/records`: the record engine's routes, one set for every kind (DESIGN.md section 3). */
export function recordsRoutes(service: RecordsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/records',
      {
        onRequest: signedIn,
        schema: {
          tags: ['records'],
          summary: "A kind's report table: a student's own, staff their department's, Master all",
          querystring: ListRecordsQuerySchema,
          response: { 200: listResponseSchema(RecordListItemSchema), ...errors },
        },
      },
      async (request) => service.list(requireActor(request), request.query),
    );

    app.post(
      '/records',
      {
        onRequest: creator,
        schema: {
          tags: ['records'],
          summary: 'A student adds a record of any kind (Pending); the named teacher is notified',
          description:
            'With an Idempotency-Key header, a retry creates nothing new and answers as the first request did (header Idempotent-Replayed: true).',
          headers: IdempotencyHeadersSchema,
          body: CreateRecordSchema,
          response: { 201: CreateRecordResponseSchema, ...withConflict },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        return sendOutcome(
          reply,
          await service.create(requireActor(request), request.body, requestMeta(request), key),
        );
      },
    );

    app.get(
      '/records/options/:source',
      {
        onRequest: placed,
        schema: {
          tags: ['records'],
          summary:
            "A form's remote options (teachers, competencies, skills, specialities) of the caller's department",
          params: OptionsParamsSchema,
          querystring: OptionsQuerySchema,
          response: { 200: OptionsResponseSchema, ...errors },
        },
      },
      async (request) => service.options(requireActor(request), request.params.source, request.query),
    );

    app.get(
      '/records/form-context',
      {
        onRequest: placed,
        schema: {
          tags: ['records'],
          summary:
            "Which department settings name the caller's department (restricted select options, e.g. clinical training types)",
          response: { 200: FormContextSchema, ...errors },
        },
      },
      async (request) => service.formContext(requireActor(request)),
    );

    app.get(
      '/records/:kind/defaults',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary:
            "A new entry's prefilled guiding faculty and competency, from the student's latest entry of the kind (else the unit head)",
          description:
            'With `subject` (the skill chosen on a procedure, surgical or diagnostic skill), also the role the student last logged for that skill. `last` (repeat last, issue 29): the date of the latest entry of the kind and its choices the form still offers (faculty, competency, skill, role, type, venue), never a patient detail, an IPD/OPD or MLC number, a remark or the date.',
          params: RecordDefaultsParamsSchema,
          querystring: RecordDefaultsQuerySchema,
          response: { 200: RecordDefaultsSchema, ...errors },
        },
      },
      async (request) => service.defaults(requireActor(request), request.params.kind, request.query.subject),
    );

    app.get(
      '/records/counts',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary: "The student dashboard's counts per kind and status",
          response: { 200: RecordCountsSchema, ...errors },
        },
      },
      async (request) => service.counts(requireActor(request)),
    );

    app.get(
      '/records/pending',
      {
        onRequest: staff,
        schema: {
          tags: ['records'],
          summary:
            "The faculty's Pending Verifications of their department (Master: all), the longest waiting first, with the page's residents",
          querystring: PendingRecordsQuerySchema,
          response: { 200: PendingListSchema, ...errors },
        },
      },
      async (request) => service.pending(requireActor(request), request.query),
    );

    app.post(
      '/records/bulk-verification',
      {
        onRequest: verifier,
        schema: {
          tags: ['records'],
          summary: 'Approve or reject many pending records with one score and feedback, in one transaction',
          body: BulkVerifySchema,
          response: { 200: BulkVerifyRecordsResponseSchema, ...withConflict },
        },
      },
      async (request) => service.bulkVerify(requireActor(request), request.body, requestMeta(request)),
    );

    app.post(
      '/records/sign-off',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary: `Sign off now: a faculty member verifies up to ${SIGN_OFF_MAX} of the resident's pending entries on the resident's device`,
          description: SIGN_OFF_DESCRIPTION,
          body: SignOffRecordsSchema,
          response: { 200: SignOffResponseSchema, ...signOffErrors },
        },
      },
      async (request) => service.signOff(requireActor(request), request.body, requestMeta(request)),
    );

    app.post(
      '/records/:id/sign-off',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary:
            "Sign off now: a faculty member verifies one of the resident's pending entries on the resident's device",
          description: SIGN_OFF_DESCRIPTION,
          params: IdParams,
          body: SignOffRecordSchema,
          response: { 200: SignOffRecordResponseSchema, ...signOffErrors },
        },
      },
      async (request) =>
        service.signOffRecord(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.get(
      '/records/:id',
      {
        onRequest: signedIn,
        schema: {
          tags: ['records'],
          summary: 'One record (sensitive details for its student and the staff of its department)',
          params: IdParams,
          response: { 200: RecordDetailSchema, ...withNotFound },
        },
      },
      async (request) => service.detail(requireActor(request), request.params.id, { ip: request.ip }),
    );

    app.get(
      '/records/:id/scores',
      {
        onRequest: signedIn,
        schema: {
          tags: ['records'],
          summary: "A record's history (every verification and reset, with a reset's reason), newest first",
          params: IdParams,
          response: { 200: ScoreHistorySchema, ...withNotFound },
        },
      },
      async (request) => service.scores(requireActor(request), request.params.id),
    );

    app.post(
      '/records/:id/verification',
      {
        onRequest: verifier,
        schema: {
          tags: ['records'],
          summary: 'Approve or reject a pending record with a score and feedback (faculty of its department)',
          params: IdParams,
          body: VerifyRecordSchema,
          response: { 200: VerifyRecordResponseSchema, ...withConflict },
        },
      },
      async (request) =>
        service.verify(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.post(
      '/records/:id/reset',
      {
        onRequest: verifier,
        schema: {
          tags: ['records'],
          summary:
            'Reset a verified record to Pending with a reason: the history keeps the earlier verification, the entry is marked amended and the resident is told',
          params: IdParams,
          body: ResetRecordSchema,
          response: { 200: MessageResponseSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.reset(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.delete(
      '/records/:id',
      {
        onRequest: student,
        schema: {
          tags: ['records'],
          summary: 'The owning student deletes a never-verified record (soft delete, audited)',
          params: IdParams,
          response: { 200: MessageResponseSchema, ...withConflict },
        },
      },
      async (request) => service.delete(requireActor(request), request.params.id, requestMeta(request)),
    );
  };
}
