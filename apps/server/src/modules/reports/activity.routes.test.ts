import {
  REPORT_MESSAGES,
  REPORT_UNKNOWN_MENU,
  type ReportItem,
  reportDate,
} from '@pgel/shared/reports/activity';
import { todayIso } from '@pgel/shared/schemas/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { memos } from '../../db/schema/index';
import { type AcademicWorld, withAcademicWorld } from '../../test/academic-world';
import { get, type TestApp } from '../../test/helpers';
import { csvCell } from './activity.csv';
import { type ActivityIds, medicineIds, seedActivity } from './activity.fixtures';

type Page = { items: ReportItem[]; total: number; page: number; pageSize: number };

describe('/reports: recent activity', () => {
  let t: TestApp;
  let w: AcademicWorld;
  let ids: ActivityIds;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });
  beforeAll(async () => {
    ids = await seedActivity(t, w);
  });

  async function list(query: string, cookie = w.actors.faculty.cookie) {
    const response = await get(t.app, `/api/v1/reports?pageSize=20&${query}`, { cookie });
    return {
      status: response.statusCode,
      body: response.json as unknown as Page,
      message: response.json.message,
    };
  }
  const idsOf = (page: Page) => page.items.map((item) => item.id).sort();

  it("shows a faculty member their department's rows, newest date first, with titles and links", async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual(medicineIds(ids));
    expect(body.total).toBe(8);
    const dated = body.items.filter((item) => item.date.startsWith('2024')).map((item) => item.id);
    expect(dated).toEqual([ids.formula, ids.memo, ids.opd, ids.teaching, ids.leave]);
    const byId = new Map(body.items.map((item) => [item.id, item]));
    expect(byId.get(ids.teaching)).toMatchObject({
      menu: 'teaching',
      menuTitle: 'Teaching Experience',
      departmentName: w.medicine.department.name,
      collegeName: w.medicine.college.name,
      studentId: w.actors.student.id,
      studentName: w.actors.student.name,
      status: 'pending',
      date: '2024-03-01',
      url: `/task/teaching?record=${ids.teaching}`,
    });
    // Academic rows open the entry: its page with the student picked and (where the page lists
    // several) the entry named; a student's synopsis or thesis is their page.
    const student = w.actors.student.id;
    const other = w.actors.otherStudent.id;
    expect(byId.get(ids.teaching)?.statusLabel).toBe('Pending');
    expect(byId.get(ids.opd)?.statusLabel).toBe('Approved');
    expect(byId.get(ids.leave)?.statusLabel).toBe('Rejected');
    // Academic rows say their own state (issue 28), filtered as the status they map onto.
    expect(byId.get(ids.memo)).toMatchObject({
      menuTitle: 'Memos',
      status: 'approved',
      statusLabel: 'Closed',
      url: `/memo?student=${student}&entry=${ids.memo}`,
    });
    expect(byId.get(ids.synopsis)).toMatchObject({
      status: 'pending',
      statusLabel: 'In progress',
      url: `/synopsis?student=${other}`,
      date: todayIso(),
    });
    expect(byId.get(ids.appraisal)).toMatchObject({
      status: 'approved',
      statusLabel: 'Recorded',
      url: `/appeal?student=${student}&entry=${ids.appraisal}`,
    });
    expect(byId.get(ids.aetcom)).toMatchObject({
      status: 'approved',
      statusLabel: 'Recorded',
      url: `/atcom?student=${other}&entry=${ids.aetcom}`,
    });
    expect(byId.has(ids.deleted)).toBe(false);
  });

  it('pages, and answers the total past the last page', async () => {
    const first = await get(t.app, '/api/v1/reports?pageSize=5&page=2', { cookie: w.actors.faculty.cookie });
    expect(first.json).toMatchObject({ total: 8, page: 2, pageSize: 5 });
    expect((first.json.items as unknown[]).length).toBe(3);
    const past = await get(t.app, '/api/v1/reports?pageSize=5&page=9', { cookie: w.actors.faculty.cookie });
    expect(past.json).toMatchObject({ items: [], total: 8 });
  });

  it('filters by menu: a record kind, an academic menu; an unknown one is refused', async () => {
    expect(idsOf((await list('menu=teaching')).body)).toEqual([ids.teaching]);
    expect(idsOf((await list('menu=memo')).body)).toEqual([ids.memo]);
    expect(idsOf((await list('menu=synopsis')).body)).toEqual([ids.synopsis]);
    expect(idsOf((await list('menu=thesis')).body)).toEqual([]);
    const unknown = await list('menu=nothing');
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe(REPORT_UNKNOWN_MENU);
  });

  it('filters by status: accepted is approved; academic rows map their states', async () => {
    expect(idsOf((await list('status=accepted')).body)).toEqual(
      [ids.opd, ids.memo, ids.appraisal, ids.aetcom].sort(),
    );
    expect(idsOf((await list('status=rejected')).body)).toEqual([ids.leave]);
    expect(idsOf((await list('status=pending')).body)).toEqual(
      [ids.teaching, ids.synopsis, ids.formula].sort(),
    );
    expect((await list('status=maybe')).status).toBe(400);
  });

  it('filters by student within the scope; a student outside it is not found', async () => {
    expect(idsOf((await list(`studentId=${w.actors.otherStudent.id}`)).body)).toEqual(
      [ids.synopsis, ids.aetcom].sort(),
    );
    for (const other of [w.surgeryStudent.id, w.actors.faculty.id, crypto.randomUUID()]) {
      const refused = await list(`studentId=${other}`);
      expect(refused.status).toBe(404);
      expect(refused.message).toBe(REPORT_MESSAGES.studentNotFound);
    }
    expect((await list('studentId=not-a-uuid')).status).toBe(400);
  });

  it("searches the student's name", async () => {
    expect(idsOf((await list('search=other%20student')).body)).toEqual([ids.synopsis, ids.aetcom].sort());
    expect((await list('search=nobody-by-this-name')).body.total).toBe(0);
  });

  it("keeps staff to their own department: another department's id is refused", async () => {
    const own = await list(`collegeId=${w.medicine.college.id}&departmentId=${w.medicine.department.id}`);
    expect(idsOf(own.body)).toEqual(medicineIds(ids));
    const other = await list(`departmentId=${w.surgery.department.id}`);
    expect(other.status).toBe(403);
    expect(other.message).toBe(REPORT_MESSAGES.departmentNotAllowed);
    const otherExport = await get(
      t.app,
      `/api/v1/reports/export.csv?departmentId=${w.surgery.department.id}`,
      {
        cookie: w.actors.hod.cookie,
      },
    );
    expect(otherExport.statusCode).toBe(403);
  });

  it('lets Master choose any department, or see them all', async () => {
    const master = w.actors.master.cookie;
    const surgery = await list(`departmentId=${w.surgery.department.id}`, master);
    expect(idsOf(surgery.body)).toEqual([ids.surgery]);
    const all = await list(`search=${w.tag}`, master);
    expect(idsOf(all.body)).toEqual([...medicineIds(ids), ids.surgery, ids.south].sort());
    const student = await list(`studentId=${w.surgeryStudent.id}`, master);
    expect(idsOf(student.body)).toEqual([ids.surgery]);
    const wrongDepartment = await list(
      `departmentId=${w.medicine.department.id}&studentId=${w.surgeryStudent.id}`,
      master,
    );
    expect(wrongDepartment.status).toBe(404);
  });

  it("lets Admin choose another department than their own, and the other college's", async () => {
    const admin = w.actors.admin.cookie;
    const surgery = await list(
      `collegeId=${w.medicine.college.id}&departmentId=${w.surgery.department.id}`,
      admin,
    );
    expect(idsOf(surgery.body)).toEqual([ids.surgery]);
    const all = await list(`search=${w.tag}&menu=teaching`, admin);
    expect(idsOf(all.body)).toEqual([ids.teaching, ids.surgery, ids.south].sort());
  });

  it('answers a malformed filter with 400, never 500', async () => {
    for (const query of [
      'departmentId=nope',
      'collegeId=1',
      'page=0',
      'pageSize=7',
      `menu=${'x'.repeat(61)}`,
    ]) {
      expect((await list(query, w.actors.master.cookie)).status).toBe(400);
    }
  });

  it('exports the rows as CSV: BOM, header, DD-MM-YYYY, quoting and no formulas', async () => {
    const response = await get(t.app, '/api/v1/reports/export.csv?menu=conference', {
      cookie: w.actors.hod.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${REPORT_MESSAGES.exportFileName}"`,
    );
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    // Staff of one department: no College column (issue 28: only Master's export has it).
    expect(lines[0]).toBe('Department,Menu,Title / Topic,Role,Student Name,Status,Date');
    const quotedName = `"'=HYPERLINK(""x"") ${w.tag}, Formula"`;
    // A conference logs no role: its Role cell is empty; its topic is the entry's.
    expect(lines[1]).toBe(
      `${w.medicine.department.name},Academic Program,Sepsis update,,${quotedName},Pending,01-04-2024`,
    );
    expect(lines.slice(2)).toEqual(['']);
  });

  it('exports every matching row with its own state and title, as the table shows them (issue 28)', async () => {
    const response = await get(t.app, '/api/v1/reports/export.csv?status=accepted&pageSize=5', {
      cookie: w.actors.faculty.cookie,
    });
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(5);
    const dept = w.medicine.department.name;
    const { student, otherStudent } = w.actors;
    const today = reportDate(todayIso());
    expect(lines.slice(1).sort()).toEqual(
      [
        // The OPD record has no summary in this fixture: its Title / Topic is empty.
        `${dept},OPD Campus,,,${student.name},Approved,05-03-2024`,
        `${dept},Memos,MEMO/2024/${w.tag},,${student.name},Closed,10-03-2024`,
        `${dept},Quarterly Appraisal,01-01-2024 to 31-03-2024,,${student.name},Recorded,${today}`,
        `${dept},AETCOM,Year 1 (01-01-2024 to 01-01-2025),,${otherStudent.name},Recorded,${today}`,
      ].sort(),
    );
  });

  // Last: it adds memos the earlier tests do not count.
  it("lists a memo's own state: Issued, Explained, Closed (issue 28)", async () => {
    const { hod, otherStudent } = w.actors;
    const medicine = { collegeId: w.medicine.college.id, departmentId: w.medicine.department.id };
    const memo = (sequence: number, status: 'issued' | 'explained') => ({
      ...medicine,
      studentId: otherStudent.id,
      issuedById: hod.id,
      sequence,
      memoNumber: `MEMO/2024/${w.tag}-${sequence}`,
      date: '2024-02-10',
      reason: 'Late',
      status,
      ...(status === 'explained' ? { explanation: 'Sorry', explainedAt: new Date() } : {}),
    });
    const added = await t.db
      .insert(memos)
      .values([memo(2, 'issued'), memo(3, 'explained')])
      .returning({ id: memos.id, status: memos.status });
    const { body } = await list('menu=memo');
    const labels = new Map(body.items.map((item) => [item.id, [item.status, item.statusLabel]]));
    expect(labels.get(ids.memo)).toEqual(['approved', 'Closed']);
    for (const row of added) {
      expect(labels.get(row.id)).toEqual(['pending', row.status === 'issued' ? 'Issued' : 'Explained']);
    }
    // The Pending filter still finds them (their state maps onto it).
    expect(idsOf((await list('menu=memo&status=pending')).body)).toEqual(added.map((row) => row.id).sort());
  });

  it("gives Master's export the college of each row; a HOD's has none (issue 28)", async () => {
    const csv = async (cookie: string, query = '') => {
      const response = await get(t.app, `/api/v1/reports/export.csv?menu=teaching${query}`, { cookie });
      expect(response.statusCode).toBe(200);
      return response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    const master = await csv(w.actors.master.cookie, `&search=${encodeURIComponent(w.tag)}`);
    expect(master[0]).toBe('College,Department,Menu,Title / Topic,Role,Student Name,Status,Date');
    const colleges = master.slice(1).map((line) => line.split(',')[0]);
    expect(colleges).toContain(w.medicine.college.name);
    // The other college's row (its college is named South …).
    expect(colleges.some((name) => name?.startsWith('South '))).toBe(true);
    const hod = await csv(w.actors.hod.cookie);
    expect(hod[0]).toBe('Department,Menu,Title / Topic,Role,Student Name,Status,Date');
    expect(hod.slice(1).every((line) => line.startsWith(`${w.medicine.department.name},`))).toBe(true);
  });

  it('quotes and neutralises cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'])
      expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('\n=cmd')).toBe(`"'\n=cmd"`);
  });
});
