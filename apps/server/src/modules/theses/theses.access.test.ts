import { ACADEMIC_MESSAGES } from '@pgel/shared/academic/common';
import { THESIS_MESSAGES, type ThesisStep } from '@pgel/shared/academic/thesis';
import { todayIso } from '@pgel/shared/schemas/dates';
import { asc, count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, theses } from '../../db/schema/index';
import {
  ACADEMIC_CALLERS,
  type AcademicCaller,
  type AcademicWorld,
  withAcademicWorld,
} from '../../test/academic-world';
import { get, inject, post, type TestApp, type TestResponse } from '../../test/helpers';
import type { RecordActor } from '../../test/records-world';
import { uploadDocument } from '../../test/records-world';
import { thesesRoutes } from './theses.routes';

type Json = Record<string, unknown>;
type Status = Record<AcademicCaller, number>;
type Case = {
  /** `METHOD /path` as the module registers it, for the coverage check. */
  route: string;
  name: string;
  status: Status;
  send: (who: AcademicCaller) => Promise<TestResponse>;
  /** What the answer must (not) hold, and what the database must (not) hold afterwards. */
  verify: (who: AcademicCaller, response: TestResponse, before: Snapshot) => Promise<void>;
};
type Snapshot = { rows: unknown[]; audits: number };

const staffCallers = ['faculty', 'facultyOtherDepartment', 'hod', 'hodOtherCollege', 'master'] as const;
const isStudentCaller = (who: AcademicCaller) => who === 'student' || who === 'otherStudent';

/** A write: the students write their own (the steps in order); staff and anonymous are refused. */
const writeStatus = (ok: number): Status => ({
  anonymous: 401,
  student: ok,
  otherStudent: ok,
  faculty: 403,
  facultyOtherDepartment: 403,
  hod: 403,
  hodOtherCollege: 403,
  master: 403,
});

describe('theses: every route for every kind of caller', () => {
  let t: TestApp;
  let w: AcademicWorld;
  /** Each synopsis's title, by its student; none may leak to a caller outside that student's scope. */
  const titles = new Map<string, string>();

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  const cookieOf = (who: AcademicCaller) => w.academicCookieOf(who);

  /** Three synopses: the Medicine student's (every step), Surgery's and the other college's (title). */
  beforeAll(async () => {
    const write = async (s: RecordActor, step: string, body: Json, status = 200) => {
      const response = await post(t.app, `/api/v1/theses/synopsis/${step}`, body, { cookie: s.cookie });
      expect(response.statusCode, response.body).toBe(status);
    };
    for (const s of [w.actors.student, w.surgeryStudent, w.otherCollegeStudent]) {
      const title = `Secret synopsis of ${s.name}`;
      titles.set(s.id, title);
      await write(s, 'title', { title }, 201);
    }
    const s = w.actors.student;
    await write(s, 'guide', { guideId: w.actors.faculty.id });
    await write(s, 'co-guides', { coGuides: [{ name: 'Dr. Co', department: w.surgery.department.name }] });
    await write(s, 'certificate', { fileId: await uploadDocument(t, s.cookie) });
  });

  async function snapshot(): Promise<Snapshot> {
    const rows = await t.db.select().from(theses).orderBy(asc(theses.id));
    const [audits] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'thesis'));
    return { rows, audits: audits?.n ?? 0 };
  }

  /** Which students' synopses a caller may read. */
  function readable(who: AcademicCaller): Set<string> {
    switch (who) {
      case 'anonymous':
        return new Set();
      case 'student':
        return new Set([w.actors.student.id]);
      case 'otherStudent':
        return new Set([w.actors.otherStudent.id]);
      case 'faculty':
      case 'hod':
        return new Set([w.actors.student.id, w.actors.otherStudent.id]);
      case 'facultyOtherDepartment':
        return new Set([w.surgeryStudent.id]);
      case 'hodOtherCollege':
        return new Set([w.otherCollegeStudent.id]);
      case 'master':
        return new Set([w.actors.student.id, w.surgeryStudent.id, w.otherCollegeStudent.id]);
    }
  }

  /** The body holds no title (nor thesis id) of a student the caller may not read. */
  async function expectNothingOutsideScope(who: AcademicCaller, response: TestResponse) {
    const rows = await t.db.select({ id: theses.id, studentId: theses.studentId }).from(theses);
    for (const row of rows) {
      if (readable(who).has(row.studentId)) continue;
      expect(response.body).not.toContain(row.id);
      const title = titles.get(row.studentId);
      if (title) expect(response.body).not.toContain(title);
    }
  }

  function readCase(
    name: string,
    studentOf: () => RecordActor | undefined,
    status: Status,
    expectedRefusal: Partial<Record<AcademicCaller, string>> = {},
  ): Case {
    return {
      route: 'GET /theses/:stage',
      name,
      status,
      send: (who) => {
        const student = studentOf();
        const query = student ? `?studentId=${student.id}` : '';
        return get(t.app, `/api/v1/theses/synopsis${query}`, { cookie: cookieOf(who) });
      },
      verify: async (who, response, before) => {
        await expectNothingOutsideScope(who, response);
        if (response.statusCode === 200) {
          const named = studentOf() ?? w.actorOf(who as Exclude<AcademicCaller, 'anonymous'>);
          const body = response.json as { student: { id: string }; thesis: { title: string } | null };
          expect(body.student.id).toBe(named.id);
          expect(body.thesis?.title ?? null).toBe(titles.get(named.id) ?? null);
        } else {
          expect(response.json).not.toHaveProperty('thesis');
          const message = expectedRefusal[who];
          if (message) expect(response.json.message).toBe(message);
        }
        expect(await snapshot()).toEqual(before);
      },
    };
  }

  const notFound = ACADEMIC_MESSAGES.studentNotFound;
  const readCases: Case[] = [
    readCase(
      'own synopsis (no student named)',
      () => undefined,
      {
        anonymous: 401,
        student: 200,
        otherStudent: 200,
        faculty: 400,
        facultyOtherDepartment: 400,
        hod: 400,
        hodOtherCollege: 400,
        master: 400,
      },
      Object.fromEntries(staffCallers.map((who) => [who, ACADEMIC_MESSAGES.studentRequired])),
    ),
    readCase(
      "the Medicine student's synopsis",
      () => w.actors.student,
      {
        anonymous: 401,
        student: 200,
        otherStudent: 403,
        faculty: 200,
        facultyOtherDepartment: 404,
        hod: 200,
        hodOtherCollege: 404,
        master: 200,
      },
      { facultyOtherDepartment: notFound, hodOtherCollege: notFound },
    ),
    readCase(
      "the Surgery student's synopsis",
      () => w.surgeryStudent,
      {
        anonymous: 401,
        student: 403,
        otherStudent: 403,
        faculty: 404,
        facultyOtherDepartment: 200,
        hod: 404,
        hodOtherCollege: 404,
        master: 200,
      },
      { faculty: notFound, hod: notFound, hodOtherCollege: notFound },
    ),
    readCase(
      "the other college's student's synopsis",
      () => w.otherCollegeStudent,
      {
        anonymous: 401,
        student: 403,
        otherStudent: 403,
        faculty: 404,
        facultyOtherDepartment: 404,
        hod: 404,
        hodOtherCollege: 200,
        master: 200,
      },
      { faculty: notFound, facultyOtherDepartment: notFound, hod: notFound },
    ),
  ];

  /** The thesis steps, in order; each caller tries each (the students' own rows advance). */
  const steps: Array<{ step: ThesisStep; path: string; body: (who: AcademicCaller) => Promise<Json> }> = [
    {
      step: 'title',
      path: '/theses/:stage/title',
      // The student id in the body is ignored: the session says whose thesis it is.
      body: async (who) => ({ title: `Thesis of ${who}`, studentId: w.actors.student.id }),
    },
    { step: 'guide', path: '/theses/:stage/guide', body: async () => ({ guideId: w.actors.faculty.id }) },
    {
      step: 'coGuides',
      path: '/theses/:stage/co-guides',
      body: async () => ({ coGuides: [{ name: 'Dr. Co', department: w.medicine.department.name }] }),
    },
    {
      step: 'certificate',
      path: '/theses/:stage/certificate',
      // Staff try with the student's own upload.
      body: async (who) => ({
        fileId: await uploadDocument(
          t,
          isStudentCaller(who) ? (cookieOf(who) as string) : w.actors.student.cookie,
        ),
      }),
    },
    {
      step: 'acceptanceDate',
      path: '/theses/thesis/acceptance-date',
      body: async () => ({ date: todayIso() }),
    },
  ];

  const writeCases: Case[] = steps.map(({ step, path, body }) => ({
    route: `POST ${path}`,
    name: `thesis step ${step}`,
    status: writeStatus(step === 'title' ? 201 : 200),
    send: async (who) =>
      inject(t.app, 'POST', `/api/v1${path.replace(':stage', 'thesis')}`, await body(who), {
        cookie: cookieOf(who),
      }),
    verify: async (who, response, before) => {
      await expectNothingOutsideScope(who, response);
      const after = await snapshot();
      if (!isStudentCaller(who)) {
        // Refused: not a row or an audit row changed.
        expect(response.json).not.toHaveProperty('thesis');
        expect(after).toEqual(before);
        return;
      }
      const self = w.actorOf(who as 'student' | 'otherStudent');
      expect(response.json.message).toBe(THESIS_MESSAGES.saved[step]);
      expect((response.json.thesis as Json).student).toEqual({ id: self.id, name: self.name });
      // Only the caller's own thesis row changed, with one audit row.
      const isOwnThesis = (row: unknown) =>
        (row as { studentId: string; stage: string }).studentId === self.id &&
        (row as { stage: string }).stage === 'thesis';
      expect(after.rows.filter((row) => !isOwnThesis(row))).toEqual(
        before.rows.filter((row) => !isOwnThesis(row)),
      );
      expect(after.audits).toBe(before.audits + 1);
      const [own] = await t.db
        .select()
        .from(theses)
        .where(eq(theses.id, (response.json.thesis as Json).id as string));
      expect(own).toMatchObject({ studentId: self.id, stage: 'thesis' });
      if (step === 'title') expect(own?.title).toBe(`Thesis of ${who}`);
    },
  }));

  const cases = [...readCases, ...writeCases];
  const table = cases.flatMap((c) => ACADEMIC_CALLERS.map((who) => ({ c, who })));

  it.each(table.map(({ c, who }) => [`${c.name}: ${who}`, c, who] as const))('%s', async (_label, c, who) => {
    const before = await snapshot();
    const response = await c.send(who);
    expect(response.statusCode, response.body).toBe(c.status[who]);
    if (response.statusCode >= 400) {
      expect(response.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    await c.verify(who, response, before);
  });

  it('the acceptance date of a synopsis does not exist, for anyone', async () => {
    for (const who of ACADEMIC_CALLERS) {
      const before = await snapshot();
      const response = await post(
        t.app,
        '/api/v1/theses/synopsis/acceptance-date',
        { date: todayIso() },
        { cookie: cookieOf(who) },
      );
      expect(response.statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('every route of the module is in the matrix', async () => {
    const probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    const registered: string[] = [];
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    });
    await probe.register(thesesRoutes(t.app.services.theses));
    await probe.ready();
    await probe.close();
    const covered = new Set(cases.map((c) => c.route));
    for (const route of registered) expect(covered, route).toContain(route);
    expect(registered).toHaveLength(6);
  });

  it('documents every route in the OpenAPI document with its tag, summary and schemas', async () => {
    const doc = (await get(t.app, '/api/v1/openapi.json')).json as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses?: object; requestBody?: object }>
      >;
    };
    const routes: Array<[string, string, boolean]> = [
      ['/api/v1/theses/{stage}', 'get', false],
      ['/api/v1/theses/{stage}/title', 'post', true],
      ['/api/v1/theses/{stage}/guide', 'post', true],
      ['/api/v1/theses/{stage}/co-guides', 'post', true],
      ['/api/v1/theses/{stage}/certificate', 'post', true],
      ['/api/v1/theses/thesis/acceptance-date', 'post', true],
    ];
    for (const [path, method, hasBody] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.tags).toEqual(['theses']);
      expect(operation?.summary).toEqual(expect.any(String));
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
      if (hasBody) expect(operation?.requestBody, `${method} ${path}`).toBeDefined();
    }
  });
});
