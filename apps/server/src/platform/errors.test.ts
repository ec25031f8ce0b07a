import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandler } from './errors';
import { loggerOptions } from './logging';

const pgError = (code: string, message = 'server error') =>
  Object.assign(new Error(message), { severity: 'FATAL', code });
const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
const wrapped = (cause: unknown) =>
  new DrizzleQueryError('select "id" from "users" where "id" = $1', ['x'], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection, wrapped by Drizzle', wrapped(systemError('ECONNREFUSED'))],
    ['a reset connection', systemError('ECONNRESET')],
    ['a timed-out connection', systemError('ETIMEDOUT')],
    ['the pool’s connection timeout', new Error('Connection terminated due to connection timeout')],
    [
      'the pool had no free connection in time',
      wrapped(new Error('timeout exceeded when trying to connect')),
    ],
    ['a connection that ended mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a broken client reused', new Error('Client has encountered a connection error and is not queryable')],
    ['administrator shutdown (57P01)', wrapped(pgError('57P01'))],
    ['crash shutdown (57P02)', pgError('57P02')],
    ['the server is starting (57P03)', pgError('57P03')],
    ['too many connections (53300)', pgError('53300')],
    ['a connection exception (08006)', wrapped(pgError('08006'))],
    ['every address refused', new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')])],
  ])('is true for %s', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(pgError('23505'))],
    ['a check violation', pgError('23514')],
    ['a syntax error', pgError('42601')],
    ['a programmer error', new TypeError('Cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('the error handler', () => {
  async function appThrowing(err: unknown) {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions('info', { write: (line: string) => void lines.push(line) }),
    });
    registerErrorHandler(app);
    app.post('/boom', async () => {
      throw err;
    });
    const response = await app.inject({
      method: 'POST',
      url: '/boom',
      headers: { cookie: 'pgel_session=tok-abc' },
      payload: { password: 'Top-Secret-1', details: { name: 'Ravi Kulkarni' } },
    });
    await app.close();
    return { response, log: lines.join('') };
  }

  it('answers 503 with Retry-After and the shared message while the database is away', async () => {
    const { response, log } = await appThrowing(wrapped(systemError('ECONNREFUSED')));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ code: 'unavailable', message: GENERIC_MESSAGES.unavailable });
    expect(log).toContain('ECONNREFUSED');
    expect(log).not.toMatch(/Top-Secret|Ravi|tok-abc/);
  });

  it('answers 500 for any other database error, logging the error and never the request', async () => {
    const { response, log } = await appThrowing(wrapped(pgError('23505', 'duplicate key')));
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ code: 'internal', message: GENERIC_MESSAGES.tryAgain });
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"statement":"select from \\"users\\""');
    expect(log).not.toMatch(/Top-Secret|Ravi|tok-abc/);
  });
});
