import { LOGBOOK_ACTIVITIES } from '@pgel/shared/navigation';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { REFERENCE_MESSAGES } from '@pgel/shared/schemas/reference';
import { REFERENCE_ADMIN_MESSAGES as M, STATES_OF_INDIA } from '@pgel/shared/schemas/reference-admin';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collegeDepartments,
  colleges,
  competencies,
  institutions,
  skills,
  specialities,
} from '../../db/schema/index';
import { addPosting, dayFromToday } from '../../test/drp-world';
import { tinyPdf, tinyPng } from '../../test/files';
import {
  auditRowsFor,
  buildTestApp,
  createCompetency,
  createCourse,
  createDepartment,
  createInstitution,
  createSkill,
  createSpeciality,
  createUser,
  del,
  get,
  linkDepartment,
  post,
  put,
  type TestApp,
  uploadFile,
} from '../../test/helpers';
import { createCollegeRow, createReferenceWorld, type ReferenceWorld } from '../../test/reference-world';

const UNKNOWN_ID = '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f';
const MALFORMED_IDS = ['not-a-uuid', '123', "1' or '1'='1"];

type Item = Record<string, unknown>;
const itemsOf = (json: Record<string, unknown>) => json.items as Item[];

describe('reference data administration', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let master: string;
  let hod: string;
  let student: string;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createReferenceWorld(t);
    master = w.actors.master.cookie;
    hod = w.actors.hod.cookie;
    student = w.actors.student.cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /states and GET /config', () => {
    it('lists the states of India to anyone', async () => {
      const response = await get(t.app, '/api/v1/states');
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ items: [...STATES_OF_INDIA] });
    });

    it('answers 401 to a config call without a session', async () => {
      expect((await get(t.app, '/api/v1/config')).statusCode).toBe(401);
    });

    it('gives settings, the logbook menu, states and every institution', async () => {
      const institution = await createInstitution(t.db, { name: 'Config Hospital', state: 'Goa' });
      const response = await get(t.app, '/api/v1/config', { cookie: student });
      expect(response.statusCode).toBe(200);
      expect(response.json.setting).toMatchObject({ isLaunched: expect.any(Boolean) });
      expect(response.json.menu).toEqual(LOGBOOK_ACTIVITIES.map(({ id, title }) => ({ id, title })));
      expect(response.json.state).toEqual([...STATES_OF_INDIA]);
      expect(response.json.inst).toContainEqual({
        id: institution.id,
        name: 'Config Hospital',
        state: 'Goa',
      });
    });
  });

  describe('GET /departments', () => {
    it('answers 401 without a session', async () => {
      expect((await get(t.app, '/api/v1/departments')).statusCode).toBe(401);
    });

    it('lists every department with its courses, including departments no college runs', async () => {
      const lonely = await createDepartment(t.db, 'Zoology Catalogue');
      const extra = await createCourse(t.db, w.medicine.id, 'DNB Medicine');
      const response = await get(t.app, '/api/v1/departments', { cookie: student });
      expect(response.statusCode).toBe(200);
      const items = itemsOf(response.json);
      expect(items.find((d) => d.id === lonely.id)).toEqual({
        id: lonely.id,
        name: 'Zoology Catalogue',
        courses: [],
      });
      expect(items.find((d) => d.id === w.medicine.id)).toEqual({
        id: w.medicine.id,
        name: 'Medicine',
        courses: [extra, w.north.course],
      });
      const names = items.map((d) => d.name as string);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    });
  });

  describe('colleges', () => {
    it('lists colleges with their departments in name order, paged and searchable', async () => {
      await t.db
        .update(colleges)
        .set({ website: 'https://north.example.in', email: 'dean@north.test' })
        .where(eq(colleges.id, w.north.college.id));
      const response = await get(t.app, '/api/v1/admin/colleges?pageSize=5', { cookie: master });
      expect(response.statusCode).toBe(200);
      const north = itemsOf(response.json).find((c) => c.id === w.north.college.id);
      expect(north).toMatchObject({
        name: 'North Medical College',
        departments: [
          { id: w.medicine.id, name: 'Medicine' },
          { id: w.surgery.department.id, name: 'Surgery' },
        ],
        website: 'https://north.example.in',
        logoUrl: null,
      });
      for (const search of ['north.example', 'dean@north', 'North Medical', 'North Medical College Road']) {
        const found = await get(t.app, `/api/v1/admin/colleges?search=${encodeURIComponent(search)}`, {
          cookie: master,
        });
        expect(
          itemsOf(found.json).map((c) => c.id),
          search,
        ).toEqual([w.north.college.id]);
      }
      const none = await get(t.app, '/api/v1/admin/colleges?search=nothing-like-this', { cookie: master });
      expect(none.json).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
    });

    it('refuses the college list to a HOD (403) and a bad page size (400)', async () => {
      expect((await get(t.app, '/api/v1/admin/colleges', { cookie: hod })).statusCode).toBe(403);
      const bad = await get(t.app, '/api/v1/admin/colleges?pageSize=7', { cookie: master });
      expect(bad.statusCode).toBe(400);
      expect(bad.json.message).toBe('Page size must be 5, 10, 15 or 20');
    });

    it.each([
      [{ phone: '9876543210', email: 'a@b.in', address: 'x', state: 'Goa' }, M.collegeFillAll],
      [
        { name: 'X', phone: '9876543210', email: 'a@b.in', address: 'x', state: 'Atlantis' },
        M.collegeFillAll,
      ],
      [{ name: 'X', phone: '98765', email: 'a@b.in', address: 'x', state: 'Goa' }, M.invalidPhone],
      [{ name: 'X', phone: '9876543210', email: 'not-mail', address: 'x', state: 'Goa' }, M.invalidEmail],
    ])('refuses Add College %j with the shared message', async (body, message) => {
      const response = await post(t.app, '/api/v1/admin/colleges', body, { cookie: master });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it('adds a college with its logo, audited', async () => {
      const upload = await uploadFile(
        t.app,
        'profile_photo',
        { data: tinyPng(), fileName: 'logo.png' },
        { cookie: master },
      );
      expect(upload.statusCode).toBe(201);
      const logoId = (upload.json.file as { id: string }).id;
      const response = await post(
        t.app,
        '/api/v1/admin/colleges',
        {
          name: 'Added College',
          phone: '9876543210',
          email: 'Office@Added.IN',
          address: '5 Campus Road',
          state: 'Goa',
          gstin: '22AAAAA0000A1Z5',
          website: '',
          logoFileId: logoId,
        },
        { cookie: master },
      );
      expect(response.statusCode).toBe(201);
      const college = response.json.college as Item;
      expect(response.json.message).toBe(M.collegeAdded);
      expect(college).toMatchObject({
        name: 'Added College',
        email: 'office@added.in',
        departments: [],
        website: null,
        gstin: '22AAAAA0000A1Z5',
        logoUrl: `/api/v1/files/${logoId}`,
      });
      const [row] = await t.db
        .select()
        .from(colleges)
        .where(eq(colleges.id, college.id as string));
      expect(row).toMatchObject({ state: 'Goa', logoFileId: logoId });
      const audit = await auditRowsFor(t.db, 'college', college.id as string);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'college.create', actorId: w.actors.master.id, before: null });
      expect(audit[0]?.after).toMatchObject({ name: 'Added College' });
    });

    it("refuses someone else's file or a non-image as the logo", async () => {
      const mine = await uploadFile(
        t.app,
        'document',
        { data: tinyPdf(), fileName: 'a.pdf' },
        { cookie: master },
      );
      const theirs = await uploadFile(
        t.app,
        'profile_photo',
        { data: tinyPng(), fileName: 'b.png' },
        { cookie: hod },
      );
      const body = { name: 'Logo College', phone: '9876543210', email: 'a@b.in', address: 'x', state: 'Goa' };
      const pdf = await post(
        t.app,
        '/api/v1/admin/colleges',
        { ...body, logoFileId: (mine.json.file as { id: string }).id },
        { cookie: master },
      );
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json.message).toBe(M.logoImageOnly);
      const other = await post(
        t.app,
        '/api/v1/admin/colleges',
        { ...body, logoFileId: (theirs.json.file as { id: string }).id },
        { cookie: master },
      );
      expect(other.statusCode).toBe(400);
      expect(other.json.message).toBe(FILE_MESSAGES.notFound);
      expect(await t.db.select().from(colleges).where(eq(colleges.name, 'Logo College'))).toEqual([]);
    });

    it('sets exactly the given departments, keeping the reference number of a link that stays', async () => {
      const college = await createCollegeRow(t.db, 'Edit College');
      const keep = await createDepartment(t.db, 'Keep Dept');
      const drop = await createDepartment(t.db, 'Drop Dept');
      const add = await createDepartment(t.db, 'Add Dept');
      await linkDepartment(t.db, college.id, keep.id, { refNo: 'REF/1', refDate: '2024-01-02' });
      await linkDepartment(t.db, college.id, drop.id);
      const response = await put(
        t.app,
        `/api/v1/admin/colleges/${college.id}/departments`,
        { departmentIds: [add.id, keep.id, add.id] },
        { cookie: master },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json.message).toBe(M.departmentsUpdated);
      expect((response.json.college as Item).departments).toEqual([
        { id: add.id, name: 'Add Dept' },
        { id: keep.id, name: 'Keep Dept' },
      ]);
      const links = await t.db
        .select({ departmentId: collegeDepartments.departmentId, refNo: collegeDepartments.refNo })
        .from(collegeDepartments)
        .where(eq(collegeDepartments.collegeId, college.id))
        .orderBy(asc(collegeDepartments.refNo));
      expect(links).toEqual([
        { departmentId: keep.id, refNo: 'REF/1' },
        { departmentId: add.id, refNo: null },
      ]);
      const audit = await auditRowsFor(t.db, 'college', college.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'college.departments.set',
        actorId: w.actors.master.id,
        before: {
          departments: [
            { id: drop.id, name: 'Drop Dept' },
            { id: keep.id, name: 'Keep Dept' },
          ],
        },
        after: {
          departments: [
            { id: add.id, name: 'Add Dept' },
            { id: keep.id, name: 'Keep Dept' },
          ],
        },
      });
    });

    it('refuses to remove a department the college still has people in, changing nothing', async () => {
      const college = await createCollegeRow(t.db, 'Busy College');
      const busy = await createDepartment(t.db, 'Busy Dept');
      const other = await createDepartment(t.db, 'Other Dept');
      await linkDepartment(t.db, college.id, busy.id);
      const course = await createCourse(t.db, busy.id);
      await createUser(t.db, { role: 'professor', placement: { college, department: busy, course } });
      const response = await put(
        t.app,
        `/api/v1/admin/colleges/${college.id}/departments`,
        { departmentIds: [other.id] },
        { cookie: master },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json.message).toBe(M.departmentHasUsers('Busy Dept'));
      const links = await t.db
        .select()
        .from(collegeDepartments)
        .where(eq(collegeDepartments.collegeId, college.id));
      expect(links.map((l) => l.departmentId)).toEqual([busy.id]);
      expect(await auditRowsFor(t.db, 'college', college.id)).toEqual([]);
    });

    it('answers 404 for an unknown or malformed college and 400 for an unknown department', async () => {
      for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
        const response = await put(
          t.app,
          `/api/v1/admin/colleges/${encodeURIComponent(id)}/departments`,
          { departmentIds: [] },
          { cookie: master },
        );
        expect(response.statusCode, id).toBe(404);
        expect(response.json.message).toBe(REFERENCE_MESSAGES.collegeNotFound);
      }
      const unknownDepartment = await put(
        t.app,
        `/api/v1/admin/colleges/${w.north.college.id}/departments`,
        { departmentIds: [UNKNOWN_ID] },
        { cookie: master },
      );
      expect(unknownDepartment.statusCode).toBe(400);
      expect(unknownDepartment.json.message).toBe(REFERENCE_MESSAGES.departmentNotFound);
      const malformed = await put(
        t.app,
        `/api/v1/admin/colleges/${w.north.college.id}/departments`,
        { departmentIds: ['nope'] },
        { cookie: master },
      );
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('competencies', () => {
    const titlesOf = async (departmentId: string, type: 'diag' | 'proc') =>
      (
        await t.db
          .select({ title: competencies.title })
          .from(competencies)
          .where(and(eq(competencies.departmentId, departmentId), eq(competencies.type, type)))
          .orderBy(asc(competencies.title))
      ).map((r) => r.title);

    it('creates one record per comma-separated item, audited', async () => {
      const department = await createDepartment(t.db, 'Comma Dept');
      const response = await post(
        t.app,
        '/api/v1/competencies',
        { departmentId: department.id, type: 'diag', text: 'A, B, C' },
        { cookie: master },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json).toEqual({ message: '3 competencies added successfully', created: 3 });
      expect(await titlesOf(department.id, 'diag')).toEqual(['A', 'B', 'C']);
      const [a] = await t.db.select().from(competencies).where(eq(competencies.departmentId, department.id));
      const audit = await auditRowsFor(t.db, 'competency', a?.id ?? '');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'competency.create',
        actorId: w.actors.master.id,
        before: null,
      });
      expect(audit[0]?.after).toMatchObject({ title: a?.title, type: 'diag', collegeId: null });

      const spaced = await post(
        t.app,
        '/api/v1/competencies',
        { departmentId: department.id, type: 'proc', text: ' A ,, B ' },
        { cookie: master },
      );
      expect(spaced.json).toEqual({ message: '2 competencies added successfully', created: 2 });
      expect(await titlesOf(department.id, 'proc')).toEqual(['A', 'B']);
    });

    it('skips titles already there and refuses a list of nothing but repeats', async () => {
      const department = await createDepartment(t.db, 'Repeat Dept');
      const body = { departmentId: department.id, type: 'diag', text: 'Alpha' };
      expect((await post(t.app, '/api/v1/competencies', body, { cookie: master })).statusCode).toBe(201);
      const partial = await post(
        t.app,
        '/api/v1/competencies',
        { ...body, text: 'alpha, Beta' },
        { cookie: master },
      );
      expect(partial.json).toEqual({
        message: '1 competency added successfully (1 already existed)',
        created: 1,
      });
      const repeat = await post(
        t.app,
        '/api/v1/competencies',
        { ...body, text: 'ALPHA, beta' },
        { cookie: master },
      );
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json.message).toBe(M.duplicate('competency'));
      expect(await titlesOf(department.id, 'diag')).toEqual(['Alpha', 'Beta']);
    });

    it.each([
      [{ type: 'diag', text: 'A' }],
      [{ departmentId: UNKNOWN_ID, text: 'A' }],
      [{ departmentId: UNKNOWN_ID, type: 'diag', text: ' , ,' }],
      [{ departmentId: UNKNOWN_ID, type: 'other', text: 'A' }],
    ])('refuses %j with "Please fill all the fields!"', async (body) => {
      const response = await post(t.app, '/api/v1/competencies', body, { cookie: master });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(M.fillAll);
    });

    it('refuses an unknown department and a HOD', async () => {
      const unknown = await post(
        t.app,
        '/api/v1/competencies',
        { departmentId: UNKNOWN_ID, type: 'diag', text: 'A' },
        { cookie: master },
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json.message).toBe(REFERENCE_MESSAGES.departmentNotFound);
      const byHod = await post(
        t.app,
        '/api/v1/competencies',
        { departmentId: w.medicine.id, type: 'diag', text: 'Hod Try' },
        { cookie: hod },
      );
      expect(byHod.statusCode).toBe(403);
      expect(await t.db.select().from(competencies).where(eq(competencies.title, 'Hod Try'))).toEqual([]);
    });

    it('lists with department, type and search filters and the type and college names', async () => {
      const department = await createDepartment(t.db, 'Filter Dept');
      const diag = await createCompetency(t.db, {
        departmentId: department.id,
        title: 'Filter ECG',
        type: 'diag',
      });
      const proc = await createCompetency(t.db, {
        departmentId: department.id,
        collegeId: w.north.college.id,
        title: 'Filter Lumbar puncture',
        type: 'proc',
      });
      const all = await get(t.app, `/api/v1/competencies?departmentId=${department.id}`, { cookie: master });
      expect(all.json).toEqual({
        items: [
          {
            id: diag.id,
            title: 'Filter ECG',
            type: 'diag',
            departmentId: department.id,
            departmentName: 'Filter Dept',
            collegeName: null,
          },
          {
            id: proc.id,
            title: 'Filter Lumbar puncture',
            type: 'proc',
            departmentId: department.id,
            departmentName: 'Filter Dept',
            collegeName: 'North Medical College',
          },
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      });
      const procs = await get(t.app, `/api/v1/competencies?departmentId=${department.id}&type=proc`, {
        cookie: master,
      });
      expect(itemsOf(procs.json).map((c) => c.id)).toEqual([proc.id]);
      const searched = await get(t.app, '/api/v1/competencies?search=lumbar', { cookie: master });
      expect(itemsOf(searched.json).map((c) => c.id)).toEqual([proc.id]);
      // A student of another department sees nothing of it, even when asking for it by id.
      const studentView = await get(t.app, `/api/v1/competencies?departmentId=${department.id}`, {
        cookie: student,
      });
      expect(studentView.json.total).toBe(0);
      const bad = await get(t.app, '/api/v1/competencies?departmentId=nope', { cookie: master });
      expect(bad.statusCode).toBe(400);
    });

    it('deletes a competency, audited, and refuses one that skills use', async () => {
      const used = await createCompetency(t.db, { departmentId: w.medicine.id });
      await createSkill(t.db, used.id);
      const refused = await del(t.app, `/api/v1/competencies/${used.id}`, { cookie: master });
      expect(refused.statusCode).toBe(409);
      expect(refused.json.message).toBe(M.inUse('competency'));

      const free = await createCompetency(t.db, { departmentId: w.medicine.id });
      const response = await del(t.app, `/api/v1/competencies/${free.id}`, { cookie: master });
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ message: 'Competency deleted successfully' });
      expect(await t.db.select().from(competencies).where(eq(competencies.id, free.id))).toEqual([]);
      const audit = await auditRowsFor(t.db, 'competency', free.id);
      expect(audit).toMatchObject([
        { action: 'competency.delete', actorId: w.actors.master.id, after: null },
      ]);
      expect(audit[0]?.before).toMatchObject({ id: free.id, title: free.title });
    });

    it.each([UNKNOWN_ID, ...MALFORMED_IDS])('answers 404 to deleting competency %j', async (id) => {
      const response = await del(t.app, `/api/v1/competencies/${encodeURIComponent(id)}`, { cookie: master });
      expect(response.statusCode).toBe(404);
      expect(response.json.message).toBe(M.notFound('Competency'));
    });
  });

  describe('skills', () => {
    it('creates skills under a competency and lists them with its title, department and type', async () => {
      const competency = await createCompetency(t.db, {
        departmentId: w.medicine.id,
        title: 'Skill Parent',
        type: 'proc',
      });
      const response = await post(
        t.app,
        '/api/v1/skills',
        { competencyId: competency.id, text: 'Suturing, Cannulation' },
        { cookie: master },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json).toEqual({ message: '2 skills added successfully', created: 2 });
      const list = await get(t.app, `/api/v1/skills?competencyId=${competency.id}`, { cookie: student });
      expect(itemsOf(list.json).map(({ id: _id, ...rest }) => rest)).toEqual([
        {
          title: 'Cannulation',
          competencyId: competency.id,
          competencyTitle: 'Skill Parent',
          departmentName: 'Medicine',
          type: 'proc',
        },
        {
          title: 'Suturing',
          competencyId: competency.id,
          competencyTitle: 'Skill Parent',
          departmentName: 'Medicine',
          type: 'proc',
        },
      ]);
      const [row] = await t.db.select().from(skills).where(eq(skills.title, 'Suturing'));
      expect(row?.addedBy).toBe(w.actors.master.id);
      expect(await auditRowsFor(t.db, 'skill', row?.id ?? '')).toMatchObject([{ action: 'skill.create' }]);

      const again = await post(
        t.app,
        '/api/v1/skills',
        { competencyId: competency.id, text: 'suturing' },
        { cookie: master },
      );
      expect(again.statusCode).toBe(409);
      expect(again.json.message).toBe(M.duplicate('skill'));
    });

    it('refuses a missing competency or text with the shared message, and an unknown competency', async () => {
      const missing = await post(t.app, '/api/v1/skills', { text: 'A' }, { cookie: master });
      expect(missing.statusCode).toBe(400);
      expect(missing.json.message).toBe(M.fillAll);
      const empty = await post(
        t.app,
        '/api/v1/skills',
        { competencyId: UNKNOWN_ID, text: '' },
        { cookie: master },
      );
      expect(empty.json.message).toBe(M.fillAll);
      const unknown = await post(
        t.app,
        '/api/v1/skills',
        { competencyId: UNKNOWN_ID, text: 'A' },
        { cookie: master },
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json.message).toBe(M.notFound('Competency'));
    });

    it('deletes a skill, audited; 404 for unknown ids; 403 for a HOD', async () => {
      const competency = await createCompetency(t.db, { departmentId: w.medicine.id });
      const skill = await createSkill(t.db, competency.id);
      expect((await del(t.app, `/api/v1/skills/${skill.id}`, { cookie: hod })).statusCode).toBe(403);
      const response = await del(t.app, `/api/v1/skills/${skill.id}`, { cookie: master });
      expect(response.json).toEqual({ message: 'Skill deleted successfully' });
      expect(await t.db.select().from(skills).where(eq(skills.id, skill.id))).toEqual([]);
      expect(await auditRowsFor(t.db, 'skill', skill.id)).toMatchObject([
        { action: 'skill.delete', before: { title: skill.title } },
      ]);
      for (const id of [UNKNOWN_ID, 'x']) {
        expect((await del(t.app, `/api/v1/skills/${id}`, { cookie: master })).statusCode).toBe(404);
      }
    });
  });

  describe('specialities', () => {
    it('creates specialities per item and lists them for the department', async () => {
      const department = await createDepartment(t.db, 'Speciality Dept');
      const response = await post(
        t.app,
        '/api/v1/specialities',
        { departmentId: department.id, text: 'Cardiology, Nephrology, Cardiology' },
        { cookie: master },
      );
      expect(response.json).toEqual({ message: '2 specialities added successfully', created: 2 });
      const list = await get(t.app, `/api/v1/specialities?departmentId=${department.id}`, { cookie: master });
      expect(itemsOf(list.json).map((s) => [s.title, s.departmentName])).toEqual([
        ['Cardiology', 'Speciality Dept'],
        ['Nephrology', 'Speciality Dept'],
      ]);
      const [row] = await t.db.select().from(specialities).where(eq(specialities.title, 'Nephrology'));
      expect(await auditRowsFor(t.db, 'speciality', row?.id ?? '')).toMatchObject([
        { action: 'speciality.create', actorId: w.actors.master.id },
      ]);
    });

    it('refuses empty text with the shared message and a HOD with 403', async () => {
      const empty = await post(
        t.app,
        '/api/v1/specialities',
        { departmentId: w.medicine.id, text: '  ' },
        { cookie: master },
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.json.message).toBe(M.fillAll);
      const byHod = await post(
        t.app,
        '/api/v1/specialities',
        { departmentId: w.medicine.id, text: 'X' },
        { cookie: hod },
      );
      expect(byHod.statusCode).toBe(403);
    });

    it('deletes a speciality, audited; 404 for unknown ids', async () => {
      const speciality = await createSpeciality(t.db, { departmentId: w.medicine.id });
      const response = await del(t.app, `/api/v1/specialities/${speciality.id}`, { cookie: master });
      expect(response.json).toEqual({ message: 'Speciality deleted successfully' });
      expect(await auditRowsFor(t.db, 'speciality', speciality.id)).toMatchObject([
        { action: 'speciality.delete' },
      ]);
      expect((await del(t.app, `/api/v1/specialities/${speciality.id}`, { cookie: master })).statusCode).toBe(
        404,
      );
    });
  });

  describe('institutions', () => {
    it.each([
      [{ name: 'X' }],
      [{ state: 'Goa' }],
      [{ state: 'Nowhere', name: 'X' }],
      [{ state: 'Goa', name: '  ' }],
    ])('refuses %j with "Please fill all the required fields!"', async (body) => {
      const response = await post(t.app, '/api/v1/institutions', body, { cookie: hod });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(M.institutionFillAll);
    });

    it("adds an institution under the HOD's college, audited, and refuses a repeat", async () => {
      const response = await post(
        t.app,
        '/api/v1/institutions',
        { state: 'Kerala', name: 'Added Hospital' },
        { cookie: hod },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json).toEqual({
        message: M.institutionAdded,
        institution: { id: expect.any(String), name: 'Added Hospital', state: 'Kerala', canDelete: true },
      });
      const id = (response.json.institution as { id: string }).id;
      const [row] = await t.db.select().from(institutions).where(eq(institutions.id, id));
      expect(row).toMatchObject({ collegeId: w.north.college.id, addedBy: w.actors.hod.id });
      expect(await auditRowsFor(t.db, 'institution', id)).toMatchObject([
        { action: 'institution.create', actorId: w.actors.hod.id, after: { name: 'Added Hospital' } },
      ]);
      const repeat = await post(
        t.app,
        '/api/v1/institutions',
        { state: 'Kerala', name: 'added hospital' },
        { cookie: master },
      );
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json.message).toBe(M.duplicate('institution'));
    });

    it('lists institutions with canDelete from the shared policy and searches by name or state', async () => {
      const ours = await createInstitution(t.db, {
        collegeId: w.north.college.id,
        name: 'List Ours',
        state: 'Assam',
      });
      const theirs = await createInstitution(t.db, { collegeId: w.south.college.id, name: 'List Theirs' });
      const response = await get(t.app, '/api/v1/institutions?search=List', { cookie: hod });
      expect(itemsOf(response.json)).toEqual([
        { id: ours.id, name: 'List Ours', state: 'Assam', canDelete: true },
        { id: theirs.id, name: 'List Theirs', state: 'Delhi', canDelete: false },
      ]);
      const byState = await get(t.app, '/api/v1/institutions?search=assam', { cookie: hod });
      expect(itemsOf(byState.json).map((i) => i.id)).toEqual([ours.id]);
    });

    it("refuses to delete another college's institution (403) and deletes its own, audited", async () => {
      const theirs = await createInstitution(t.db, { collegeId: w.south.college.id });
      const refused = await del(t.app, `/api/v1/institutions/${theirs.id}`, { cookie: hod });
      expect(refused.statusCode).toBe(403);
      expect(await t.db.select().from(institutions).where(eq(institutions.id, theirs.id))).toHaveLength(1);

      const ours = await createInstitution(t.db, { collegeId: w.north.college.id });
      const response = await del(t.app, `/api/v1/institutions/${ours.id}`, { cookie: hod });
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ message: 'Institution deleted successfully' });
      expect(await auditRowsFor(t.db, 'institution', ours.id)).toMatchObject([
        { action: 'institution.delete', actorId: w.actors.hod.id, before: { name: ours.name } },
      ]);
      for (const id of [ours.id, 'nope']) {
        const missing = await del(t.app, `/api/v1/institutions/${id}`, { cookie: hod });
        expect(missing.statusCode).toBe(404);
        expect(missing.json.message).toBe(M.notFound('Institution'));
      }
    });

    it('refuses (409) to delete an institution a DRP posting names, and keeps it', async () => {
      const ours = await createInstitution(t.db, { collegeId: w.north.college.id });
      const coordinator = await createUser(t.db, { role: 'drp_coordinator' });
      await addPosting(t.db, {
        student: w.actors.student,
        placement: w.north,
        coordinator,
        from: dayFromToday(-5),
        institution: ours,
      });
      const response = await del(t.app, `/api/v1/institutions/${ours.id}`, { cookie: hod });
      expect(response.statusCode).toBe(409);
      expect(response.json.message).toBe(M.institutionHasPostings);
      expect(await t.db.select().from(institutions).where(eq(institutions.id, ours.id))).toHaveLength(1);
      expect(await auditRowsFor(t.db, 'institution', ours.id)).toEqual([]);
    });

    it('refuses students the institution pages', async () => {
      expect((await get(t.app, '/api/v1/institutions', { cookie: student })).statusCode).toBe(403);
      const add = await post(
        t.app,
        '/api/v1/institutions',
        { state: 'Goa', name: 'Student Hospital' },
        { cookie: student },
      );
      expect(add.statusCode).toBe(403);
      expect(await t.db.select().from(institutions).where(eq(institutions.name, 'Student Hospital'))).toEqual(
        [],
      );
    });
  });
});
