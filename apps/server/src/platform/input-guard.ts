import { INPUT_MESSAGES } from '@pgel/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Half of a surrogate pair: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Deeper than any form nests (a record's details are four levels down). Code that walks a body
 * recursively (hashing it, logging it, storing it as jsonb) runs out of stack long before the
 * 1 MB body limit does: 20,000 levels fit in 100 KB.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Text PostgreSQL cannot store. A NUL is refused in any text; a lone surrogate is legal in a JS
 * string and in JSON ("\ud800") but not in UTF-8, so jsonb refuses it ("unsupported Unicode
 * escape sequence") and text columns would silently turn it into U+FFFD.
 */
export function isInvalidText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * The first reason to refuse `root`: invalid text in any string or object key, or nesting deeper
 * than MAX_INPUT_DEPTH. Walks with its own stack, not recursion, so the walk itself cannot overflow.
 */
export function inputProblem(root: unknown): keyof typeof INPUT_MESSAGES | undefined {
  const pending: Array<[value: unknown, depth: number]> = [[root, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value === 'string') {
      if (isInvalidText(value)) return 'invalidCharacters';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return 'tooDeep';
    if (Array.isArray(value)) {
      for (const item of value) pending.push([item, depth + 1]);
      continue;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (isInvalidText(key)) return 'invalidCharacters';
      pending.push([inner, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Refuses such input up front as bad input, for every route at once, before any schema or
 * handler sees it: in the body, the path parameters, the query string and the headers (User-Agent
 * is stored with a session, Idempotency-Key with an answer, X-Forwarded-For becomes the audit
 * log's address). Multipart bodies are read by their route, which keeps only the file and its
 * cleaned name.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problem =
      inputProblem(request.body) ??
      inputProblem(request.params) ??
      inputProblem(request.query) ??
      inputProblem(request.headers);
    if (problem) throw AppError.validation(INPUT_MESSAGES[problem]);
  });
}
