import { inArray, sql } from 'drizzle-orm';
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
 * Issues 9 and 15: bad input never answers 5xx, and a refused request writes nothing. Every write
 * route the app publishes in its OpenAPI document (so a new route is covered without touching
 * this file) gets requests generated from its own schemas, valid-shaped or mutated (wrong types,
 * missing and extra keys, 1 MB and invalid text, NUL, lone surrogates, bidi, combining marks,
 * emoji, impossible dates, numbers out of range, `__proto__`/`constructor` keys, deep nesting, odd
 * content types, multipart), sent by a caller its gate lets through. On a failure fast-check
 * prints the seed and the request.
 *
 * 10,000 payloads on PGlite (about a minute); PostgreSQL, whose round trips cost more, runs a
 * quarter of them: the same generators and routes, a second database engine under them.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const TOTAL_PAYLOADS = ON_POSTGRES ? 2_500 : 10_000;
/** A safety net for a slow, shared machine; the test fails if it cuts the count short. */
const TIME_BUDGET_MS = 420_000;

/**
 * Tables that may change when a request is refused, because recording the refusal is their job:
 * the audit trail and access logs, sign-in throttles, and sessions (each request gets a fresh one).
 */
const MAY_RECORD_A_REFUSAL = /(audit|_log$|throttle|session)/;

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
    await installWriteProbe(t);
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
    let refused = 0;
    /** Accepted requests the probe saw write: proof that the probe sees writes at all. */
    let acceptedWrites = 0;
    /** Answers by status class, shrinking included: how far past validation the payloads got. */
    const answers = new Map<string, number>();
    const deadline = Date.now() + TIME_BUDGET_MS;
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
          if (response.statusCode < 300 && response.written.length > 0) acceptedWrites += 1;
          if (response.statusCode >= 400) {
            refused += 1;
            if (response.written.length > 0) {
              throw new Error(
                `refused with ${response.statusCode} ${response.body.slice(0, 300)} but wrote: ${response.written.join(', ')}`,
              );
            }
          }
        }),
        {
          numRuns: Math.ceil(TOTAL_PAYLOADS / routes.length),
          // Only the whole run's budget interrupts: a slow route may use what fast ones left.
          plugins: [fc.interruptAfterTimeLimit(Math.max(1, deadline - Date.now()))],
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
      `bad-input property test (${ON_POSTGRES ? 'PostgreSQL: a 2,500 share of the 10,000 run on PGlite' : 'PGlite'}): ${tried} payloads tried over ${routes.length} write routes, ${refused} refused (4xx, none wrote a row), ${answers.get('5xx') ?? 0} answers of 5xx (all answers, shrinking included: ${byClass})`,
    );
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(TOTAL_PAYLOADS);
    expect(acceptedWrites).toBeGreaterThan(0);
  }, 600_000);

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
    // (A repair that changes nothing is no write and leaves no note; one that changes a row
    // follows a request that changed it, and that request's own note is there already.)
    const callerIds = Object.values(w.actors).map((actor) => actor.id);
    await t.db.update(users).set({ blocked: false, deletedAt: null }).where(inArray(users.id, callerIds));
    const written = await takeWriteProbe(t);
    return { statusCode: response.statusCode, body: response.body, written };
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

/**
 * A change counter over the whole database, cheap enough to read after every request: a row
 * trigger on every table (but those in MAY_RECORD_A_REFUSAL) notes each inserted, deleted or
 * actually changed row in `test_write_probe`. It is sound because
 * - a row trigger fires for every row any statement writes, whichever module or query wrote it,
 *   and tables created by later migrations are covered since the list is read from the catalogue;
 * - the note is written in the writer's own transaction, so a rolled-back transaction leaves no
 *   note (nothing was written) and a committed half-write leaves one;
 * - requests are sent one at a time, so every note between two reads belongs to the request in
 *   between, but for the outboxes' sender, which delivers messages queued by earlier (accepted)
 *   requests after their answer: on `*_outbox` tables only new and deleted rows are noted, so a
 *   refused request that queued a message is still caught;
 * - the probe is read and emptied in one statement after each request and the test's own repair
 *   (unblocking the callers), and the sessions the test creates land in an excluded table.
 * UPDATEs that change nothing (`old.* is not distinct from new.*`) are not writes and not noted.
 */
async function installWriteProbe(t: TestApp): Promise<void> {
  // One statement per call: PGlite's query protocol takes no more.
  await t.db.execute(
    sql`create table test_write_probe (id bigserial primary key, tbl text not null, op text not null)`,
  );
  await t.db.execute(sql`
    create function test_write_probe_note() returns trigger language plpgsql as $$
    begin
      insert into test_write_probe (tbl, op) values (tg_table_name, tg_op);
      return null;
    end $$;
  `);
  const result = await t.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const tables = (result.rows as Array<{ name: string }>)
    .map((row) => row.name)
    .filter((name) => name !== 'test_write_probe' && !MAY_RECORD_A_REFUSAL.test(name));
  expect(tables).toContain('records');
  expect(tables).toContain('users');
  for (const name of tables) {
    const table = sql.identifier(name);
    await t.db.execute(sql`
      create trigger test_write_probe_rows after insert or delete on ${table}
        for each row execute function test_write_probe_note()`);
    // The outboxes' own sender claims and marks earlier messages in the background; a refused
    // request must queue nothing (an INSERT), but may overlap another message's delivery.
    if (name.endsWith('_outbox')) continue;
    await t.db.execute(sql`
      create trigger test_write_probe_changes after update on ${table}
        for each row when (old.* is distinct from new.*) execute function test_write_probe_note()`);
  }
  await takeWriteProbe(t);
}

/** The writes noted since the probe was last emptied, as `table op` (e.g. `records INSERT`); empties it. */
async function takeWriteProbe(t: TestApp): Promise<string[]> {
  const result = await t.db.execute(sql`delete from test_write_probe returning id, tbl, op`);
  return (result.rows as Array<{ id: number; tbl: string; op: string }>)
    .sort((a, b) => Number(a.id) - Number(b.id))
    .slice(0, 20)
    .map((row) => `${row.tbl} ${row.op}`);
}

function describeLogged(entry: unknown): string {
  const err = (entry as { err?: unknown } | undefined)?.err ?? entry;
  if (err instanceof Error) return `${err.message}\n${err.stack?.split('\n').slice(1, 6).join('\n')}`;
  return JSON.stringify(err)?.slice(0, 500) ?? String(err);
}
