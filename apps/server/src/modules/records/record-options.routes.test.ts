import { OPTION_MESSAGES, RECORD_MESSAGES } from '@pgel/shared/records/api';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competencies, skills, specialities } from '../../db/schema/index';
import { auditRowsFor, get, post, type TestApp } from '../../test/helpers';
import { type Caller, RECORD_CALLERS, type RecordsWorld, withRecordsWorld } from '../../test/records-world';

type Item = { id: string; title: string };

describe('report screen add modals: procedures, skills, specialities', () => {
  let t: TestApp;
  let w: RecordsWorld;

  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const student = () => w.actors.student.cookie;
  const options = async (path: string, cookie = student()) =>
    ((await get(t.app, `/api/v1/records/options/${path}`, { cookie })).json.items as Item[]).map(
      (i) => i.title,
    );

  it('Add New Procedure: a proc competency of the caller’s college and department, offered at once, audited', async () => {
    const title = `Lumbar puncture ${w.tag}`;
    const response = await post(
      t.app,
      '/api/v1/records/options/procedures',
      { title: `  ${title} ` },
      { cookie: student() },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json.message).toBe(OPTION_MESSAGES.procedureAdded);
    const item = response.json.item as Item;
    expect(item.title).toBe(title);
    const [row] = await t.db.select().from(competencies).where(eq(competencies.id, item.id));
    expect(row).toMatchObject({
      type: 'proc',
      collegeId: w.medicine.college.id,
      departmentId: w.medicine.department.id,
      addedBy: w.actors.student.id,
    });
    expect(await options('competencies?for=proc')).toContain(title);
    expect(await options('competencies?for=diag')).not.toContain(title);
    // Surgery (another department) does not see it.
    expect(await options('competencies?for=proc', w.actors.facultyOtherDepartment.cookie)).not.toContain(
      title,
    );
    expect(await auditRowsFor(t.db, 'competency', item.id)).toHaveLength(1);
  });

  it('adding the same title again, in any case, gives the existing one back and creates nothing', async () => {
    const title = `Skin biopsy ${w.tag}`;
    const first = await post(t.app, '/api/v1/records/options/procedures', { title }, { cookie: student() });
    const again = await post(
      t.app,
      '/api/v1/records/options/procedures',
      { title: title.toUpperCase() },
      { cookie: w.actors.otherStudent.cookie },
    );
    expect(again.statusCode).toBe(201);
    expect((again.json.item as Item).id).toBe((first.json.item as Item).id);
    const [{ total } = { total: -1 }] = await t.db
      .select({ total: count() })
      .from(competencies)
      .where(and(eq(competencies.departmentId, w.medicine.department.id), eq(competencies.type, 'proc')));
    const titles = await options('competencies?for=proc');
    expect(titles.filter((x) => x.toLowerCase() === title.toLowerCase())).toHaveLength(1);
    expect(total).toBeGreaterThan(0);
  });

  it('Add Skills: under a competency of the department only', async () => {
    const title = `Pleural tap ${w.tag}`;
    const response = await post(
      t.app,
      '/api/v1/records/options/skills',
      { competencyId: w.refs.proc.competencyId, title },
      { cookie: student() },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json.message).toBe(OPTION_MESSAGES.skillAdded);
    expect(await options(`skills?competencyId=${w.refs.proc.competencyId}`)).toContain(title);

    // Surgery's competency is not the Medicine student's to extend.
    const foreign = await post(
      t.app,
      '/api/v1/records/options/skills',
      { competencyId: w.surgeryRefs.proc.competencyId, title: `Foreign ${w.tag}` },
      { cookie: student() },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json.message).toBe(OPTION_MESSAGES.competencyNotFound);
    const written = await t.db
      .select()
      .from(skills)
      .where(eq(skills.title, `Foreign ${w.tag}`));
    expect(written).toHaveLength(0);
  });

  it('Add Speciality: for the caller’s college and department', async () => {
    const title = `Nephrology clinic ${w.tag}`;
    const response = await post(
      t.app,
      '/api/v1/records/options/specialities',
      { title },
      { cookie: student() },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json.message).toBe(OPTION_MESSAGES.specialityAdded);
    const [row] = await t.db
      .select()
      .from(specialities)
      .where(eq(specialities.id, (response.json.item as Item).id));
    expect(row).toMatchObject({ collegeId: w.medicine.college.id, departmentId: w.medicine.department.id });
    expect(await options('specialities')).toContain(title);
  });

  it.each([
    ['/api/v1/records/options/procedures', { title: '   ' }, RECORD_MESSAGES.fillAll],
    ['/api/v1/records/options/specialities', {}, RECORD_MESSAGES.fillAll],
    ['/api/v1/records/options/skills', { title: 'x' }, OPTION_MESSAGES.competencyNotFound],
    [
      '/api/v1/records/options/skills',
      { competencyId: 'nope', title: 'x' },
      OPTION_MESSAGES.competencyNotFound,
    ],
  ])('%s %o answers 400 with its message', async (url, body, message) => {
    const response = await post(t.app, url, body, { cookie: student() });
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe(message);
  });

  // Who may add: anyone placed in a department (students and staff), into their own; not
  // anonymous callers, not Master (no department).
  const expected: Record<Caller, number> = {
    anonymous: 401,
    student: 201,
    otherStudent: 201,
    faculty: 201,
    facultyOtherDepartment: 201,
    hod: 201,
    admin: 201,
    master: 403,
  };
  it.each(RECORD_CALLERS.map((caller) => [caller, expected[caller]] as const))(
    'Add Speciality as %s -> %i, into the caller’s own department',
    async (caller, status) => {
      const title = `Access ${caller} ${w.tag}`;
      const response = await post(
        t.app,
        '/api/v1/records/options/specialities',
        { title },
        { cookie: w.cookieOf(caller) },
      );
      expect(response.statusCode).toBe(status);
      const rows = await t.db.select().from(specialities).where(eq(specialities.title, title));
      if (status !== 201) {
        expect(rows).toHaveLength(0);
        return;
      }
      const department =
        caller === 'facultyOtherDepartment' ? w.surgery.department.id : w.medicine.department.id;
      expect(rows).toEqual([
        expect.objectContaining({ departmentId: department, collegeId: w.medicine.college.id }),
      ]);
    },
  );
});
