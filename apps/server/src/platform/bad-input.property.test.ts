import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import {
  contentType,
  encodeSegment,
  multipartBody,
  type OpenApiDocument,
  shortNastyText,
  type WriteRoute,
  worldHints,
  writeRoutes,
} from '../test/bad-requests';
import { buildTestApp, freshIp, type TestApp } from '../test/helpers';
import {
  nastyBody,
  nastyText,
  type SchemaHints,
  schemaValue,
  toJsonText,
} from '../test/json-schema-arbitrary';
import { createRecordsWorld, type RecordsWorld } from '../test/records-world';
import { createSession, SESSION_COOKIE } from './session';

/**
 * Issue 9: bad input never answers 5xx. Every write route the app publishes in its OpenAPI
 * document (so a new route is covered without touching this file) gets requests generated from
 * its own schemas, valid-shaped or mutated (wrong types, missing and extra keys, huge and invalid
 * text, impossible dates, prototype keys, deep nesting, odd content types, multipart), sent by a
 * caller its gate lets through. On a failure fast-check prints the seed and the request.
 */
const TOTAL_PAYLOADS = 3000;
/** A safety net for a slow, shared machine: a route stops early (still a pass) past its share. */
const TIME_BUDGET_MS = 60_000;

type Caller = 'anonymous' | 'student' | 'faculty' | 'hod' | 'admin' | 'master';
const CALLERS: readonly Caller[] = ['anonymous', 'student', 'faculty', 'hod', 'admin', 'master'];

type GeneratedRequest = {
  caller: Caller;
  path: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  body: { payload: string | Buffer; contentType: string } | undefined;
};

const asText = (value: unknown) => (typeof value === 'string' ? value : toJsonText(value));

describe('bad input never answers 5xx (property test over every write route)', () => {
  let t: TestApp;
  let w: RecordsWorld;
  let hints: SchemaHints;
  const logged: unknown[] = [];
  let restoreLog = () => {};

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createRecordsWorld(t);
    hints = await worldHints(t, w);
    // Test apps log nothing; keep what a 5xx logs, so a failure says why. (Fastify's silent
    // logger is one object whose child() is itself.)
    const log = t.app.log as unknown as { error: (...args: unknown[]) => void };
    const original = log.error;
    log.error = (...args: unknown[]) => {
      logged.push(args[0]);
    };
    restoreLog = () => {
      log.error = original;
    };
  });
  afterAll(async () => {
    restoreLog();
    await t?.close();
  });

  it('answers every generated payload below 500', async () => {
    await t.app.ready();
    const routes = writeRoutes(t.app.swagger() as OpenApiDocument);
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let tried = 0;
    /** Answers by status class, shrinking included: how far past validation the payloads got. */
    const answers = new Map<string, number>();
    for (const route of routes) {
      const details = await fc.check(
        fc.asyncProperty(requestFor(route, await callersOf(route)), async (request) => {
          const response = await send(route, request);
          const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
          answers.set(statusClass, (answers.get(statusClass) ?? 0) + 1);
          if (response.statusCode >= 500) {
            const cause = logged.splice(0).map(describeLogged).join(' | ');
            throw new Error(`${response.statusCode} ${response.body} ${cause}`);
          }
        }),
        {
          numRuns: Math.ceil(TOTAL_PAYLOADS / routes.length),
          plugins: [fc.interruptAfterTimeLimit(TIME_BUDGET_MS / routes.length)],
        },
      );
      tried += details.numRuns;
      if (details.failed) {
        // The cause first: a counterexample can hold 100 KB of text.
        failures.push(
          [
            `${route.method} ${route.path} (seed ${details.seed}, path "${details.counterexamplePath}")`,
            `error: ${String(details.errorInstance).slice(0, 2000)}`,
            `request: ${fc.stringify(details.counterexample).slice(0, 2000)}`,
          ].join('\n'),
        );
      }
    }
    const byClass = [...answers]
      .sort()
      .map(([statusClass, n]) => `${statusClass} ${n}`)
      .join(', ');
    console.log(
      `bad-input property test: ${tried} payloads over ${routes.length} write routes, ${answers.get('5xx') ?? 0} answers of 5xx (all answers: ${byClass})`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  /** Callers the route's gate lets through (neither 401 nor 403 for an empty body); all if none. */
  async function callersOf(route: WriteRoute): Promise<Caller[]> {
    const unknownId = '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f';
    const path = Object.fromEntries(
      route.parameters.filter((p) => p.in === 'path').map((p) => [p.name, unknownId]),
    );
    const allowed: Caller[] = [];
    for (const caller of CALLERS) {
      const body = { payload: '{}', contentType: 'application/json' };
      const response = await send(route, { caller, path, query: {}, headers: {}, body });
      if (response.statusCode !== 401 && response.statusCode !== 403) allowed.push(caller);
    }
    return allowed.length > 0 ? allowed : [...CALLERS];
  }

  function requestFor(route: WriteRoute, callers: Caller[]): fc.Arbitrary<GeneratedRequest> {
    const path: Record<string, fc.Arbitrary<string>> = {};
    const query: Record<string, fc.Arbitrary<string>> = {};
    const headers: Record<string, fc.Arbitrary<string>> = { 'user-agent': shortNastyText };
    for (const parameter of route.parameters) {
      const value = schemaValue(parameter.schema ?? { type: 'string' }, hints, true).map(asText);
      if (parameter.in === 'path') {
        path[parameter.name] = fc.oneof({ weight: 3, arbitrary: hints.ids }, fc.uuid(), value, nastyText);
      } else if (parameter.in === 'query') {
        query[parameter.name] = value;
      } else if (parameter.in === 'header') {
        headers[parameter.name] = fc.oneof(
          value.filter((v) => v.length < 1000),
          shortNastyText,
        );
      }
    }
    const json = route.body
      ? fc.oneof(
          { weight: 2, arbitrary: schemaValue(route.body, hints, false) },
          { weight: 5, arbitrary: schemaValue(route.body, hints, true) },
          { weight: 1, arbitrary: nastyBody },
        )
      : nastyBody;
    const jsonBody = fc.record({ payload: json.map(toJsonText), contentType });
    // A route without a JSON body reads multipart (uploads) or nothing.
    const body = route.body
      ? jsonBody
      : fc.oneof({ weight: 3, arbitrary: multipartBody }, jsonBody, fc.constant(undefined));
    return fc.record({
      caller: fc.constantFrom(...callers),
      path: fc.record(path, { noNullPrototype: true }),
      query: fc.record(query, { requiredKeys: [], noNullPrototype: true }),
      headers: fc.record(headers, { requiredKeys: [], noNullPrototype: true }),
      body,
    });
  }

  /** Sends one request with a fresh session of the caller, then undoes what would lock the callers out. */
  async function send(route: WriteRoute, request: GeneratedRequest) {
    const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      encodeSegment(request.path[name] ?? ''),
    );
    const query = Object.entries(request.query)
      .flatMap(([name, value]) =>
        value === undefined ? [] : [`${encodeSegment(name)}=${encodeSegment(value)}`],
      )
      .join('&');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name] = value;
    }
    if (request.caller !== 'anonymous') headers.cookie = await sessionOf(w.actors[request.caller].id);
    if (request.body) headers['content-type'] = request.body.contentType;
    const response = await t.app.inject({
      method: route.method,
      url: query ? `${url}?${query}` : url,
      headers,
      // Sign-in and inquiry throttles count per address; each request comes from its own.
      remoteAddress: freshIp(),
      ...(request.body ? { payload: request.body.payload } : {}),
    });
    // Generated requests may block or delete the world's own people (Master, HOD); put them back.
    const callerIds = Object.values(w.actors).map((actor) => actor.id);
    await t.db.update(users).set({ blocked: false, deletedAt: null }).where(inArray(users.id, callerIds));
    return response;
  }

  /** A session straight in the database: requests may sign out, and argon2 per request is too slow. */
  async function sessionOf(userId: string): Promise<string> {
    const settings = { idleMs: 3_600_000, absoluteMs: 3_600_000, secureCookie: false };
    const { token } = await createSession(t.db, settings, userId, {
      ip: '127.0.0.1',
      userAgent: 'property-test',
    });
    return `${SESSION_COOKIE}=${token}`;
  }
});

function describeLogged(entry: unknown): string {
  const err = (entry as { err?: unknown } | undefined)?.err ?? entry;
  if (err instanceof Error) return `${err.message}\n${err.stack?.split('\n').slice(1, 6).join('\n')}`;
  return JSON.stringify(err)?.slice(0, 500) ?? String(err);
}
