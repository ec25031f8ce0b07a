import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import {
  buildTestApp,
  createUser,
  inject,
  type TestApp,
  type TestResponse,
  unique,
} from '../../test/helpers';
import {
  createReferenceWorld,
  type ReferenceWorld,
  ROLES_OF_MATRIX,
  type Who,
} from '../../test/reference-world';

type Method = 'GET' | 'POST' | 'DELETE';
type Prepared = { url: string; body?: unknown; verify?: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: Method;
  status: Record<Who, number>;
  /** A fresh student (of North Medicine, the HOD's department) per call. */
  prepare: (who: Who) => Promise<Prepared>;
};

const masterOnly = (ok: number): Record<Who, number> => ({
  anonymous: 401,
  student: 403,
  facultyOtherDepartment: 403,
  hodOtherCollege: 403,
  hod: 403,
  master: ok,
});

describe('students: every route for every kind of caller', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  const tag = unique('Matrix');
  /** One student in each scope: North Medicine, North Surgery, South Medicine. */
  let fixtures: Array<{ id: string; collegeId: string; departmentId: string }>;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createReferenceWorld(t);
    fixtures = [];
    for (const placement of [w.north, w.surgery, w.south]) {
      const s = await createUser(t.db, { placement, name: `Dr. ${tag} ${unique()}` });
      fixtures.push({ id: s.id, collegeId: placement.college.id, departmentId: placement.department.id });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  function inScope(who: Who, row: { collegeId: string; departmentId: string }) {
    if (who === 'master') return true;
    if (who === 'anonymous' || who === 'student') return false;
    const actor = w.actors[who];
    return row.collegeId === actor.collegeId && row.departmentId === actor.departmentId;
  }

  const freshStudent = () => createUser(t.db, { placement: w.north, phone: '9876500000' });
  const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  const cases: Case[] = [
    {
      route: 'GET /students',
      method: 'GET',
      status: { ...masterOnly(200), facultyOtherDepartment: 200, hodOtherCollege: 200, hod: 200 },
      prepare: async (who) => ({
        url: `/api/v1/students?search=${tag}&pageSize=20`,
        verify: async (response) => {
          if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
          const ids = (response.json.items as Array<{ id: string }>).map((i) => i.id).sort();
          expect(ids).toEqual(
            fixtures
              .filter((f) => inScope(who, f))
              .map((f) => f.id)
              .sort(),
          );
        },
      }),
    },
    {
      // No search: the list's statement is built once per shape and must take each caller's
      // college and department as values (issue 16).
      route: 'GET /students (no search)',
      method: 'GET',
      status: { ...masterOnly(200), facultyOtherDepartment: 200, hodOtherCollege: 200, hod: 200 },
      prepare: async (who) => ({
        url: '/api/v1/students?pageSize=20',
        verify: async (response) => {
          if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
          const ids = (response.json.items as Array<{ id: string }>).map((i) => i.id);
          const rows = await t.db
            .select({ collegeId: users.collegeId, departmentId: users.departmentId })
            .from(users)
            .where(inArray(users.id, ids));
          expect(rows).toHaveLength(ids.length);
          expect(
            rows.every((r) =>
              inScope(who, { collegeId: r.collegeId ?? '', departmentId: r.departmentId ?? '' }),
            ),
          ).toBe(true);
          // Every caller here has students in scope (the fixtures), so the page is never empty.
          expect(ids.length).toBeGreaterThan(0);
        },
      }),
    },
    {
      route: 'POST /students/:id/verification',
      method: 'POST',
      status: {
        anonymous: 401,
        student: 403,
        facultyOtherDepartment: 404,
        hodOtherCollege: 404,
        hod: 200,
        master: 200,
      },
      prepare: async () => {
        const s = await freshStudent();
        return {
          url: `/api/v1/students/${s.id}/verification`,
          body: { verifyByHod: true },
          verify: async (response) =>
            expect((await rowOf(s.id))?.verifyByHod).toBe(response.statusCode === 200),
        };
      },
    },
    {
      route: 'POST /students/bulk-verification',
      method: 'POST',
      status: masterOnly(200),
      prepare: async () => {
        const s = await freshStudent();
        return {
          url: '/api/v1/students/bulk-verification',
          body: { studentIds: [s.id] },
          verify: async (response) =>
            expect((await rowOf(s.id))?.verifyByHod).toBe(response.statusCode === 200),
        };
      },
    },
    {
      route: 'POST /students/:id/payment',
      method: 'POST',
      status: masterOnly(200),
      prepare: async () => {
        const s = await freshStudent();
        return {
          url: `/api/v1/students/${s.id}/payment`,
          body: { paid: true },
          verify: async (response) => expect((await rowOf(s.id))?.paid).toBe(response.statusCode === 200),
        };
      },
    },
    {
      route: 'POST /students/:id/password',
      method: 'POST',
      status: masterOnly(200),
      prepare: async () => {
        const s = await freshStudent();
        const before = (await rowOf(s.id))?.passwordHash;
        return {
          url: `/api/v1/students/${s.id}/password`,
          body: { newPassword: 'Another-Pass-42' },
          verify: async (response) =>
            expect((await rowOf(s.id))?.passwordHash === before).toBe(response.statusCode !== 200),
        };
      },
    },
    {
      route: 'DELETE /students/:id',
      method: 'DELETE',
      status: masterOnly(200),
      prepare: async () => {
        const s = await freshStudent();
        return {
          url: `/api/v1/students/${s.id}`,
          verify: async (response) =>
            expect((await rowOf(s.id))?.deletedAt !== null).toBe(response.statusCode === 200),
        };
      },
    },
  ];

  for (const c of cases) {
    for (const who of ROLES_OF_MATRIX) {
      it(`${c.route} as ${who} -> ${c.status[who]}`, async () => {
        const prepared = await c.prepare(who);
        const response = await inject(t.app, c.method, prepared.url, prepared.body, {
          cookie: w.cookieOf(who),
        });
        expect(response.statusCode, response.body).toBe(c.status[who]);
        await prepared.verify?.(response);
      });
    }
  }
});
