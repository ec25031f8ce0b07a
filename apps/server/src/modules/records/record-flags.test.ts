import { RecordDetailSchema } from '@pgel/shared/records/api';
import { FLAG_MESSAGES, FlagCountsSchema, type RecordFlag } from '@pgel/shared/records/flags';
import { teaching } from '@pgel/shared/records/kinds';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { records, users } from '../../db/schema/index';
import { createRecordRows, get, post, type RecordRowOptions, type TestApp } from '../../test/helpers';
import { type RecordsWorld, recordBody, validValues, withRecordsWorld } from '../../test/records-world';

type Row = Omit<RecordRowOptions, 'studentId' | 'placement'> & {
  studentId?: string;
  /** Days from the activity date to the day it was entered (India's calendar); 0 by default. */
  enteredAfter?: number;
};

/** The day `days` after a YYYY-MM-DD date. */
function plus(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const codes = (flags: RecordFlag[]) => flags.map((flag) => flag.code);

// Issue 27, part 4: doubtful entries are flagged (never refused), each flag at its boundary.
describe('flags on doubtful entries', () => {
  let t: TestApp;
  let w: RecordsWorld;
  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  /** Records written straight into the table, entered `enteredAfter` days after their date (noon, India). */
  async function insert(rows: Row[]): Promise<string[]> {
    const ids = await createRecordRows(
      t.db,
      rows.map(({ enteredAfter: _, ...row }) => ({
        studentId: w.actors.student.id,
        placement: w.medicine,
        ...row,
      })),
    );
    for (const [i, row] of rows.entries()) {
      const date = row.date ?? '2025-06-01';
      const entered = `${plus(date, row.enteredAfter ?? 0)}T06:30:00Z`;
      await t.db
        .update(records)
        .set({ createdAt: new Date(entered) })
        .where(inArray(records.id, [ids[i] as string]));
    }
    return ids;
  }
  const flagsOf = async (id: string) => {
    const response = await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors.faculty.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return RecordDetailSchema.parse(response.json).flags;
  };

  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await t.db
      .update(users)
      .set({ joiningDate: '2025-02-01' })
      .where(sql`${users.id} = ${w.actors.student.id}`);
    const leaveDetails = (from: string, to: string) => ({
      fromDate: from,
      toDate: to,
      reasonType: 'Casual',
      reason: 'Family',
      leaveDays: 3,
    });
    // The entries each test looks at, by name.
    const named: Record<string, Row> = {
      onTime: { kind: 'teaching', date: '2025-03-01', enteredAfter: 30 },
      late: { kind: 'teaching', date: '2025-03-02', enteredAfter: 31 },
      leave: {
        kind: 'leave',
        date: '2025-03-10',
        status: 'approved',
        details: leaveDetails('2025-03-10', '2025-03-12'),
      },
      pendingLeave: { kind: 'leave', date: '2025-04-01', details: leaveDetails('2025-04-01', '2025-04-02') },
      onLeaveDay: { kind: 'teaching', date: '2025-03-12' },
      afterLeave: { kind: 'teaching', date: '2025-03-13' },
      onPendingLeave: { kind: 'teaching', date: '2025-04-01' },
      beforeJoining: { kind: 'teaching', date: '2025-01-31' },
      onJoining: { kind: 'teaching', date: '2025-02-01' },
      caseA: { kind: 'clinical-case', date: '2025-05-01', details: { patientId: 'MRD-1001' } },
      caseB: { kind: 'clinical-case', date: '2025-05-08', details: { patientId: ' mrd-1001 ' } },
      caseC: { kind: 'clinical-case', date: '2025-05-16', details: { patientId: 'MRD-1001' } },
      otherStudentsCase: {
        kind: 'clinical-case',
        date: '2025-05-02',
        details: { patientId: 'MRD-1001' },
        studentId: w.actors.otherStudent.id,
      },
    };
    const inserted = await insert(Object.values(named));
    Object.keys(named).forEach((name, i) => {
      ids[name] = inserted[i] as string;
    });
    // The department's usual OPD day: one entry a day for 60 days (95th percentile 1), then the
    // student's day of 3 (not more than 3 x 1) and day of 4 (more).
    await insert(
      Array.from({ length: 60 }, (_, i) => ({
        kind: 'opd',
        date: plus('2025-07-01', i),
        studentId: w.actors.otherStudent.id,
      })),
    );
    const three = await insert(Array.from({ length: 3 }, () => ({ kind: 'opd', date: '2025-10-01' })));
    const four = await insert(Array.from({ length: 4 }, () => ({ kind: 'opd', date: '2025-10-02' })));
    ids.threeADay = three[0] as string;
    ids.fourADay = four[0] as string;
  });

  it('backdated: entered more than 30 days after the activity date (30 is not, 31 is)', async () => {
    expect(await flagsOf(ids.onTime as string)).toEqual([]);
    expect(await flagsOf(ids.late as string)).toEqual([
      { code: 'backdated', reason: 'Entered 31 days after the activity date (more than 30).' },
    ]);
  });

  it("on-leave: dated on a day of the resident's approved leave (its last day is, the next is not)", async () => {
    expect(await flagsOf(ids.onLeaveDay as string)).toEqual([
      { code: 'on-leave', reason: "Dated during the resident's approved leave (10-03-2025 to 12-03-2025)." },
    ]);
    expect(await flagsOf(ids.afterLeave as string)).toEqual([]);
    // A leave still pending is not approved leave; a leave is never flagged for being on leave.
    expect(await flagsOf(ids.onPendingLeave as string)).toEqual([]);
    expect(codes(await flagsOf(ids.leave as string))).not.toContain('on-leave');
  });

  it("before-joining: dated before the resident's joining date (the day itself is not)", async () => {
    expect(await flagsOf(ids.beforeJoining as string)).toEqual([
      { code: 'before-joining', reason: "Dated before the resident's joining date (01-02-2025)." },
    ]);
    expect(await flagsOf(ids.onJoining as string)).toEqual([]);
  });

  it('repeat-patient: the same Patient ID within 7 days (8 is not), never naming it', async () => {
    const a = await flagsOf(ids.caseA as string);
    expect(a).toEqual([
      {
        code: 'repeat-patient',
        reason:
          'The same Patient ID as another clinical case of this resident dated 08-05-2025 (within 7 days).',
      },
    ]);
    expect(codes(await flagsOf(ids.caseB as string))).toEqual(['repeat-patient']);
    // Eight days after case B and fifteen after case A; another student's case of that patient
    // does not count.
    expect(await flagsOf(ids.caseC as string)).toEqual([]);
    expect(await flagsOf(ids.otherStudentsCase as string)).toEqual([]);
    for (const id of [ids.caseA, ids.caseB]) {
      const detail = await get(t.app, `/api/v1/records/${id}`, { cookie: w.actors.hod.cookie });
      expect(JSON.stringify(detail.json.flags).toLowerCase()).not.toContain('mrd-1001');
    }
  });

  it("high-volume: more entries of a kind on a day than 3 times the department's 95th percentile", async () => {
    expect(await flagsOf(ids.threeADay as string)).toEqual([]);
    expect(await flagsOf(ids.fourADay as string)).toEqual([
      {
        code: 'high-volume',
        reason:
          "4 entries of this kind on one day: more than 3 times the department's usual most (1 a day, 95th percentile).",
      },
    ]);
  });

  it('flags the rows of the report table, the Pending Verifications and /reports alike', async () => {
    const list = await get(t.app, '/api/v1/records?kind=teaching&pageSize=20', {
      cookie: w.actors.faculty.cookie,
    });
    const byId = new Map(
      (list.json.items as Array<{ id: string; flags: RecordFlag[] }>).map((i) => [i.id, i.flags]),
    );
    expect(codes(byId.get(ids.late as string) ?? [])).toEqual(['backdated']);
    expect(byId.get(ids.onTime as string)).toEqual([]);

    // The queue, the longest waiting first (issue 30): every page of it.
    const queued = new Map<string, RecordFlag[]>();
    for (let page = 1; page <= 10; page += 1) {
      const pending = await get(t.app, `/api/v1/records/pending?pageSize=20&page=${page}`, {
        cookie: w.actors.faculty.cookie,
      });
      const items = pending.json.items as Array<{ id: string; flags: RecordFlag[] }>;
      for (const item of items) queued.set(item.id, item.flags);
      if (items.length < 20) break;
    }
    expect(codes(queued.get(ids.fourADay as string) ?? [])).toEqual(['high-volume']);
    expect(queued.get(ids.threeADay as string)).toEqual([]);

    const report = await get(t.app, `/api/v1/reports?pageSize=20&studentId=${w.actors.student.id}`, {
      cookie: w.actors.hod.cookie,
    });
    const rows = new Map(
      (report.json.items as Array<{ id: string; flags: RecordFlag[] }>).map((i) => [i.id, i.flags]),
    );
    expect(codes(rows.get(ids.onLeaveDay as string) ?? [])).toEqual(['on-leave']);
    expect(codes(rows.get(ids.caseA as string) ?? [])).toEqual(['repeat-patient']);
    expect(codes(rows.get(ids.beforeJoining as string) ?? [])).toEqual(['before-joining']);
    expect(rows.get(ids.afterLeave as string)).toEqual([]);
  });

  it('never blocks a save: an entry dated 40 days ago is saved and flagged', async () => {
    const date = plus(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10), -40);
    const created = await post(
      t.app,
      '/api/v1/records',
      recordBody(teaching, { ...validValues(teaching, w.refs), date }),
      { cookie: w.actors.otherStudent.cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(codes((created.json.record as { flags: RecordFlag[] }).flags)).toEqual(['backdated']);
  });

  it("counts each student's flagged entries for the HOD, in their own department only", async () => {
    const response = await get(t.app, '/api/v1/reports/flags', { cookie: w.actors.hod.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = FlagCountsSchema.parse(response.json);
    const student = items.find((item) => item.studentId === w.actors.student.id);
    expect(student).toEqual({
      studentId: w.actors.student.id,
      studentName: w.actors.student.name,
      // late, the leave day, the four OPD entries of one day, cases A and B, before joining.
      total: 9,
      counts: { backdated: 1, 'on-leave': 1, 'high-volume': 4, 'repeat-patient': 2, 'before-joining': 1 },
    });
    // Most flagged first; nobody else of another department.
    expect(items[0]?.studentId).toBe(w.actors.student.id);
    expect(
      items.every((item) => [w.actors.student.id, w.actors.otherStudent.id].includes(item.studentId)),
    ).toBe(true);

    // Master names the department; without one, a clear message.
    const master = await get(
      t.app,
      `/api/v1/reports/flags?collegeId=${w.medicine.college.id}&departmentId=${w.medicine.department.id}`,
      { cookie: w.actors.master.cookie },
    );
    expect(master.statusCode).toBe(200);
    const unnamed = await get(t.app, '/api/v1/reports/flags', { cookie: w.actors.master.cookie });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json.message).toBe(FLAG_MESSAGES.chooseDepartment);
    // Faculty and students are refused; a HOD naming another department too.
    expect((await get(t.app, '/api/v1/reports/flags', { cookie: w.actors.faculty.cookie })).statusCode).toBe(
      403,
    );
    expect((await get(t.app, '/api/v1/reports/flags', { cookie: w.actors.student.cookie })).statusCode).toBe(
      403,
    );
    const elsewhere = await get(
      t.app,
      `/api/v1/reports/flags?collegeId=${w.surgery.college.id}&departmentId=${w.surgery.department.id}`,
      { cookie: w.actors.hod.cookie },
    );
    expect(elsewhere.statusCode).toBe(403);
  });
});
