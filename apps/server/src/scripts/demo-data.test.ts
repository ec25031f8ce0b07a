import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeDepartments, colleges, courses, departments, users } from '../db/schema/index';
import { buildTestApp, get, login, post, type TestApp } from '../test/helpers';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, NotEmptyError, seedDemo } from './demo-data';

describe('demo seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the demo college with both departments, their courses and links', async () => {
    const allColleges = await t.db.select().from(colleges);
    expect(allColleges).toHaveLength(1);
    expect(allColleges[0]).toMatchObject({ name: 'Demo Medical College', state: 'Delhi' });
    const college = allColleges[0];

    const rows = await t.db
      .select({ department: departments.name, course: courses.title, refNo: collegeDepartments.refNo })
      .from(collegeDepartments)
      .innerJoin(departments, eq(departments.id, collegeDepartments.departmentId))
      .innerJoin(courses, eq(courses.departmentId, departments.id))
      .where(eq(collegeDepartments.collegeId, college?.id ?? ''))
      .orderBy(asc(departments.name));
    expect(rows).toEqual([
      { department: 'Forensic Medicine', course: 'MD Forensic Medicine', refNo: 'DMC/FM/2024/01' },
      { department: 'General Medicine', course: 'MD General Medicine', refNo: 'DMC/GM/2024/01' },
    ]);

    // What the sign-up page shows for it.
    const list = await get(t.app, `/api/v1/colleges/${college?.id}/departments`);
    expect((list.json.items as Array<{ name: string }>).map((d) => d.name)).toEqual([
      'Forensic Medicine',
      'General Medicine',
    ]);
  });

  it('creates the four accounts, the student verified by the HOD, paid and with a joining date', async () => {
    const accounts = await t.db
      .select({
        email: users.email,
        role: users.role,
        verified: users.emailVerifiedAt,
        verifyByHod: users.verifyByHod,
        paid: users.paid,
        joiningDate: users.joiningDate,
      })
      .from(users)
      .orderBy(asc(users.email));
    expect(accounts.map((a) => [a.email, a.role])).toEqual([
      ['faculty@demo.test', 'professor'],
      ['forensic.hod@demo.test', 'hod'],
      ['hod@demo.test', 'hod'],
      ['master@demo.test', 'master'],
      ['student@demo.test', null],
    ]);
    for (const account of accounts) expect(account.verified).toBeInstanceOf(Date);
    expect(accounts.find((a) => a.role === null)).toMatchObject({
      verifyByHod: true,
      paid: true,
      joiningDate: '2025-07-01',
    });
    expect(DEMO_ACCOUNTS.map((a) => a.email).sort()).toEqual(accounts.map((a) => a.email));
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.role] as const))(
    '%s signs in with the demo password on the right tab',
    async (email, role) => {
      const cookie = await login(t.app, email, DEMO_PASSWORD, role === null ? 'student' : 'staff');
      const me = await get(t.app, '/api/v1/auth/me', { cookie });
      expect(me.statusCode).toBe(200);
      expect(me.json.user).toMatchObject({ email, role });
    },
  );

  it('gives the demo student a college, department, course, unit head and HOD', async () => {
    const cookie = await login(t.app, 'student@demo.test', DEMO_PASSWORD);
    const me = await get(t.app, '/api/v1/auth/me', { cookie });
    expect(me.json.user).toMatchObject({
      name: 'Demo Student',
      college: { name: 'Demo Medical College' },
      department: { name: 'General Medicine', refNo: 'DMC/GM/2024/01', refDate: '2024-07-01' },
      course: { title: 'MD General Medicine' },
      unitHead: { name: 'Dr. Demo Professor' },
      hod: { name: 'Dr. Demo HOD' },
    });
  });

  it('refuses the demo student on the faculty tab', async () => {
    const response = await post(t.app, '/api/v1/auth/staff-login', {
      email: 'student@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
  });

  it('gives General Medicine competencies, skills and specialities and Delhi two institutions', async () => {
    const cookie = await login(t.app, 'hod@demo.test', DEMO_PASSWORD, 'staff');
    const list = async (url: string) =>
      (await get(t.app, url, { cookie })).json.items as Array<Record<string, unknown>>;
    expect((await list('/api/v1/competencies')).map((c) => [c.title, c.type, c.departmentName])).toEqual([
      ['Chest X-ray reading', 'diag', 'General Medicine'],
      ['ECG interpretation', 'diag', 'General Medicine'],
      ['Lumbar puncture', 'proc', 'General Medicine'],
    ]);
    expect((await list('/api/v1/skills')).map((s) => [s.title, s.competencyTitle])).toEqual([
      ['Axis calculation', 'ECG interpretation'],
      ['CSF collection', 'Lumbar puncture'],
      ['Rhythm strips', 'ECG interpretation'],
    ]);
    expect((await list('/api/v1/specialities')).map((s) => s.title)).toEqual([
      'Cardiology',
      'Nephrology',
      'Neurology',
    ]);
    // The HOD may delete the one their college added, not the Master's.
    expect((await list('/api/v1/institutions')).map((i) => [i.name, i.state, i.canDelete])).toEqual([
      ['AIIMS New Delhi', 'Delhi', false],
      ['Safdarjung Hospital', 'Delhi', true],
    ]);
  });

  it('refuses to run on a database that has users', async () => {
    await expect(seedDemo(t.db)).rejects.toBeInstanceOf(NotEmptyError);
    expect(await t.db.select({ id: colleges.id }).from(colleges)).toHaveLength(1);
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(DEMO_ACCOUNTS.length);
  });
});
