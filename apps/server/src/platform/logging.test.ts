import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clinicalCase } from '@pgel/shared/records/kinds';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { APP_URL, DEFAULT_PASSWORD, openTestDatabase, post, type TestApp, unique } from '../test/helpers';
import { createRecordsWorld, recordBody, validValues } from '../test/records-world';
import {
  loggerOptions,
  PATIENT_FIELDS,
  REDACTED,
  redactLogObject,
  serializeError,
  statementName,
  urlForLog,
} from './logging';

/** A log destination in memory: each line pino writes, parsed. */
function memoryLog() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const PATIENT = {
  name: 'Ravi Shankar Kulkarni',
  contactNumber: '9123456780',
  address: '14 Lotus Lane, Pune',
};

/** A failed insert as Drizzle reports it, around the driver's error (both carry the values). */
function failedInsert() {
  const query =
    'insert into "records" ("id", "kind", "details", "sensitive_details") values (default, $1, $2, $3)';
  const params = ['clinical-case', '{"patientId":"P-1"}', JSON.stringify(PATIENT)];
  const driverError = Object.assign(new Error(`invalid input syntax for type json: "${PATIENT.name}"`), {
    severity: 'ERROR',
    code: '23514',
    table: 'records',
    constraint: 'records_kind_check',
    detail: `Failing row contains (clinical-case, ${PATIENT.name}, ${PATIENT.contactNumber}).`,
    query,
    params,
  });
  return new DrizzleQueryError(query, params, driverError);
}

describe('log serializers and redaction', () => {
  it('logs a failed query by code, names and statement, never its values or the server message', () => {
    const logged = serializeError(failedInsert());
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23514',
      table: 'records',
      constraint: 'records_kind_check',
      statement: 'insert into "records"',
      message: 'Failed query: insert into "records" (23514)',
    });
    const text = JSON.stringify(logged);
    for (const value of Object.values(PATIENT)) expect(text).not.toContain(value);
    expect(text).not.toContain('params');
    expect(text).not.toContain('Failing row');
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "records" \(23514\)\n\s+at /);
  });

  it('keeps type, message, stack and cause of other errors, without any params part or extra properties', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const outer = Object.assign(new Error(`Failed query: select 1\nparams: ${PATIENT.name}`), {
      cause: new TypeError('bad state', { cause: inner }),
      client: { password: 'db-secret' },
    });
    // Drizzle's message shape on an error that is not itself the query's: the values still go.
    expect(serializeError(outer)).toMatchObject({
      type: 'Error',
      message: 'Failed query: select',
      cause: { type: 'TypeError', message: 'bad state', cause: { code: 'ECONNREFUSED' } },
    });
    const plain = serializeError(Object.assign(new TypeError('boom\nparams: 1, secret'), { cause: inner }));
    expect(plain).toMatchObject({
      type: 'TypeError',
      message: 'boom',
      cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
    expect(plain.stack).toMatch(/^TypeError: boom\n\s+at /);
    expect(JSON.stringify([serializeError(outer), plain])).not.toMatch(/db-secret|Ravi|secret/);
  });

  it('logs a lost connection by its code, without the client pg attaches to it', () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      severity: 'FATAL',
      code: '57P01',
      client: { connectionParameters: { password: 'db-secret' } },
    });
    const logged = serializeError(lost);
    expect(logged).toMatchObject({ message: 'Database error (57P01)', code: '57P01' });
    expect(JSON.stringify(logged)).not.toContain('db-secret');
  });

  it('names a statement from its first words and never from a value', () => {
    expect(statementName('insert into "records" ("id") values ($1)')).toBe('insert into "records"');
    expect(statementName('update "users" set "name" = $1')).toBe('update "users"');
    expect(statementName('delete from "sessions" where "id" = $1')).toBe('delete from "sessions"');
    expect(statementName('select "id", "name" from "users" where "email" = $1')).toBe('select from "users"');
    expect(statementName("select 'Ravi from Pune' as x")).toBe('select');
    expect(statementName('begin')).toBe('begin');
  });

  it('redacts passwords, tokens, session headers and patient fields from any logged object', () => {
    expect([...PATIENT_FIELDS].sort()).toEqual(['address', 'contactNumber', 'name', 'patient', 'patientId']);
    const log = memoryLog();
    const app = Fastify({ logger: loggerOptions('info', log.stream) });
    app.log.info(
      {
        password: 'Top-Secret-1',
        body: {
          currentPassword: 'Top-Secret-2',
          newPassword: 'Top-Secret-3',
          confirmPassword: 'Top-Secret-3',
          kind: 'clinical-case',
          details: { ...PATIENT, patientId: 'P-77' },
        },
        // (`req` and `res` themselves go through Fastify's serializers: see the next test.)
        request: { headers: { cookie: 'pgel_session=tok-123', authorization: 'Bearer tok-456' } },
        response: { headers: { 'set-cookie': 'pgel_session=tok-789; HttpOnly' } },
        record: { sensitiveDetails: PATIENT, token: 'tok-000' },
        patientName: PATIENT.name,
        deep: { a: { b: { c: { d: [{ someOtherPasswordField: 'Top-Secret-4', details: PATIENT }] } } } },
        procedure: { kind: 'procedure', details: { patient: 'Sita Devi-77', ipd: 'IPD-9' } },
      },
      'an object someone logged',
    );
    const text = log.text();
    for (const secret of [
      'Top-Secret',
      'tok-123',
      'tok-456',
      'tok-789',
      'tok-000',
      ...Object.values(PATIENT),
      'P-77',
      'Sita Devi-77',
    ]) {
      expect(text).not.toContain(secret);
    }
    const [entry] = log.entries();
    expect(entry).toMatchObject({
      password: REDACTED,
      body: { kind: 'clinical-case', details: { name: REDACTED, patientId: REDACTED } },
      procedure: { details: { patient: REDACTED, ipd: 'IPD-9' } },
      request: { headers: { cookie: REDACTED, authorization: REDACTED } },
      response: { headers: { 'set-cookie': REDACTED } },
      record: { sensitiveDetails: REDACTED },
      msg: 'an object someone logged',
    });
  });

  it('leaves objects without personal data as they are (no copy) and never walks into requests', () => {
    const clean = { fileId: 'f-1', nested: { name: 'College of Medicine', list: [1, 2] } };
    expect(redactLogObject(clean)).toBe(clean);
    const notPlain = new (class Holder {
      password = 'kept for its serializer';
    })();
    expect(redactLogObject({ req: notPlain }).req).toBe(notPlain);
  });

  it('redacts the session headers of a request and reply even when a serializer keeps headers', async () => {
    const log = memoryLog();
    const base = loggerOptions('info', log.stream);
    const app = Fastify({
      logger: {
        ...base,
        serializers: {
          ...base.serializers,
          req: (req) => ({ method: req.method, headers: req.headers }),
          res: (reply) => ({ statusCode: reply.statusCode, headers: reply.getHeaders?.() }),
        },
      },
    });
    app.get('/', async (_request, reply) => reply.header('set-cookie', 'pgel_session=tok-out').send('ok'));
    const response = await app.inject({
      url: '/',
      headers: { cookie: 'pgel_session=tok-in', authorization: 'Bearer tok-auth' },
    });
    expect(response.statusCode).toBe(200);
    const text = log.text();
    expect(text).toContain(REDACTED);
    for (const secret of ['tok-in', 'tok-auth', 'tok-out']) expect(text).not.toContain(secret);
    await app.close();
  });
});

describe('request URLs in the log', () => {
  it('hides tokens in the path and search terms, keeping ids and the rest', () => {
    const token = 'Qm9vdHN0cmFwLXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2g';
    const id = '0b6f3c1e-8a2d-4c5e-9f10-1a2b3c4d5e6f';
    expect(urlForLog(`/api/v1/auth/verify/${token}`)).toBe(`/api/v1/auth/verify/${REDACTED}`);
    expect(urlForLog(`/api/v1/records/${id}?kind=clinical-case&search=Ravi%20K&page=2&token=abc`)).toBe(
      `/api/v1/records/${id}?kind=clinical-case&search=${REDACTED}&page=2&token=${REDACTED}`,
    );
    expect(urlForLog('/api/v1/settings/public')).toBe('/api/v1/settings/public');
  });

  it('keeps a verification token out of the request log line', async () => {
    const log = memoryLog();
    const app = Fastify({ logger: loggerOptions('info', log.stream) });
    app.get('/api/v1/auth/verify/:token', async () => ({ ok: true }));
    const token = 'c2VjcmV0LXZlcmlmaWNhdGlvbi10b2tlbi12YWx1ZQ';
    await app.inject({ url: `/api/v1/auth/verify/${token}?search=Ravi` });
    await app.close();
    const incoming = log.entries().find((entry) => entry.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({
      method: 'GET',
      url: `/api/v1/auth/verify/${REDACTED}?search=${REDACTED}`,
    });
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain('Ravi');
  });
});

describe('a failing insert of a clinical case (logged through the app)', () => {
  const log = memoryLog();
  let t: TestApp;

  beforeAll(async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgel-test-data-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(os.tmpdir(), 'pgel-test-no-web-dist'),
    });
    const app = await buildApp({ config, database, logger: loggerOptions('info', log.stream) });
    t = {
      app,
      db: database.db,
      kind: database.kind,
      dataDir,
      close: async () => {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(async () => t?.close());

  it('answers a generic 500 and logs the SQLSTATE and statement, but no patient data, password or cookie', async () => {
    const w = await createRecordsWorld(t);
    // This database (and only this one) now refuses every new record.
    await t.db.execute(
      sql.raw('alter table records add constraint records_refused_by_test check (false) not valid'),
    );
    const values = {
      ...validValues(clinicalCase, w.refs),
      name: `Ravi ${unique('Patient')}`,
      contactNumber: '9123456780',
      address: `14 ${unique('Lotus')} Lane, Pune`,
    };
    const response = await post(t.app, '/api/v1/records', recordBody(clinicalCase, values), {
      cookie: w.actors.student.cookie,
    });

    expect(response.statusCode).toBe(500);
    expect(response.json).toEqual({ code: 'internal', message: GENERIC_MESSAGES.tryAgain });
    const failure = log.entries().find((entry) => entry.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({
      code: '23514',
      constraint: 'records_refused_by_test',
      table: 'records',
      statement: 'insert into "records"',
    });
    const text = log.text();
    const cookieToken = w.actors.student.cookie.split('=')[1] ?? '';
    expect(cookieToken.length).toBeGreaterThan(10);
    for (const secret of [values.name, values.contactNumber, values.address, w.actors.student.email]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(cookieToken);
    expect(text).not.toContain(DEFAULT_PASSWORD); // every fixture's password, sent at sign-in
    expect(text).not.toContain('params');
  });
});
