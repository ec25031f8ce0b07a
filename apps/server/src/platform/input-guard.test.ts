import { introductionSchedule } from '@pgel/shared/records/kinds';
import { INPUT_MESSAGES } from '@pgel/shared/schemas/common';
import { and, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competencies, inquiries, records, sessions, specialities, users } from '../db/schema/index';
import {
  createRecordRow,
  createUser,
  findUser,
  freshIp,
  post,
  put,
  type TestApp,
  type TestResponse,
  unique,
} from '../test/helpers';
import { type RecordsWorld, recordBody, validValues, withRecordsWorld } from '../test/records-world';

/**
 * Lone UTF-16 surrogates are valid in a JS string (and in JSON as "\ud800") but not in UTF-8:
 * PostgreSQL refuses them in jsonb ("unsupported Unicode escape sequence"), so a request carrying
 * one used to fail deep in a query as a 500. The guard refuses them, and NUL, for every route.
 */
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';
/** A high surrogate followed by something other than a low one. */
const UNPAIRED = '\udbffA';

function expectRefused(response: TestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json).toEqual({ code: 'validation', message: INPUT_MESSAGES.invalidCharacters });
}

describe('input guard: lone surrogates and NUL answer 400 and write nothing', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  it('auth: sign-up with a lone surrogate in the name creates no account', async () => {
    const email = `${unique('surrogate')}@example.org`;
    const response = await post(
      t.app,
      '/api/v1/auth/signup',
      {
        collegeId: w.medicine.college.id,
        departmentId: w.medicine.department.id,
        courseId: w.medicine.course.id,
        name: `Dr. ${LONE_HIGH} Rao`,
        phone: '9876543210',
        email,
        acceptTerms: true,
        password: 'Correct-Horse-9',
        confirmPassword: 'Correct-Horse-9',
      },
      { remoteAddress: freshIp() },
    );
    expectRefused(response);
    expect(await findUser(t.db, email)).toBeUndefined();
  });

  it.each([
    ['a lone surrogate', `Browser ${LONE_LOW}`],
    ['a NUL', 'Browser \u0000'],
  ])('auth: sign-in with %s in User-Agent stores no session', async (_label, userAgent) => {
    const user = await createUser(t.db, { placement: w.medicine });
    const response = await post(
      t.app,
      '/api/v1/auth/login',
      { email: user.email, password: user.password },
      { remoteAddress: freshIp(), headers: { 'user-agent': userAgent } },
    );
    expectRefused(response);
    const [row] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.n).toBe(0);
  });

  it('settings: an inquiry with a lone surrogate in its message is not stored', async () => {
    const email = `${unique('inquiry')}@example.org`;
    const response = await post(
      t.app,
      '/api/v1/inquiries',
      { name: 'Asha', phone: '9876543210', email, subject: 'Hello', message: `Hi ${UNPAIRED}` },
      { remoteAddress: freshIp() },
    );
    expectRefused(response);
    expect(await t.db.select().from(inquiries).where(eq(inquiries.email, email))).toEqual([]);
  });

  it('people: a profile with a lone surrogate in the address changes nothing', async () => {
    const response = await put(
      t.app,
      '/api/v1/profile',
      profileBody({ name: 'Dr. Renamed', address: `12 ${LONE_HIGH} Road` }),
      { cookie: w.actors.student.cookie },
    );
    expectRefused(response);
    const [row] = await t.db
      .select({ name: users.name, address: users.address })
      .from(users)
      .where(eq(users.id, w.actors.student.id));
    expect(row).toEqual({ name: w.actors.student.name, address: null });
  });

  it('staff: Add Staff with a lone surrogate in the name creates no account', async () => {
    const email = `${unique('staff')}@example.org`;
    const response = await post(
      t.app,
      '/api/v1/staff',
      { name: `Dr. ${LONE_LOW}`, email, phone: '+919876543210', role: 'professor' },
      { cookie: w.actors.hod.cookie },
    );
    expectRefused(response);
    expect(await findUser(t.db, email)).toBeUndefined();
  });

  it('reference: Master adding competencies and specialities with a lone surrogate adds none', async () => {
    const tag = unique('Gait');
    const competency = await post(
      t.app,
      '/api/v1/competencies',
      { departmentId: w.medicine.department.id, type: 'diag', text: `${tag} ${LONE_HIGH}, ${tag} ok` },
      { cookie: w.actors.master.cookie },
    );
    expectRefused(competency);
    const speciality = await post(
      t.app,
      '/api/v1/specialities',
      { departmentId: w.medicine.department.id, text: `${tag} ${LONE_LOW}` },
      { cookie: w.actors.master.cookie },
    );
    expectRefused(speciality);
    const [c] = await t.db
      .select({ n: count() })
      .from(competencies)
      .where(like(competencies.title, `${tag}%`));
    const [s] = await t.db
      .select({ n: count() })
      .from(specialities)
      .where(like(specialities.title, `${tag}%`));
    expect([c?.n, s?.n]).toEqual([0, 0]);
  });

  it('records: a lone surrogate in details, in a nested key or in Idempotency-Key creates no record', async () => {
    const values = validValues(introductionSchedule, w.refs);
    const before = await recordCount();
    const inDetails = await post(
      t.app,
      '/api/v1/records',
      recordBody(introductionSchedule, { ...values, topic: `Topic ${LONE_HIGH}` }),
      { cookie: w.actors.student.cookie },
    );
    expectRefused(inDetails);
    const inKey = await post(
      t.app,
      '/api/v1/records',
      {
        ...recordBody(introductionSchedule, values),
        extra: { deeper: [{ [`key${LONE_LOW}`]: 'value' }] },
      },
      { cookie: w.actors.student.cookie },
    );
    expectRefused(inKey);
    const inHeader = await post(t.app, '/api/v1/records', recordBody(introductionSchedule, values), {
      cookie: w.actors.student.cookie,
      headers: { 'idempotency-key': `retry-${LONE_HIGH}` },
    });
    expectRefused(inHeader);
    expect(await recordCount()).toBe(before);
  });

  it('records: a body nested deeper than any form creates no record, with or without Idempotency-Key', async () => {
    // 20,000 levels: code that walks a body recursively (the idempotency hash) ran out of stack.
    const depth = 20_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const body = JSON.stringify(recordBody(introductionSchedule, validValues(introductionSchedule, w.refs)));
    const payload = body.replace(/"topic":"[^"]*"/, `"topic":${nested}`);
    const before = await recordCount();
    for (const headers of [{ 'idempotency-key': 'deep-1' }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/records',
        payload,
        headers: { ...headers, 'content-type': 'application/json', cookie: w.actors.student.cookie },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: 'validation', message: INPUT_MESSAGES.tooDeep });
    }
    const shallow = await post(
      t.app,
      '/api/v1/records',
      { ...recordBody(introductionSchedule, validValues(introductionSchedule, w.refs)), extra: deep(40) },
      { cookie: w.actors.student.cookie },
    );
    expect(shallow.json).toEqual({ code: 'validation', message: INPUT_MESSAGES.tooDeep });
    expect(await recordCount()).toBe(before);
  });

  it('records: verifying with a lone surrogate in the remark leaves the record pending', async () => {
    const id = await createRecordRow(t.db, {
      kind: introductionSchedule.id,
      studentId: w.actors.student.id,
      placement: w.medicine,
      teacherId: w.actors.faculty.id,
      details: { topic: 'History taking' },
    });
    const response = await post(
      t.app,
      `/api/v1/records/${id}/verification`,
      { status: 'approved', remark: `Good ${UNPAIRED}`, score: 4 },
      { cookie: w.actors.faculty.cookie },
    );
    expectRefused(response);
    const [row] = await t.db
      .select({ status: records.status, remark: records.verifierRemark })
      .from(records)
      .where(eq(records.id, id));
    expect(row).toEqual({ status: 'pending', remark: null });
  });

  it('record options: a procedure title with a lone surrogate adds nothing', async () => {
    const tag = unique('Proc');
    const response = await post(
      t.app,
      '/api/v1/records/options/procedures',
      { title: `${tag} ${LONE_LOW}` },
      { cookie: w.actors.student.cookie },
    );
    expectRefused(response);
    const [row] = await t.db
      .select({ n: count() })
      .from(competencies)
      .where(
        and(like(competencies.title, `${tag}%`), eq(competencies.departmentId, w.medicine.department.id)),
      );
    expect(row?.n).toBe(0);
  });

  it('lets well-formed text through: paired surrogates (emoji), RTL marks, combining and zero-width characters', async () => {
    const address = 'Flat 3 \u{1F3E5} \u200f\u0645\u0633\u062a\u0634\u0641\u0649\u200e e\u0301 \u200b\ufeff';
    const response = await put(
      t.app,
      '/api/v1/profile',
      profileBody({ name: w.actors.otherStudent.name, address }),
      {
        cookie: w.actors.otherStudent.cookie,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db
      .select({ address: users.address })
      .from(users)
      .where(eq(users.id, w.actors.otherStudent.id));
    expect(row?.address).toBe(address.trim());
  });

  async function recordCount() {
    const [row] = await t.db
      .select({ n: count() })
      .from(records)
      .where(eq(records.studentId, w.actors.student.id));
    return row?.n ?? 0;
  }
});

function profileBody(overrides: { name: string; address: string }) {
  return {
    dob: null,
    bloodGroup: null,
    vaccinationStatus: null,
    registrationNumber: null,
    medicalCouncil: null,
    validUpto: null,
    joiningDate: null,
    regDate: null,
    university: null,
    universityRollNo: null,
    collegeRollNo: null,
    fatherName: null,
    motherName: null,
    unitHeadId: null,
    profilePicFileId: null,
    idProofFileId: null,
    ...overrides,
  };
}

/** `{ a: { a: … 1 } }`, `levels` objects deep. */
function deep(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}
