import { like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../db/schema/index';
import {
  API_ACCESS_TABLE,
  API_ACTORS,
  type ApiActor,
  CANNOT_SUCCEED,
  SHOWS_PATIENT_NAMES,
} from '../test/api-access-table';
import {
  type ApiAccessWorld,
  bodyFor,
  cookieOf,
  createApiAccessWorld,
  pathParamsFor,
  pdfUpload,
  queryFor,
  snapshotActors,
} from '../test/api-access-world';
import { encodeSegment, type OpenApiDocument, type Parameter } from '../test/bad-requests';
import { buildTestApp, freshIp, multipartBody, type TestApp } from '../test/helpers';
import { type JsonSchema, schemaValue } from '../test/json-schema-arbitrary';

/**
 * Issue 15: the access matrix over the whole API. Every operation of the app's OpenAPI document
 * is called as each of ten actors, with ids of the owning student's data and bodies valid enough
 * that authorization, not validation, decides. A 2xx outside `API_ACCESS_TABLE` fails, as does an
 * operation the table does not name (or an entry the document no longer has). For each operation
 * the actors the table refuses go first, so an allowed write (a DELETE) cannot hide their fault.
 */
const PREFIX = '/api/v1';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Operation = {
  key: string;
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  multipart: boolean;
};

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const route = path.startsWith(PREFIX) ? path.slice(PREFIX.length) : path;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        key: `${method.toUpperCase()} ${route}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

describe('access matrix over the whole API (generated from the OpenAPI document)', () => {
  let t: TestApp;
  let w: ApiAccessWorld;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createApiAccessWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a 2xx only to the actors the table names, for every operation', async () => {
    await t.app.ready();
    const operations = operationsOf(t.app.swagger() as OpenApiDocument);
    const keys = new Set(operations.map((operation) => operation.key));
    const missing = [...keys].filter((key) => !(key in API_ACCESS_TABLE));
    const stale = Object.keys(API_ACCESS_TABLE).filter((key) => !keys.has(key));
    const restoreActors = await snapshotActors(t, w);
    // Deletions last: a row one operation deletes cannot be another's.
    const ordered = [
      ...operations.filter((operation) => operation.method !== 'DELETE'),
      ...operations.filter((operation) => operation.method === 'DELETE'),
    ];
    const faults: string[] = [];
    const errors: string[] = [];
    const unproven: string[] = [];
    let refusals = 0;
    let allowed2xx = 0;
    for (const operation of ordered) {
      const entry = API_ACCESS_TABLE[operation.key] ?? [];
      const table: readonly ApiActor[] = 'answers' in entry ? entry.answers : entry;
      const seesOwner: readonly ApiActor[] = 'seesOwner' in entry ? entry.seesOwner : table;
      const showsPatient = SHOWS_PATIENT_NAMES[operation.key] ?? [];
      const actors = [
        ...API_ACTORS.filter((actor) => !table.includes(actor)),
        ...API_ACTORS.filter((actor) => table.includes(actor)),
      ];
      const params = await pathParamsFor(t, w, operation.key);
      const url = urlOf(operation, params);
      let succeeded = 0;
      for (const actor of actors) {
        // A body per call: names and addresses a create needs unique are new each time.
        const response = await send(operation, url, payloadOf(operation, params), actor);
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        if (response.statusCode >= 500) {
          errors.push(`${operation.key} as ${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
        if (!ok) {
          refusals += 1;
          continue;
        }
        succeeded += 1;
        if (!table.includes(actor)) faults.push(`${operation.key} as ${actor}: ${response.statusCode}`);
        else if (!seesOwner.includes(actor) && mentionsOwner(response.body)) {
          faults.push(`${operation.key} as ${actor}: ${response.statusCode} naming the owning student`);
        } else if (namesPatient(response.body) !== showsPatient.includes(actor)) {
          faults.push(
            `${operation.key} as ${actor}: ${response.statusCode} ${showsPatient.includes(actor) ? 'without' : 'with'} the full patient name`,
          );
        } else allowed2xx += 1;
        // A request may block, delete or re-place the world's people; put them back.
        if (operation.method !== 'GET') await restoreActors();
      }
      if (succeeded === 0) unproven.push(operation.key);
      await restoreActors();
    }
    console.log(
      `API access matrix: ${operations.length} operations x ${API_ACTORS.length} actors = ${operations.length * API_ACTORS.length} calls: ${refusals} refused (non-2xx), ${allowed2xx} allowed 2xx, ${faults.length} outside the table; ${unproven.length} operations answered no one a 2xx`,
    );
    // One assertion, so a failure lists every kind of fault at once.
    expect({
      'operations of the OpenAPI document missing from api-access-table.ts': missing,
      'entries of api-access-table.ts the OpenAPI document no longer has': stale,
      '2xx answers outside api-access-table.ts': faults,
      '5xx answers': errors,
      'operations that answered no one a 2xx (CANNOT_SUCCEED lists those that cannot)': unproven.sort(),
    }).toEqual({
      'operations of the OpenAPI document missing from api-access-table.ts': [],
      'entries of api-access-table.ts the OpenAPI document no longer has': [],
      '2xx answers outside api-access-table.ts': [],
      '5xx answers': [],
      'operations that answered no one a 2xx (CANNOT_SUCCEED lists those that cannot)': [
        ...CANNOT_SUCCEED,
      ].sort(),
    });
  }, 120_000);

  function mentionsOwner(body: string): boolean {
    const owner = w.academic.actors.student;
    return body.includes(owner.id) || body.includes(owner.name) || body.includes(owner.email);
  }

  /** Whether a body holds one of the full patient names the owning student's records hold. */
  function namesPatient(body: string): boolean {
    return w.patientNames.some((name) => body.includes(name));
  }

  function urlOf(operation: Operation, params: Record<string, string>): string {
    const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      encodeSegment(params[name] ?? ''),
    );
    const names = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    const query = Object.entries(queryFor(w, operation.key, names))
      .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
      .join('&');
    return query ? `${path}?${query}` : path;
  }

  /** The operation's body: its explicit one, else one generated from its schema. */
  function payloadOf(
    operation: Operation,
    params: Record<string, string>,
  ): { payload: string | Buffer; contentType: string } | undefined {
    if (operation.key === 'POST /files') {
      const { body, contentType } = multipartBody(pdfUpload());
      return { payload: body, contentType };
    }
    const explicit = bodyFor(w, operation.key, params);
    if (explicit !== undefined) return { payload: JSON.stringify(explicit), contentType: 'application/json' };
    if (!operation.body) return undefined;
    const [generated] = fc.sample(schemaValue(operation.body, w.hints, false), { numRuns: 1, seed: 15 });
    return { payload: JSON.stringify(generated), contentType: 'application/json' };
  }

  async function send(
    operation: Operation,
    url: string,
    body: ReturnType<typeof payloadOf>,
    actor: ApiActor,
  ) {
    const headers: Record<string, string> = {};
    const cookie = await cookieOf(t, w, actor);
    if (cookie) headers.cookie = cookie;
    if (body) headers['content-type'] = body.contentType;
    if (operation.key === 'POST /payments/orders') {
      // A student may make only so many orders an hour (payments.throttle.ts).
      await t.db.delete(loginThrottle).where(like(loginThrottle.key, 'payment-order:%'));
    }
    return t.app.inject({
      method: operation.method,
      url,
      headers,
      // Sign-in and other throttles count per address; each request comes from its own.
      remoteAddress: freshIp(),
      ...(body ? { payload: body.payload } : {}),
    });
  }
});
