import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { transactionConflictCode } from '../db/retrying-transactions';

type ErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'too_many_requests';

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
};

/** Seconds a client is asked to wait (`Retry-After`) while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
/**
 * Seconds a client is asked to wait after its transaction lost a lock conflict three times in a
 * row (db/retrying-transactions.ts): the requests it collided with finish within moments.
 */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/** The one error services throw; the handler turns it into `{ code, message, fieldErrors? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Every field's message (field name -> message), for forms that mark each field. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }

  static validation(message: string, fieldErrors?: Record<string, string>) {
    return new AppError('validation', message, fieldErrors);
  }
  static unauthorized(message: string = SESSION_MESSAGES.required) {
    return new AppError('unauthorized', message);
  }
  static forbidden(message: string = SESSION_MESSAGES.forbidden) {
    return new AppError('forbidden', message);
  }
  static notFound(message = 'Not found') {
    return new AppError('not_found', message);
  }
  static conflict(message: string) {
    return new AppError('conflict', message);
  }
  static tooLarge(message: string) {
    return new AppError('payload_too_large', message);
  }
  static tooManyRequests(message: string) {
    return new AppError('too_many_requests', message);
  }
}

// Errors that mean "the database cannot be reached right now", not "this request is wrong":
// the socket's own failures, the pool's timeouts, and PostgreSQL's connection-class SQLSTATEs
// (08xxx), administrator shutdown and "cannot connect now" (57P01-57P03, idle-session 57P05)
// and "too many connections" (53300).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '53300',
]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly; due to connection timeout
  /^timeout exceeded when trying to connect$/, // the pool had no free connection in time
  /^Client has encountered a connection error and is not queryable$/,
  /^Connection ended unexpectedly$/,
];

/**
 * True when an error (through any wrapper: Drizzle's `cause`, an AggregateError's `errors`) says
 * the database is unreachable for now, so the caller should try again rather than see a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const pending: unknown[] = [err];
  for (let seen = 0; pending.length > 0 && seen < 12; seen += 1) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null) continue;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/**
 * Maps every error to the API's error shape. Validation failures carry the first message of the
 * shared schema (the order the spec checks in); a database that cannot be reached, and a lock
 * conflict still lost after the transaction's retries, are a 503 with `Retry-After` (the pool
 * reconnects by itself; the colliding requests finish); anything unexpected is a 500 whose
 * detail stays in the log, through the logger's error serializer (codes and statement names,
 * never values).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fieldErrors[field] ??= issue.message ?? '';
      }
      return reply.status(400).send({
        code: 'validation',
        message: first?.message ?? GENERIC_MESSAGES.fallback,
        fieldErrors,
      });
    }
    const conflict = transactionConflictCode(error);
    if (conflict) {
      // A deadlock or serialization failure that outlived the transaction's retries: the request
      // is fine and will pass when sent again, so not a 500. The code alone is logged.
      request.log.warn({ code: conflict }, 'transaction conflict outlived its retries');
      return reply
        .status(503)
        .header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS))
        .send({ code: 'busy', message: GENERIC_MESSAGES.busy });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: 'unavailable', message: GENERIC_MESSAGES.unavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type).
      const message =
        status === 415 ? 'Unsupported content type' : status === 413 ? 'Request is too large' : error.message;
      return reply.status(status).send({ code: error.code ?? 'bad_request', message });
    }
    // Only the error: never the request's body or headers, which carry passwords and patient data.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'internal', message: GENERIC_MESSAGES.tryAgain });
  });
}
