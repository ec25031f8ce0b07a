import { REFERENCE_ADMIN_MESSAGES as M } from '@pgel/shared/schemas/reference-admin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, departments } from '../../db/schema/index';
import { auditRowsFor, buildTestApp, get, post, put, type TestApp } from '../../test/helpers';
import { createReferenceWorld, type ReferenceWorld } from '../../test/reference-world';

const UNKNOWN_ID = '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f';

type Department = { id: string; name: string; courses: Array<{ id: string; title: string }> };

/** The departments catalogue (migration 0010) and the Master's Add Department / Add Course. */
describe('departments catalogue administration', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let master: string;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createReferenceWorld(t);
    master = w.actors.master.cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function departmentNamed(name: string) {
    const response = await get(t.app, `/api/v1/departments`, { cookie: master });
    return (response.json.items as Department[]).find((d) => d.name === name);
  }

  describe('the catalogue after migration', () => {
    it('holds the national MD/MS broad specialities, each with at least one course', async () => {
      const response = await get(t.app, '/api/v1/departments', { cookie: w.actors.student.cookie });
      expect(response.statusCode).toBe(200);
      const items = response.json.items as Department[];
      const national = items.filter((d) => !['Medicine', 'Surgery'].includes(d.name));
      expect(national.length).toBeGreaterThanOrEqual(35);
      for (const department of national) expect(department.courses.length).toBeGreaterThan(0);
      const byName = new Map(items.map((d) => [d.name, d.courses.map((c) => c.title)]));
      expect(byName.get('General Medicine')).toEqual(['MD General Medicine']);
      expect(byName.get('General Surgery')).toEqual(['MS General Surgery']);
      expect(byName.get('Obstetrics and Gynaecology')).toEqual([
        'MD Obstetrics and Gynaecology',
        'MS Obstetrics and Gynaecology',
      ]);
      expect(byName.get('Forensic Medicine')).toEqual(['MD Forensic Medicine']);
    });

    it('is idempotent: applied again it adds no department and no course', async () => {
      const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(courses);
      const departmentsBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(departments);
      const migration = await import('node:fs').then((fs) =>
        fs.readFileSync(
          new URL('../../db/migrations/0010_departments_catalogue.sql', import.meta.url),
          'utf8',
        ),
      );
      await t.db.execute(sql.raw(migration));
      const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(courses);
      const departmentsAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(departments);
      expect(after[0]?.n).toBe(before[0]?.n);
      expect(departmentsAfter[0]?.n).toBe(departmentsBefore[0]?.n);
    });
  });

  describe('GET /admin/departments', () => {
    it('lists the catalogue to the Master, paged and searchable over names and courses', async () => {
      const page = await get(t.app, '/api/v1/admin/departments?pageSize=5', { cookie: master });
      expect(page.statusCode).toBe(200);
      expect(page.json.items).toHaveLength(5);
      expect(page.json.total).toBeGreaterThanOrEqual(35);

      const byCourse = await get(t.app, '/api/v1/admin/departments?search=MS%20Ortho', { cookie: master });
      expect((byCourse.json.items as Department[]).map((d) => d.name)).toEqual(['Orthopaedics']);
    });

    it.each([
      ['hod', 403],
      ['student', 403],
    ] as const)('refuses a %s (%i)', async (who, status) => {
      const response = await get(t.app, '/api/v1/admin/departments', { cookie: w.actors[who].cookie });
      expect(response.statusCode).toBe(status);
    });
  });

  describe('POST /admin/departments', () => {
    it('adds a department with its courses and audits it; a college can then run it', async () => {
      const response = await post(
        t.app,
        '/api/v1/admin/departments',
        {
          name: '  Medical   Genetics ',
          courses: ['MD Medical Genetics', 'md medical genetics', 'DM Genetics'],
        },
        { cookie: master },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json.message).toBe(M.departmentAdded);
      const department = response.json.department as Department;
      expect(department.name).toBe('Medical Genetics');
      expect(department.courses.map((c) => c.title)).toEqual(['DM Genetics', 'MD Medical Genetics']);

      const stored = await t.db.select().from(courses).where(eq(courses.departmentId, department.id));
      expect(stored).toHaveLength(2);
      const audit = await auditRowsFor(t.db, 'department', department.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'department.create', actorId: w.actors.master.id });

      // Offered in the college's department editing, then in sign-up with its courses.
      const collegeId = w.south.college.id;
      const linked = await put(
        t.app,
        `/api/v1/admin/colleges/${collegeId}/departments`,
        { departmentIds: [w.medicine.id, department.id] },
        { cookie: master },
      );
      expect(linked.statusCode).toBe(200);
      const signUp = await get(t.app, `/api/v1/colleges/${collegeId}/departments`);
      expect((signUp.json.items as Array<{ name: string }>).map((d) => d.name)).toContain('Medical Genetics');
      const detail = await get(t.app, `/api/v1/departments/${department.id}`);
      expect(detail.statusCode).toBe(200);
      expect(JSON.stringify(detail.json)).toContain('MD Medical Genetics');
    });

    it('refuses a name the catalogue has, ignoring case (409), and adds nothing', async () => {
      const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(departments);
      const response = await post(
        t.app,
        '/api/v1/admin/departments',
        { name: 'general medicine', courses: ['MD Internal Medicine'] },
        { cookie: master },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json.message).toBe(M.departmentExists('General Medicine'));
      const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(departments);
      expect(after[0]?.n).toBe(before[0]?.n);
    });

    it.each([
      [{ name: '   ', courses: ['MD X'] }, M.departmentNameRequired],
      [{ name: 'Blank Courses Dept', courses: [] }, M.courseRequired],
      [{ name: 'Blank Course Dept', courses: ['  '] }, M.courseRequired],
      [{ courses: ['MD X'] }, M.departmentNameRequired],
    ])('answers 400 to %j', async (body, message) => {
      const response = await post(t.app, '/api/v1/admin/departments', body, { cookie: master });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(message);
      expect(await departmentNamed('Blank Courses Dept')).toBeUndefined();
    });

    it.each(['hod', 'student'] as const)('refuses a %s (403) and adds nothing', async (who) => {
      const response = await post(
        t.app,
        '/api/v1/admin/departments',
        { name: 'Forbidden Department', courses: ['MD Forbidden'] },
        { cookie: w.actors[who].cookie },
      );
      expect(response.statusCode).toBe(403);
      expect(await departmentNamed('Forbidden Department')).toBeUndefined();
    });
  });

  describe('POST /admin/departments/:id/courses', () => {
    it('adds a course to a department and audits it', async () => {
      const geriatrics = await departmentNamed('Geriatrics');
      const response = await post(
        t.app,
        `/api/v1/admin/departments/${geriatrics?.id}/courses`,
        { title: 'DNB Geriatric Medicine' },
        { cookie: master },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json.message).toBe(M.courseAdded);
      expect((response.json.department as Department).courses.map((c) => c.title)).toEqual([
        'DNB Geriatric Medicine',
        'MD Geriatrics',
      ]);
      const added = (response.json.department as Department).courses[0];
      const audit = await auditRowsFor(t.db, 'course', added?.id ?? '');
      expect(audit[0]).toMatchObject({ action: 'course.create', actorId: w.actors.master.id });
    });

    it('refuses a title the department has, ignoring case (409)', async () => {
      const pathology = await departmentNamed('Pathology');
      const response = await post(
        t.app,
        `/api/v1/admin/departments/${pathology?.id}/courses`,
        { title: 'md PATHOLOGY' },
        { cookie: master },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json.message).toBe(M.courseExists('MD Pathology', 'Pathology'));
      expect((await departmentNamed('Pathology'))?.courses).toHaveLength(1);
    });

    it('answers 400 to a blank title and 404 to an unknown department', async () => {
      const anatomy = await departmentNamed('Anatomy');
      const blank = await post(
        t.app,
        `/api/v1/admin/departments/${anatomy?.id}/courses`,
        { title: ' ' },
        { cookie: master },
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json.message).toBe(M.courseRequired);
      const unknown = await post(
        t.app,
        `/api/v1/admin/departments/${UNKNOWN_ID}/courses`,
        { title: 'MD Anything' },
        { cookie: master },
      );
      expect(unknown.statusCode).toBe(404);
    });

    it.each(['hod', 'student'] as const)('refuses a %s (403)', async (who) => {
      const anatomy = await departmentNamed('Anatomy');
      const response = await post(
        t.app,
        `/api/v1/admin/departments/${anatomy?.id}/courses`,
        { title: 'MS Anatomy' },
        { cookie: w.actors[who].cookie },
      );
      expect(response.statusCode).toBe(403);
      expect((await departmentNamed('Anatomy'))?.courses.map((c) => c.title)).toEqual(['MD Anatomy']);
    });
  });
});
