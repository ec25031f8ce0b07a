import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  collegeDepartments,
  colleges,
  competencies,
  institutions,
  skills,
  specialities,
} from '../../db/schema/index';
import {
  buildTestApp,
  createCompetency,
  createInstitution,
  createSkill,
  createSpeciality,
  inject,
  type TestApp,
  type TestResponse,
  unique,
} from '../../test/helpers';
import {
  createCollegeRow,
  createReferenceWorld,
  type ReferenceWorld,
  ROLES_OF_MATRIX,
  type Who,
} from '../../test/reference-world';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Prepared = { url: string; body?: unknown; verify?: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: Method;
  status: Record<Who, number>;
  /** Fresh rows per call, so each caller's write acts on its own target. */
  prepare: (who: Who) => Promise<Prepared>;
};

const everyone = (signedIn: number): Record<Who, number> => ({
  anonymous: 401,
  student: signedIn,
  facultyOtherDepartment: signedIn,
  hodOtherCollege: signedIn,
  hod: signedIn,
  master: signedIn,
});
const masterOnly = (ok: number): Record<Who, number> => ({
  anonymous: 401,
  student: 403,
  facultyOtherDepartment: 403,
  hodOtherCollege: 403,
  hod: 403,
  master: ok,
});
const staffOnly = (ok: number): Record<Who, number> => ({ ...everyone(ok), student: 403 });

describe('reference data: every route for every kind of caller', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  /** Fixture rows in every scope, titled 'Matrix …' so the list checks can search for them. */
  let fixtures: {
    competencies: Array<{ id: string; departmentId: string; collegeId: string | null }>;
    skills: Array<{ id: string; competencyId: string }>;
    specialities: Array<{ id: string; departmentId: string; collegeId: string | null }>;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createReferenceWorld(t);
    const scopes = [
      { departmentId: w.medicine.id, collegeId: null },
      { departmentId: w.medicine.id, collegeId: w.north.college.id },
      { departmentId: w.medicine.id, collegeId: w.south.college.id },
      { departmentId: w.surgery.department.id, collegeId: null },
    ];
    const comps = [];
    const sks = [];
    const specs = [];
    for (const scope of scopes) {
      const competency = await createCompetency(t.db, { ...scope, title: `Matrix ${unique()}` });
      comps.push(competency);
      sks.push(await createSkill(t.db, competency.id, `Matrix ${unique()}`));
      specs.push(await createSpeciality(t.db, { ...scope, title: `Matrix ${unique()}` }));
    }
    fixtures = { competencies: comps, skills: sks, specialities: specs };
    await createInstitution(t.db, { collegeId: w.north.college.id, name: 'Matrix North Hospital' });
    await createInstitution(t.db, { collegeId: w.south.college.id, name: 'Matrix South Hospital' });
    await createInstitution(t.db, { collegeId: null, name: 'Matrix Master Hospital' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Whether a department-owned row is inside the caller's scope (DESIGN.md section 4). */
  function inScope(who: Who, row: { departmentId: string; collegeId: string | null }) {
    if (who === 'master') return true;
    if (who === 'anonymous') return false;
    const actor = w.actors[who];
    return (
      row.departmentId === actor.departmentId && (row.collegeId === null || row.collegeId === actor.collegeId)
    );
  }

  async function exists(
    table: typeof competencies | typeof skills | typeof specialities | typeof institutions,
    id: string,
  ) {
    const rows = await t.db.select({ id: table.id }).from(table).where(eq(table.id, id));
    return rows.length === 1;
  }

  const cases: Case[] = [
    {
      route: 'GET /states',
      method: 'GET',
      status: { ...everyone(200), anonymous: 200 },
      prepare: async () => ({ url: '/api/v1/states' }),
    },
    {
      route: 'GET /config',
      method: 'GET',
      status: everyone(200),
      prepare: async () => ({
        url: '/api/v1/config',
        verify: async (response) => {
          const names = (response.json.inst as Array<{ name: string }>).map((i) => i.name);
          expect(names).toEqual(expect.arrayContaining(['Matrix Master Hospital', 'Matrix North Hospital']));
        },
      }),
    },
    {
      route: 'GET /departments',
      method: 'GET',
      status: everyone(200),
      prepare: async () => ({ url: '/api/v1/departments' }),
    },
    {
      route: 'GET /admin/colleges',
      method: 'GET',
      status: masterOnly(200),
      prepare: async () => ({
        url: '/api/v1/admin/colleges?pageSize=20',
        verify: async (response) => {
          expect((response.json.items as unknown[]).length).toBeGreaterThanOrEqual(2);
        },
      }),
    },
    {
      route: 'POST /admin/colleges',
      method: 'POST',
      status: masterOnly(201),
      prepare: async () => {
        const name = `Matrix College ${unique()}`;
        return {
          url: '/api/v1/admin/colleges',
          body: { name, phone: '9876543210', email: 'a@b.in', address: '1 Road', state: 'Goa' },
          verify: async (response) => {
            const rows = await t.db.select({ id: colleges.id }).from(colleges).where(eq(colleges.name, name));
            expect(rows).toHaveLength(response.statusCode === 201 ? 1 : 0);
          },
        };
      },
    },
    {
      route: 'PUT /admin/colleges/:id/departments',
      method: 'PUT',
      status: masterOnly(200),
      prepare: async () => {
        const college = await createCollegeRow(t.db, `Matrix College ${unique()}`);
        return {
          url: `/api/v1/admin/colleges/${college.id}/departments`,
          body: { departmentIds: [w.medicine.id] },
          verify: async (response) => {
            const links = await t.db
              .select({ id: collegeDepartments.departmentId })
              .from(collegeDepartments)
              .where(eq(collegeDepartments.collegeId, college.id));
            expect(links).toHaveLength(response.statusCode === 200 ? 1 : 0);
          },
        };
      },
    },
    {
      route: 'GET /competencies',
      method: 'GET',
      status: everyone(200),
      prepare: async (who) => ({
        url: '/api/v1/competencies?search=Matrix&pageSize=20',
        verify: async (response) => {
          const ids = (response.json.items as Array<{ id: string }>).map((i) => i.id).sort();
          expect(ids).toEqual(
            fixtures.competencies
              .filter((c) => inScope(who, c))
              .map((c) => c.id)
              .sort(),
          );
        },
      }),
    },
    {
      route: 'POST /competencies',
      method: 'POST',
      status: masterOnly(201),
      prepare: async () => {
        const title = `Posted ${unique()}`;
        return {
          url: '/api/v1/competencies',
          body: { departmentId: w.medicine.id, type: 'diag', text: title },
          verify: async (response) => {
            const rows = await t.db.select().from(competencies).where(eq(competencies.title, title));
            expect(rows).toHaveLength(response.statusCode === 201 ? 1 : 0);
          },
        };
      },
    },
    {
      route: 'DELETE /competencies/:id',
      method: 'DELETE',
      status: masterOnly(200),
      prepare: async () => {
        const row = await createCompetency(t.db, {
          departmentId: w.medicine.id,
          collegeId: w.north.college.id,
        });
        return {
          url: `/api/v1/competencies/${row.id}`,
          verify: async (response) =>
            expect(await exists(competencies, row.id)).toBe(response.statusCode !== 200),
        };
      },
    },
    {
      route: 'GET /skills',
      method: 'GET',
      status: everyone(200),
      prepare: async (who) => ({
        url: '/api/v1/skills?search=Matrix&pageSize=20',
        verify: async (response) => {
          const ids = (response.json.items as Array<{ id: string }>).map((i) => i.id).sort();
          const visible = fixtures.skills.filter((s) => {
            const competency = fixtures.competencies.find((c) => c.id === s.competencyId);
            return competency !== undefined && inScope(who, competency);
          });
          expect(ids).toEqual(visible.map((s) => s.id).sort());
        },
      }),
    },
    {
      route: 'POST /skills',
      method: 'POST',
      status: masterOnly(201),
      prepare: async () => {
        const title = `Posted ${unique()}`;
        return {
          url: '/api/v1/skills',
          body: { competencyId: fixtures.competencies[0]?.id, text: title },
          verify: async (response) => {
            const rows = await t.db.select().from(skills).where(eq(skills.title, title));
            expect(rows).toHaveLength(response.statusCode === 201 ? 1 : 0);
          },
        };
      },
    },
    {
      route: 'DELETE /skills/:id',
      method: 'DELETE',
      status: masterOnly(200),
      prepare: async () => {
        const row = await createSkill(t.db, fixtures.competencies[1]?.id ?? '');
        return {
          url: `/api/v1/skills/${row.id}`,
          verify: async (response) => expect(await exists(skills, row.id)).toBe(response.statusCode !== 200),
        };
      },
    },
    {
      route: 'GET /specialities',
      method: 'GET',
      status: everyone(200),
      prepare: async (who) => ({
        url: '/api/v1/specialities?search=Matrix&pageSize=20',
        verify: async (response) => {
          const ids = (response.json.items as Array<{ id: string }>).map((i) => i.id).sort();
          expect(ids).toEqual(
            fixtures.specialities
              .filter((s) => inScope(who, s))
              .map((s) => s.id)
              .sort(),
          );
        },
      }),
    },
    {
      route: 'POST /specialities',
      method: 'POST',
      status: masterOnly(201),
      prepare: async () => {
        const title = `Posted ${unique()}`;
        return {
          url: '/api/v1/specialities',
          body: { departmentId: w.medicine.id, text: title },
          verify: async (response) => {
            const rows = await t.db.select().from(specialities).where(eq(specialities.title, title));
            expect(rows).toHaveLength(response.statusCode === 201 ? 1 : 0);
          },
        };
      },
    },
    {
      route: 'DELETE /specialities/:id',
      method: 'DELETE',
      status: masterOnly(200),
      prepare: async () => {
        const row = await createSpeciality(t.db, {
          departmentId: w.medicine.id,
          collegeId: w.north.college.id,
        });
        return {
          url: `/api/v1/specialities/${row.id}`,
          verify: async (response) =>
            expect(await exists(specialities, row.id)).toBe(response.statusCode !== 200),
        };
      },
    },
    {
      route: 'GET /institutions',
      method: 'GET',
      status: staffOnly(200),
      prepare: async (who) => ({
        url: '/api/v1/institutions?search=Matrix&pageSize=20',
        verify: async (response) => {
          const items = response.json.items as Array<{ name: string; canDelete: boolean }>;
          const canDelete = Object.fromEntries(items.map((i) => [i.name, i.canDelete]));
          const northStaff = who === 'hod' || who === 'facultyOtherDepartment';
          expect(canDelete).toEqual({
            'Matrix Master Hospital': who === 'master',
            'Matrix North Hospital': who === 'master' || northStaff,
            'Matrix South Hospital': who === 'master' || who === 'hodOtherCollege',
          });
        },
      }),
    },
    {
      route: 'POST /institutions',
      method: 'POST',
      status: staffOnly(201),
      prepare: async (who) => {
        const name = `Posted ${unique()}`;
        return {
          url: '/api/v1/institutions',
          body: { name, state: 'Kerala' },
          verify: async (response) => {
            const rows = await t.db.select().from(institutions).where(eq(institutions.name, name));
            expect(rows).toHaveLength(response.statusCode === 201 ? 1 : 0);
            if (rows[0] && who !== 'anonymous') {
              expect(rows[0].collegeId).toBe(w.actors[who].collegeId);
              expect(rows[0].addedBy).toBe(w.actors[who].id);
            }
          },
        };
      },
    },
    {
      route: 'DELETE /institutions/:id (added by North)',
      method: 'DELETE',
      status: { ...staffOnly(200), hodOtherCollege: 403 },
      prepare: async () => {
        const row = await createInstitution(t.db, { collegeId: w.north.college.id });
        return {
          url: `/api/v1/institutions/${row.id}`,
          verify: async (response) =>
            expect(await exists(institutions, row.id)).toBe(response.statusCode !== 200),
        };
      },
    },
  ];

  const rows = cases.flatMap((c) => ROLES_OF_MATRIX.map((who) => [c.route, who, c.status[who], c] as const));

  it.each(rows)('%s as %s answers %i', async (_route, who, status, c) => {
    const prepared = await c.prepare(who);
    const [before] = await t.db.select({ n: count() }).from(auditLog);
    const response = await inject(t.app, c.method, prepared.url, prepared.body, { cookie: w.cookieOf(who) });
    expect(response.statusCode, response.body).toBe(status);
    // A refused read returns an error body; a write's target is checked either way.
    if (c.method !== 'GET' || response.statusCode < 400) await prepared.verify?.(response);
    if (c.method !== 'GET' && status >= 400) {
      // A refused write leaves no trace, not even an audit row.
      const [after] = await t.db.select({ n: count() }).from(auditLog);
      expect(after?.n).toBe(before?.n);
    }
  });
});
