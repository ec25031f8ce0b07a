import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffStudents, users } from '../../db/schema/index';
import {
  buildTestApp,
  createUser,
  inject,
  linkStaffStudent,
  type Placement,
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

type Method = 'GET' | 'POST' | 'PUT';
type Prepared = { url: string; body?: unknown; verify?: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: Method;
  status: Record<Who, number>;
  /** Fresh rows per call, so one caller's change never shows in another's check. */
  prepare: (who: Who) => Promise<Prepared>;
};

type Item = Record<string, unknown> & { id: string };

const only = (allowed: Partial<Record<Who, number>>, denied = 403): Record<Who, number> => ({
  anonymous: 401,
  student: denied,
  facultyOtherDepartment: denied,
  hodOtherCollege: denied,
  hod: denied,
  master: denied,
  ...allowed,
});

describe('staff: every route for every kind of caller', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  const tag = unique('Matrix');
  /** One staff member in each scope: North Medicine (the HOD's), North Surgery, South Medicine. */
  let fixtures: Array<{ id: string; collegeId: string; departmentId: string }>;
  /** The world student's own teacher, and a teacher of another student of the department. */
  let ownTeacherId: string;
  let otherTeacherId: string;
  let phoneSerial = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createReferenceWorld(t);
    fixtures = [];
    for (const placement of [w.north, w.surgery, w.south]) {
      const s = await createUser(t.db, { placement, role: 'professor', name: `Dr. ${tag} ${unique()}` });
      fixtures.push({ id: s.id, collegeId: placement.college.id, departmentId: placement.department.id });
    }
    const own = await createUser(t.db, { placement: w.north, role: 'professor' });
    const other = await createUser(t.db, { placement: w.north, role: 'professor' });
    const otherStudent = await createUser(t.db, { placement: w.north });
    await linkStaffStudent(t.db, own.id, w.actors.student.id);
    await linkStaffStudent(t.db, other.id, otherStudent.id);
    ownTeacherId = own.id;
    otherTeacherId = other.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The college and department a caller manages or belongs to. */
  function placementOf(who: Who) {
    if (who === 'anonymous' || who === 'master') return undefined;
    const actor = w.actors[who];
    return { collegeId: actor.collegeId, departmentId: actor.departmentId };
  }
  function inScope(who: Who, row: { collegeId: string | null; departmentId: string | null }) {
    if (who === 'master') return true;
    const own = placementOf(who);
    return own !== undefined && row.collegeId === own.collegeId && row.departmentId === own.departmentId;
  }

  const phone10 = () => {
    phoneSerial += 1;
    return `93${String(phoneSerial).padStart(8, '0')}`;
  };
  const freshStaff = (placement: Placement = w.north) => createUser(t.db, { placement, role: 'professor' });
  const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const rowByEmail = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];
  const linksOf = async (staffId: string) =>
    (
      await t.db
        .select({ id: staffStudents.studentId })
        .from(staffStudents)
        .where(eq(staffStudents.staffId, staffId))
        .orderBy(asc(staffStudents.studentId))
    ).map((r) => r.id);

  const cases: Case[] = [
    {
      route: 'GET /staff',
      method: 'GET',
      status: only({ hodOtherCollege: 200, hod: 200, master: 200 }),
      prepare: async (who) => ({
        url: `/api/v1/staff?search=${tag}&pageSize=20`,
        verify: async (response) => {
          if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
          const items = response.json.items as Item[];
          expect(items.map((i) => i.id).sort()).toEqual(
            fixtures
              .filter((f) => inScope(who, f))
              .map((f) => f.id)
              .sort(),
          );
          for (const item of items) {
            if (who === 'master') expect(item.createdAt).toEqual(expect.any(String));
            else
              expect(item).toMatchObject({ identityUrl: null, identityContentType: null, createdAt: null });
          }
        },
      }),
    },
    {
      route: 'POST /staff',
      method: 'POST',
      status: only({ hodOtherCollege: 201, hod: 201, master: 201 }),
      prepare: async (who) => {
        const email = `${unique('matrix')}@example.org`;
        return {
          url: '/api/v1/staff',
          // Master's choice; an HOD's is ignored for their own.
          body: {
            name: 'Dr. Matrix',
            email,
            phone: `+91${phone10()}`,
            role: 'professor',
            collegeId: w.surgery.college.id,
            departmentId: w.surgery.department.id,
          },
          verify: async (response) => {
            const created = await rowByEmail(email);
            if (response.statusCode !== 201) return expect(created).toBeUndefined();
            const expected =
              who === 'master'
                ? { collegeId: w.surgery.college.id, departmentId: w.surgery.department.id }
                : placementOf(who);
            expect(created).toMatchObject({
              ...expected,
              id: response.json.id,
              addedById: w.actors[who as Exclude<Who, 'anonymous'>].id,
            });
          },
        };
      },
    },
    {
      route: 'POST /staff/hods',
      method: 'POST',
      status: only({ hodOtherCollege: 201, hod: 201 }),
      prepare: async (who) => {
        const email = `${unique('matrixhod')}@example.org`;
        return {
          url: '/api/v1/staff/hods',
          body: { name: 'Dr. Matrix Hod', email, phone: phone10() },
          verify: async (response) => {
            const created = await rowByEmail(email);
            if (response.statusCode !== 201) return expect(created).toBeUndefined();
            expect(created).toMatchObject({ ...placementOf(who), role: 'hod' });
          },
        };
      },
    },
    {
      route: 'PUT /staff/:id',
      method: 'PUT',
      status: only({ hodOtherCollege: 404, hod: 200, master: 200 }),
      prepare: async () => {
        const s = await freshStaff();
        return {
          url: `/api/v1/staff/${s.id}`,
          body: { name: 'Dr. Matrix Edited', phone: '+919800011111', active: true },
          verify: async (response) =>
            expect((await rowOf(s.id))?.name === 'Dr. Matrix Edited').toBe(response.statusCode === 200),
        };
      },
    },
    {
      route: 'POST /staff/:id/status',
      method: 'POST',
      status: only({ hodOtherCollege: 404, hod: 200, master: 200 }),
      prepare: async () => {
        const s = await freshStaff();
        return {
          url: `/api/v1/staff/${s.id}/status`,
          body: { active: false },
          verify: async (response) => expect((await rowOf(s.id))?.blocked).toBe(response.statusCode === 200),
        };
      },
    },
    {
      route: 'POST /staff/:id/password',
      method: 'POST',
      status: only({ master: 200 }),
      prepare: async () => {
        const s = await freshStaff(w.south);
        const before = (await rowOf(s.id))?.passwordHash;
        return {
          url: `/api/v1/staff/${s.id}/password`,
          body: { newPassword: 'Matrix-Pass-123' },
          verify: async (response) =>
            expect((await rowOf(s.id))?.passwordHash === before).toBe(response.statusCode !== 200),
        };
      },
    },
    {
      route: 'GET /staff/:id/students',
      method: 'GET',
      status: only({ hodOtherCollege: 404, hod: 200 }),
      prepare: async () => {
        const s = await freshStaff();
        const mine = await createUser(t.db, { placement: w.north });
        await linkStaffStudent(t.db, s.id, mine.id);
        return {
          url: `/api/v1/staff/${s.id}/students`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            const items = response.json.items as Array<Item & { assigned: boolean }>;
            expect(items.find((i) => i.id === mine.id)?.assigned).toBe(true);
            for (const item of items) {
              const student = await rowOf(item.id);
              expect(student).toMatchObject({
                role: null,
                deletedAt: null,
                collegeId: w.north.college.id,
                departmentId: w.north.department.id,
              });
            }
          },
        };
      },
    },
    {
      route: 'PUT /staff/:id/students',
      method: 'PUT',
      status: only({ hodOtherCollege: 404, hod: 200 }),
      prepare: async () => {
        const s = await freshStaff();
        const student = await createUser(t.db, { placement: w.north });
        return {
          url: `/api/v1/staff/${s.id}/students`,
          body: { studentIds: [student.id] },
          verify: async (response) =>
            expect(await linksOf(s.id)).toEqual(response.statusCode === 200 ? [student.id] : []),
        };
      },
    },
    {
      route: 'GET /people/teachers/mine',
      method: 'GET',
      status: only({ student: 200 }),
      prepare: async () => ({
        url: '/api/v1/people/teachers/mine',
        verify: async (response) => {
          if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
          const ids = (response.json.items as Item[]).map((i) => i.id);
          expect(ids).toContain(ownTeacherId);
          expect(ids).not.toContain(otherTeacherId);
          for (const id of ids) {
            expect(await t.db.select().from(staffStudents).where(eq(staffStudents.staffId, id))).toEqual(
              expect.arrayContaining([expect.objectContaining({ studentId: w.actors.student.id })]),
            );
          }
        },
      }),
    },
    {
      route: 'POST /people/teachers',
      method: 'POST',
      status: only({ student: 201 }),
      prepare: async () => {
        const email = `${unique('matrixteacher')}@example.org`;
        return {
          url: '/api/v1/people/teachers',
          body: { name: 'Dr. Matrix Teacher', email, phone: phone10() },
          verify: async (response) => {
            const created = await rowByEmail(email);
            if (response.statusCode !== 201) return expect(created).toBeUndefined();
            expect(created).toMatchObject({
              role: 'professor',
              collegeId: w.north.college.id,
              departmentId: w.north.department.id,
              addedById: w.actors.student.id,
            });
            expect(await linksOf(created?.id ?? '')).toEqual([w.actors.student.id]);
          },
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
