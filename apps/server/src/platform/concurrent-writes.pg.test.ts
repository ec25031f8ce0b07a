import { RECORD_KINDS } from '@pgel/shared/records/kinds';
import { and, count, eq, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, loginThrottle, records } from '../db/schema/index';
import { API_ACCESS_TABLE, type ApiActor } from '../test/api-access-table';
import {
  type ApiAccessWorld,
  bodyFor,
  cookieOf,
  pathParamsFor,
  pdfUpload,
  queryFor,
} from '../test/api-access-world';
import { encodeSegment, type OpenApiDocument, type Parameter } from '../test/bad-requests';
import {
  type ConcurrencyWorld,
  CROWD_SIZE,
  type CrowdMember,
  createConcurrencyWorld,
  crowdKindOf,
  personalise,
  sessionCookie,
  snapshotUsers,
} from '../test/concurrency-world';
import { buildTestApp, freshIp, multipartBody, type TestApp, unique } from '../test/helpers';
import { type JsonSchema, schemaValue } from '../test/json-schema-arbitrary';
import { recordBody, validValues } from '../test/records-world';
import { REPLAYED_HEADER } from './idempotency';

/**
 * Issue 27: concurrent writes never fail. Every create and update route of the OpenAPI document
 * (POST, PUT, PATCH) gets eight requests at the same moment: from one user (with and without an
 * Idempotency-Key where the route takes one, and eight times one key), and from eight users of one
 * department. No answer may be a 5xx; every 4xx carries a message; and the rows add up afterwards
 * (a create route made as many rows as it answered 2xx; one key made one row).
 *
 * PostgreSQL only: PGlite is one connection, so its transactions never overlap. Before the fix,
 * eight record creates with their own keys deadlocked (the key's row holds a KEY SHARE lock on the
 * student, and the rules then asked FOR UPDATE on the same row) and answered 500.
 */
const PREFIX = '/api/v1';
const WRITE_METHODS = ['post', 'put', 'patch'] as const;
const REPLAYED = REPLAYED_HEADER.toLowerCase();

type Operation = {
  key: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** Whether the route documents the Idempotency-Key header. */
  takesKey: boolean;
};

function writeOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of WRITE_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path.startsWith(PREFIX) ? path.slice(PREFIX.length) : path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters,
        body: operation.requestBody?.content?.['application/json']?.schema,
        takesKey: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      });
    }
  }
  return operations;
}

/** Who sends a route's requests: the first of these the access table lets through. */
const PREFERRED_ACTORS: readonly ApiActor[] = [
  'student',
  'faculty',
  'hod',
  'drpCoordinator',
  'master',
  'sameDepartmentStudent',
  'otherCollegeStudent',
  'otherDepartmentFaculty',
  'otherCollegeHod',
  'anonymous',
];
/** Routes open to everyone whose body names a user of another kind than the first preferred. */
const ACTOR_OF: Record<string, ApiActor> = { 'POST /auth/staff-login': 'faculty' };

function actorFor(key: string): ApiActor {
  const fixed = ACTOR_OF[key];
  if (fixed) return fixed;
  const entry = API_ACCESS_TABLE[key];
  // A route the table does not know yet (the access matrix fails on it): Master may do most.
  if (!entry) return 'master';
  const answers: readonly ApiActor[] = 'answers' in entry ? entry.answers : entry;
  return PREFERRED_ACTORS.find((actor) => answers.includes(actor)) ?? 'master';
}

/**
 * The table a create route adds one row to for each 2xx; the test counts it before and after.
 * Routes not named here are checked for their answers only.
 */
const CREATES: Record<string, string> = {
  'POST /records': 'records',
  'POST /memos': 'memos',
  'POST /appraisals': 'appraisals',
  'POST /aetcom': 'aetcom_records',
  'POST /drp/postings': 'drp_postings',
  'POST /packages': 'packages',
  'POST /coupons': 'coupons',
  'POST /staff': 'users',
  'POST /staff/hods': 'users',
  'POST /people/teachers': 'users',
  'POST /auth/signup': 'users',
  'POST /admin/colleges': 'colleges',
  'POST /admin/departments': 'departments',
  'POST /admin/departments/{id}/courses': 'courses',
  'POST /competencies': 'competencies',
  'POST /skills': 'skills',
  'POST /specialities': 'specialities',
  'POST /institutions': 'institutions',
  'POST /inquiries': 'inquiries',
  'POST /files': 'files',
  'POST /records/options/procedures': 'competencies',
  'POST /records/options/skills': 'skills',
  'POST /records/options/specialities': 'specialities',
};

type Sent = {
  url: string;
  payload?: { payload: string | Buffer; contentType: string };
  cookie?: string;
  ip: string;
  idempotencyKey?: string;
};
type Answer = { statusCode: number; body: string; replayed: boolean; recordId?: string };

describe('concurrent writes on PostgreSQL (issue 27)', () => {
  let t: TestApp;
  let cw: ConcurrencyWorld;
  let w: ApiAccessWorld;

  beforeAll(async () => {
    t = await buildTestApp();
    cw = await createConcurrencyWorld(t);
    w = cw.access;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers eight requests at once on every create and update route without a 5xx, and the rows add up', async () => {
    // Retries are reported on stderr (db/retrying-transactions.ts); counted here, not printed.
    let retries = 0;
    const warn = console.warn.bind(console);
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).startsWith('transaction retried')) retries += 1;
      else warn(...args);
    });
    const started = Date.now();
    const statuses = new Map<number, number>();
    const errors: string[] = [];
    const faults: string[] = [];
    let requests = 0;
    let batches = 0;

    /** Sends a batch at once and checks every answer: no 5xx, a message with every 4xx. */
    async function fire(label: string, operation: Operation, sent: Sent[]): Promise<Answer[]> {
      batches += 1;
      requests += sent.length;
      const responses = await Promise.all(
        sent.map((one) =>
          t.app.inject({
            method: operation.method,
            url: one.url,
            headers: {
              ...(one.cookie ? { cookie: one.cookie } : {}),
              ...(one.payload ? { 'content-type': one.payload.contentType } : {}),
              ...(one.idempotencyKey ? { 'idempotency-key': one.idempotencyKey } : {}),
            },
            remoteAddress: one.ip,
            ...(one.payload ? { payload: one.payload.payload } : {}),
          }),
        ),
      );
      return responses.map((response) => {
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${operation.key} (${label}): ${response.statusCode}`;
        if (response.statusCode >= 500) errors.push(`${where} ${response.body.slice(0, 200)}`);
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(response.body) as Record<string, unknown>;
        } catch {
          // Not JSON (a PDF, an empty answer): only 4xx answers need a body.
        }
        if (response.statusCode >= 400 && response.statusCode < 500) {
          if (typeof json.message !== 'string' || json.message.trim() === '') {
            faults.push(`${where} without a message: ${response.body.slice(0, 200)}`);
          }
        }
        const record = json.record as { id?: unknown } | undefined;
        return {
          statusCode: response.statusCode,
          body: response.body,
          replayed: response.headers[REPLAYED] === 'true',
          recordId: typeof record?.id === 'string' ? record.id : undefined,
        };
      });
    }

    const rowsOf = async (table: string) => {
      const result = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      );
      return Number(result.rows[0]?.n ?? 0);
    };
    const ok = (answers: Answer[]) => answers.filter((a) => a.statusCode >= 200 && a.statusCode < 300);

    /** Runs a batch and checks that a create route's table grew by what it answered. */
    async function batch(label: string, operation: Operation, sent: Sent[], sharedKey = false) {
      const table = CREATES[operation.key];
      const before = table ? await rowsOf(table) : 0;
      const answers = await fire(label, operation, sent);
      const succeeded = ok(answers);
      if (table) {
        const made = (await rowsOf(table)) - before;
        // One key: one row, whatever the number of answers that replay it.
        const expected = sharedKey ? Math.min(succeeded.length, 1) : succeeded.length;
        if (made !== expected) {
          faults.push(
            `${operation.key} (${label}): ${succeeded.length} answers 2xx, ${made} rows in ${table}`,
          );
        }
      }
      if (sharedKey && succeeded.length > 0) {
        const ids = new Set(succeeded.map((a) => a.recordId ?? a.body));
        const replays = succeeded.filter((a) => a.replayed).length;
        if (ids.size !== 1 || replays !== succeeded.length - 1) {
          faults.push(
            `${operation.key} (${label}): one key answered ${ids.size} different bodies, ${replays} of ${succeeded.length} marked replayed`,
          );
        }
      }
      return answers;
    }

    const identityOf = (actor: ApiActor): CrowdMember => {
      const kind = crowdKindOf(actor);
      const a = w.academic;
      switch (actor) {
        case 'anonymous':
          return {};
        case 'student':
        case 'faculty':
        case 'hod':
        case 'master':
        case 'drpCoordinator':
          return cw.crowds[kind][0] ?? {};
        case 'sameDepartmentStudent':
          return cw.crowds.student[1] ?? {};
        case 'otherCollegeStudent':
          return { id: a.otherCollegeStudent.id, email: a.otherCollegeStudent.email };
        case 'otherDepartmentFaculty':
          return { id: a.actors.facultyOtherDepartment.id, email: a.actors.facultyOtherDepartment.email };
        case 'otherCollegeHod':
          return { id: a.hodOtherCollege.id, email: a.hodOtherCollege.email };
        default:
          return { id: w.userIds[actor] };
      }
    };

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

    /** A body for one request: the matrix's valid one (new names each call), else one from the schema. */
    function payloadOf(operation: Operation, params: Record<string, string>): Sent['payload'] {
      if (operation.key === 'POST /files') {
        const { body, contentType } = multipartBody(pdfUpload());
        return { payload: body, contentType };
      }
      const explicit = bodyFor(w, operation.key, params);
      if (explicit !== undefined)
        return { payload: JSON.stringify(explicit), contentType: 'application/json' };
      if (!operation.body) return undefined;
      const [generated] = fc.sample(schemaValue(operation.body, w.hints, false), { numRuns: 1, seed: 27 });
      return { payload: JSON.stringify(generated), contentType: 'application/json' };
    }

    const personalised = (payload: Sent['payload'], from: CrowdMember, to: CrowdMember): Sent['payload'] =>
      payload && typeof payload.payload === 'string'
        ? { ...payload, payload: personalise(payload.payload, from, to) }
        : payload;

    /** Fresh rows for the route's path ids; the first ones again if the world cannot make more. */
    async function paramsFor(operation: Operation, first?: Record<string, string>) {
      if (operation.key === 'POST /payments/orders') {
        // A student may make only so many orders an hour (payments.throttle.ts).
        await t.db.delete(loginThrottle).where(like(loginThrottle.key, 'payment-order:%'));
      }
      try {
        return await pathParamsFor(t, w, operation.key);
      } catch (err) {
        if (first) return first;
        throw err;
      }
    }

    await t.app.ready();
    const operations = writeOperations(t.app.swagger() as OpenApiDocument);
    const keyed: string[] = [];
    for (const operation of operations) {
      const restore = await snapshotUsers(t, cw.userIds);
      const actor = actorFor(operation.key);
      const me = identityOf(actor);
      const ip = freshIp();
      const oneUser = async (
        label: string,
        keys: 'none' | 'own' | 'shared',
        params: Record<string, string>,
      ) => {
        const cookie = await cookieOf(t, w, actor);
        const url = urlOf(operation, params);
        const shared = unique('key');
        const sharedPayload = payloadOf(operation, params);
        const sent = Array.from(
          { length: CROWD_SIZE },
          (): Sent => ({
            url,
            cookie,
            ip,
            payload: keys === 'shared' ? sharedPayload : payloadOf(operation, params),
            ...(keys === 'own' ? { idempotencyKey: unique('key') } : {}),
            ...(keys === 'shared' ? { idempotencyKey: shared } : {}),
          }),
        );
        return batch(label, operation, sent, keys === 'shared');
      };

      const first = await paramsFor(operation);
      await oneUser('one user', 'none', first);
      if (operation.takesKey) {
        keyed.push(operation.key);
        await oneUser('one user, a key each', 'own', await paramsFor(operation, first));
        await oneUser('one user, one key', 'shared', await paramsFor(operation, first));
      }

      // Eight users of one kind (students, faculty and HODs of one department) at once.
      const params = await paramsFor(operation, first);
      const crowd = [me, ...cw.crowds[crowdKindOf(actor)].filter((m) => m.id !== me.id || !m.id)].slice(
        0,
        CROWD_SIZE,
      );
      const sent: Sent[] = [];
      for (const member of crowd) {
        sent.push({
          url: personalise(urlOf(operation, params), me, member),
          cookie: member.id ? await sessionCookie(t, member.id) : undefined,
          ip: freshIp(),
          payload: personalised(payloadOf(operation, params), me, member),
          ...(operation.takesKey ? { idempotencyKey: unique('key') } : {}),
        });
      }
      await batch(`${CROWD_SIZE} users`, operation, sent);
      await restore();
    }

    // Every record kind: eight creates at once by the owning student, each with its own key.
    const create = operations.find((operation) => operation.key === 'POST /records');
    const student = await cookieOf(t, w, 'student');
    const ownerId = w.academic.actors.student.id;
    const recordsOfKind = async (kind: string) => {
      const [row] = await t.db
        .select({ n: count() })
        .from(records)
        .where(and(eq(records.studentId, ownerId), eq(records.kind, kind)));
      return row?.n ?? 0;
    };
    for (const kind of create ? RECORD_KINDS : []) {
      const before = await recordsOfKind(kind.id);
      const prefix = unique(`kind-${kind.id}-`);
      const answers = await fire(
        `${kind.id}, a key each`,
        create as Operation,
        Array.from({ length: CROWD_SIZE }, (_, i) => ({
          url: `${PREFIX}/records`,
          cookie: student,
          ip: freshIp(),
          idempotencyKey: `${prefix}${i}`,
          payload: {
            payload: JSON.stringify(recordBody(kind, validValues(kind, w.academic.refs, w.documentId))),
            contentType: 'application/json',
          },
        })),
      );
      const made = (await recordsOfKind(kind.id)) - before;
      const [keys] = await t.db
        .select({ n: count() })
        .from(idempotencyKeys)
        .where(like(idempotencyKeys.key, `${prefix}%`));
      if (made !== ok(answers).length || keys?.n !== made) {
        faults.push(
          `POST /records (${kind.id}, a key each): ${ok(answers).length} answers 2xx, ${made} records, ${keys?.n} keys kept`,
        );
      }
    }
    spy.mockRestore();

    const byStatus = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    console.log(
      `Concurrent writes: ${operations.length} create and update routes (${keyed.length} with Idempotency-Key: ${keyed.join(', ')}) and ${RECORD_KINDS.length} record kinds, ${batches} batches of ${CROWD_SIZE} requests at once = ${requests} requests in ${Math.round((Date.now() - started) / 1000)} s; answers by status: ${byStatus}; ${errors.length} answered 5xx; ${retries} transactions retried after a deadlock or serialization failure`,
    );
    expect({ '5xx answers': errors, 'other faults': faults }).toEqual({
      '5xx answers': [],
      'other faults': [],
    });
  }, 300_000);
});
