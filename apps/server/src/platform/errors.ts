import { SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

/**
 * Maps every error to the API's error shape. Validation failures carry the first message of the
 * shared schema (the order the spec checks in); anything unexpected is a 500 whose detail stays
 * in the log.
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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type).
      const message =
        status === 415 ? 'Unsupported content type' : status === 413 ? 'Request is too large' : error.message;
      return reply.status(status).send({ code: error.code ?? 'bad_request', message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'internal', message: GENERIC_MESSAGES.tryAgain });
  });
}

/**
 * One not-found handler for the whole server: unknown API routes answer JSON 404; with a built
 * web app, any other GET gets index.html so the client router can show the page.
 */
export function registerNotFoundHandler(app: FastifyInstance, options: { spaFallback: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const isPageRequest =
      !urlPath.startsWith('/api/') && (request.method === 'GET' || request.method === 'HEAD');
    if (options.spaFallback && isPageRequest) return reply.sendFile('index.html', { maxAge: 0 });
    return reply
      .status(404)
      .send({ code: 'not_found', message: `Route ${request.method} ${urlPath} not found` });
  });
}
