import { AETCOM_SKILLS } from '@pgel/shared/academic/aetcom';
import { APPRAISAL_PARTICULARS, evaluationFor } from '@pgel/shared/academic/appraisal';
import { addDays, addYears } from '@pgel/shared/academic/common';
import { asc, count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { aetcomRecords, appraisals, users } from '../../db/schema/index';
import {
  ACADEMIC_CALLERS,
  type AcademicCaller,
  type AcademicWorld,
  withAcademicWorld,
} from '../../test/academic-world';
import {
  createUser,
  inject,
  type Placement,
  type TestApp,
  type TestResponse,
  unique,
} from '../../test/helpers';
import { assessmentsRoutes } from './assessments.routes';

type Method = 'GET' | 'POST';
type Prepared = { url: string; body?: unknown; verify: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: Method;
  status: Record<AcademicCaller, number>;
  prepare: (who: AcademicCaller) => Promise<Prepared>;
};
/** The students whose scores the matrix reads: Medicine's two, Surgery's, and the other college's. */
type Target = 'student' | 'otherStudent' | 'surgeryStudent' | 'otherCollegeStudent';
type Placed = { id: string; name: string; collegeId: string; departmentId: string };
type Seed = { appraisals: Record<string, string>; aetcom: Record<string, string> };

const statuses = (s: Omit<Record<AcademicCaller, number>, 'anonymous'>): Record<AcademicCaller, number> => ({
  anonymous: 401,
  ...s,
});

/** Who reads a student's scores: the student, staff of the student's department, Master. */
const readStatuses: Record<Target, Record<AcademicCaller, number>> = {
  student: statuses({
    student: 200,
    otherStudent: 403,
    faculty: 200,
    facultyOtherDepartment: 404,
    hod: 200,
    hodOtherCollege: 404,
    master: 200,
  }),
  otherStudent: statuses({
    student: 403,
    otherStudent: 200,
    faculty: 200,
    facultyOtherDepartment: 404,
    hod: 200,
    hodOtherCollege: 404,
    master: 200,
  }),
  surgeryStudent: statuses({
    student: 403,
    otherStudent: 403,
    faculty: 404,
    facultyOtherDepartment: 200,
    hod: 404,
    hodOtherCollege: 404,
    master: 200,
  }),
  otherCollegeStudent: statuses({
    student: 403,
    otherStudent: 403,
    faculty: 404,
    facultyOtherDepartment: 404,
    hod: 404,
    hodOtherCollege: 200,
    master: 200,
  }),
};

/** Who scores a student: faculty (the HOD too) of the student's college and department only. */
const writeStatuses: Record<Exclude<Target, 'otherStudent'>, Record<AcademicCaller, number>> = {
  student: statuses({
    student: 403,
    otherStudent: 403,
    faculty: 201,
    facultyOtherDepartment: 404,
    hod: 201,
    hodOtherCollege: 404,
    master: 403,
  }),
  surgeryStudent: statuses({
    student: 403,
    otherStudent: 403,
    faculty: 404,
    facultyOtherDepartment: 201,
    hod: 404,
    hodOtherCollege: 404,
    master: 403,
  }),
  otherCollegeStudent: statuses({
    student: 403,
    otherStudent: 403,
    faculty: 404,
    facultyOtherDepartment: 404,
    hod: 404,
    hodOtherCollege: 201,
    master: 403,
  }),
};

const eightRows = APPRAISAL_PARTICULARS.map((particular) => ({
  particular,
  score: 5,
  evaluation: evaluationFor(5),
  remark: null,
}));
const allScores = (score: number) => Object.fromEntries(AETCOM_SKILLS.map(({ key }) => [key, score]));

describe('assessments: every route for every kind of caller', () => {
  let t: TestApp;
  let w: AcademicWorld;
  let seeded: Promise<Seed> | undefined;
  let period = 0;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  /** A user's name and placement as stored. */
  async function placed(id: string): Promise<Placed> {
    const [row] = await t.db
      .select({
        id: users.id,
        name: users.name,
        collegeId: users.collegeId,
        departmentId: users.departmentId,
      })
      .from(users)
      .where(eq(users.id, id));
    if (!row?.collegeId || !row.departmentId) throw new Error('fixture user is not placed');
    return { id: row.id, name: row.name, collegeId: row.collegeId, departmentId: row.departmentId };
  }

  const targetId = (target: Target) =>
    target === 'surgeryStudent'
      ? w.surgeryStudent.id
      : target === 'otherCollegeStudent'
        ? w.otherCollegeStudent.id
        : w.actors[target].id;

  /** Who scored the seeded rows of a student: a teacher of the row's department. */
  const scorerOf = (target: Target) =>
    target === 'surgeryStudent'
      ? w.actors.facultyOtherDepartment.id
      : target === 'otherCollegeStudent'
        ? w.hodOtherCollege.id
        : w.actors.faculty.id;

  /** An appraisal and an AETCOM year written straight into the tables; their ids. */
  async function insertScores(
    studentId: string,
    placement: { collegeId: string; departmentId: string },
    scorerId: string,
    fromDate: string,
    year: number,
  ): Promise<{ appraisal: string; aetcom: string }> {
    const [appraisal] = await t.db
      .insert(appraisals)
      .values({
        studentId,
        ...placement,
        fromDate,
        toDate: addDays(fromDate, 90),
        rows: eightRows,
        appraisedById: scorerId,
      })
      .returning({ id: appraisals.id });
    const [aetcom] = await t.db
      .insert(aetcomRecords)
      .values({
        studentId,
        ...placement,
        year,
        fromDate,
        toDate: addYears(fromDate, 1),
        scores: allScores(6),
        scoredById: scorerId,
      })
      .returning({ id: aetcomRecords.id });
    if (!appraisal || !aetcom) throw new Error('fixture insert returned no row');
    return { appraisal: appraisal.id, aetcom: aetcom.id };
  }

  /**
   * One appraisal and one AETCOM year per student; the student also has a quarter and a year
   * from an earlier placement in Surgery, which Medicine's staff do not see (a row keeps the
   * department it was written in).
   */
  function seed(): Promise<Seed> {
    seeded ??= (async () => {
      const result: Seed = { appraisals: {}, aetcom: {} };
      const keep = (key: string, ids: { appraisal: string; aetcom: string }) => {
        result.appraisals[key] = ids.appraisal;
        result.aetcom[key] = ids.aetcom;
      };
      const surgery = { collegeId: w.surgery.college.id, departmentId: w.surgery.department.id };
      keep(
        'studentInSurgery',
        await insertScores(w.actors.student.id, surgery, w.actors.facultyOtherDepartment.id, '2019-01-01', 1),
      );
      for (const target of ['student', 'otherStudent', 'surgeryStudent', 'otherCollegeStudent'] as const) {
        const { id, collegeId, departmentId } = await placed(targetId(target));
        const year = target === 'student' ? 2 : 1;
        keep(
          target,
          await insertScores(id, { collegeId, departmentId }, scorerOf(target), '2021-01-01', year),
        );
      }
      return result;
    })();
    return seeded;
  }

  /** The seeded rows a caller sees of a student, by seed key. */
  function visibleKeys(who: AcademicCaller, target: Target): string[] {
    if (readStatuses[target][who] !== 200) return [];
    if (target !== 'student') return [target];
    // Staff see only the rows written in their own department; the student and Master see all.
    return who === 'faculty' || who === 'hod' ? ['student'] : ['student', 'studentInSurgery'];
  }

  /** A new student placed like a target (a write's own student, so no write overlaps another). */
  async function freshTarget(target: Exclude<Target, 'otherStudent'>): Promise<Placed> {
    const like = await placed(targetId(target));
    const [row] = await t.db.select({ courseId: users.courseId }).from(users).where(eq(users.id, like.id));
    const placement: Placement = {
      college: { id: like.collegeId, name: '', state: '' },
      department: { id: like.departmentId, name: '' },
      course: { id: row?.courseId ?? '', title: '' },
    };
    const name = `Dr. ${w.tag} ${unique('Target')}`;
    const user = await createUser(t.db, { placement, name, verifyByHod: true });
    return { ...like, id: user.id, name };
  }

  /** A fresh period per write, far from every other (quarters 100 days apart, years 370; all before 2015). */
  const nextFrom = (days: number) => {
    period += days;
    return addDays('1950-01-01', period);
  };

  const studentNames = () => [
    w.actors.student.name,
    w.actors.otherStudent.name,
    w.surgeryStudent.name,
    w.otherCollegeStudent.name,
  ];

  /** A refused read says nothing about the student: no list, no name. */
  function expectNothingReturned(response: TestResponse) {
    expect(response.json.items).toBeUndefined();
    expect(response.json.student).toBeUndefined();
    for (const name of studentNames()) expect(response.body).not.toContain(name);
  }

  function readCase(kind: 'appraisals' | 'aetcom', target: Target): Case {
    return {
      route: `GET /${kind}?studentId=${target}`,
      method: 'GET',
      status: readStatuses[target],
      prepare: async (who) => {
        const ids = (await seed())[kind];
        return {
          url: `/api/v1/${kind}?studentId=${targetId(target)}`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expectNothingReturned(response);
            expect(response.json.student).toMatchObject({ id: targetId(target) });
            const items = response.json.items as Array<{ id: string; student: { id: string } }>;
            expect(items.map((i) => i.id).sort()).toEqual(
              visibleKeys(who, target)
                .map((k) => ids[k])
                .sort(),
            );
            for (const item of items) expect(item.student.id).toBe(targetId(target));
            const own = (response.json.student as { name: string }).name;
            for (const name of studentNames()) if (name !== own) expect(response.body).not.toContain(name);
            if (kind === 'aetcom') {
              // The numbering counts every year of the student, seen or not.
              expect(response.json.nextYear).toBe(target === 'student' ? 3 : 2);
            }
          },
        };
      },
    };
  }

  function ownReadCase(kind: 'appraisals' | 'aetcom'): Case {
    return {
      route: `GET /${kind}`,
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 400,
        facultyOtherDepartment: 400,
        hod: 400,
        hodOtherCollege: 400,
        master: 400,
      }),
      prepare: async (who) => {
        const ids = (await seed())[kind];
        return {
          url: `/api/v1/${kind}`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expectNothingReturned(response);
            const target = who as 'student' | 'otherStudent';
            expect(response.json.student).toEqual({ id: w.actors[target].id, name: w.actors[target].name });
            const items = response.json.items as Array<{ id: string }>;
            expect(items.map((i) => i.id).sort()).toEqual(
              visibleKeys(who, target)
                .map((k) => ids[k])
                .sort(),
            );
          },
        };
      },
    };
  }

  async function tableCount(kind: 'appraisals' | 'aetcom') {
    const table = kind === 'appraisals' ? appraisals : aetcomRecords;
    const [row] = await t.db.select({ total: count() }).from(table);
    return Number(row?.total ?? 0);
  }
  async function rowsOf(kind: 'appraisals' | 'aetcom', studentId: string) {
    if (kind === 'appraisals') {
      return t.db
        .select()
        .from(appraisals)
        .where(eq(appraisals.studentId, studentId))
        .orderBy(asc(appraisals.fromDate));
    }
    return t.db
      .select()
      .from(aetcomRecords)
      .where(eq(aetcomRecords.studentId, studentId))
      .orderBy(asc(aetcomRecords.year));
  }

  function writeCase(kind: 'appraisals' | 'aetcom', target: Exclude<Target, 'otherStudent'>): Case {
    return {
      route: `POST /${kind} for ${target}`,
      method: 'POST',
      status: writeStatuses[target],
      prepare: async (who) => {
        const student = await freshTarget(target);
        // One year the student already has, so a refused write can be seen to leave it alone.
        const earlier = kind === 'appraisals' ? nextFrom(100) : nextFrom(370);
        const fromDate = kind === 'appraisals' ? nextFrom(100) : nextFrom(370);
        const body =
          kind === 'appraisals'
            ? {
                studentId: student.id,
                fromDate,
                rows: Array.from({ length: 8 }, () => ({ score: 7, remark: 'Fine' })),
              }
            : { studentId: student.id, fromDate, scores: allScores(7) };
        const placement = { collegeId: student.collegeId, departmentId: student.departmentId };
        await insertScores(student.id, placement, scorerOf(target), earlier, 1);
        const before = await rowsOf(kind, student.id);
        const totalBefore = await tableCount(kind);
        return {
          url: `/api/v1/${kind}`,
          body,
          verify: async (response) => {
            const after = await rowsOf(kind, student.id);
            if (response.statusCode !== 201) {
              expectNothingReturned(response);
              expect(response.body).not.toContain(student.name);
              expect(after).toEqual(before);
              expect(await tableCount(kind)).toBe(totalBefore);
              return;
            }
            expect(await tableCount(kind)).toBe(totalBefore + 1);
            expect(after.slice(0, before.length)).toEqual(before);
            const created = after[after.length - 1] as Record<string, unknown>;
            const actor = who === 'hodOtherCollege' ? w.hodOtherCollege : w.actors[who as 'faculty'];
            expect(created).toMatchObject({
              studentId: student.id,
              collegeId: student.collegeId,
              departmentId: student.departmentId,
              fromDate,
              [kind === 'appraisals' ? 'appraisedById' : 'scoredById']: actor.id,
            });
            if (kind === 'aetcom') expect(created.year).toBe(before.length + 1);
          },
        };
      },
    };
  }

  const targets = ['student', 'otherStudent', 'surgeryStudent', 'otherCollegeStudent'] as const;
  const writeTargets = ['student', 'surgeryStudent', 'otherCollegeStudent'] as const;
  const cases: Case[] = (['appraisals', 'aetcom'] as const).flatMap((kind) => [
    ownReadCase(kind),
    ...targets.map((target) => readCase(kind, target)),
    ...writeTargets.map((target) => writeCase(kind, target)),
  ]);

  describe.each(cases.map((c) => [c.route, c] as const))('%s', (_route, c) => {
    it.each(ACADEMIC_CALLERS.map((who) => [who, c.status[who]] as const))(
      '%s -> %i',
      async (who, expected) => {
        const prepared = await c.prepare(who);
        const response = await inject(t.app, c.method, prepared.url, prepared.body, {
          cookie: w.academicCookieOf(who),
        });
        expect(response.statusCode, response.body).toBe(expected);
        if (expected >= 400) {
          expect(response.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }
        await prepared.verify(response);
      },
    );
  });

  it('a student naming themselves reads their own scores', async () => {
    for (const kind of ['appraisals', 'aetcom'] as const) {
      const response = await inject(
        t.app,
        'GET',
        `/api/v1/${kind}?studentId=${w.actors.student.id}`,
        undefined,
        {
          cookie: w.actors.student.cookie,
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json.student).toEqual({ id: w.actors.student.id, name: w.actors.student.name });
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
    await probe.register(assessmentsRoutes(t.app.services.assessments));
    await probe.ready();
    await probe.close();
    const covered = new Set(cases.map((c) => `${c.method} ${c.route.split(' ')[1]?.split('?')[0]}`));
    for (const route of registered) expect(covered, route).toContain(route);
    expect(registered.sort()).toEqual(['GET /aetcom', 'GET /appraisals', 'POST /aetcom', 'POST /appraisals']);
  });
});
