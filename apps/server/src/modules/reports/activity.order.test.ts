import type { ReportItem } from '@pgel/shared/reports/activity';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aetcomRecords, appraisals, memos, records, theses } from '../../db/schema/index';
import { SaturatedCounts } from '../../platform/saturated-counts';
import { type AcademicWorld, withAcademicWorld } from '../../test/academic-world';
import { createRecordRows, createUser, get, type TestApp } from '../../test/helpers';
import { activityPage, activityRows } from './activity.repository';

// Issue 16: each source gives only its own newest rows of a page and the total is capped. The
// pages, walked to the end, must be exactly the plain full sort of every matching row (the
// statement the report ran before), here with rows of every source on the same days, records
// with and without a date, equal creation times and a deleted student's rows.

type Page = { items: ReportItem[]; total: number };

/** The report's rows of a department as one full sort (the statement before issue 16). */
async function referenceIds(t: TestApp, college: string, department: string): Promise<string[]> {
  const result = (await t.db.execute(sql`select a.id::text as id from (
      select r.id, r.student_id, coalesce(r.date, r.created_at::date) as day, r.created_at from records r
        where r.deleted_at is null and r.college_id = ${college} and r.department_id = ${department}
      union all select t.id, t.student_id, t.updated_at::date, t.created_at from theses t
        where t.college_id = ${college} and t.department_id = ${department}
      union all select m.id, m.student_id, m.date, m.created_at from memos m
        where m.college_id = ${college} and m.department_id = ${department}
      union all select p.id, p.student_id, p.created_at::date, p.created_at from appraisals p
        where p.college_id = ${college} and p.department_id = ${department}
      union all select e.id, e.student_id, e.created_at::date, e.created_at from aetcom_records e
        where e.college_id = ${college} and e.department_id = ${department}
    ) a join users s on s.id = a.student_id and s.deleted_at is null
    order by a.day desc nulls last, a.created_at desc, a.id::text desc`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  return result.rows.map((row) => row.id);
}

describe('/reports: the page order is the full sort of every source', () => {
  let t: TestApp;
  let w: AcademicWorld;
  let college: string;
  let department: string;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  beforeAll(async () => {
    college = w.medicine.college.id;
    department = w.medicine.department.id;
    const placement = w.medicine;
    const students = [];
    for (let i = 0; i < 4; i++)
      students.push(
        await createUser(t.db, { placement, name: `Dr. ${w.tag} Order ${i}`, verifyByHod: true }),
      );
    const gone = await createUser(t.db, { placement, name: `Dr. ${w.tag} Gone`, deleted: true });
    // Two days, each with many rows made at the same instant (ties broken by id) and some later.
    const days = ['2026-01-10', '2026-01-11'];
    const at = (day: string, minute: number) => new Date(`${day}T08:${String(minute).padStart(2, '0')}:00Z`);
    for (const [s, student] of [...students, gone].entries()) {
      const made = await createRecordRows(
        t.db,
        days.flatMap((day) => [
          { kind: 'teaching', studentId: student.id, placement, date: day },
          { kind: 'opd', studentId: student.id, placement, date: day, status: 'approved' as const },
          { kind: 'teaching', studentId: student.id, placement, date: null },
        ]),
      );
      // Dated rows made on the other day, undated ones on theirs: equal days across both branches.
      await t.db
        .update(records)
        .set({ createdAt: at(days[s % 2] ?? '', 0) })
        .where(inArray(records.id, made));
      await t.db.insert(memos).values(
        days.map((day, i) => ({
          collegeId: college,
          departmentId: department,
          studentId: student.id,
          issuedById: w.actors.hod.id,
          sequence: s * 10 + i + 1,
          memoNumber: `MEMO/${w.tag}/${s}/${i}`,
          date: day,
          reason: 'Late',
          createdAt: at(day, 0),
        })),
      );
      await t.db.insert(appraisals).values(
        days.map((day, i) => ({
          collegeId: college,
          departmentId: department,
          studentId: student.id,
          fromDate: '2025-01-01',
          toDate: '2025-03-31',
          rows: [],
          appraisedById: w.actors.faculty.id,
          createdAt: at(day, i % 2 === 0 ? 0 : s),
        })),
      );
      await t.db.insert(aetcomRecords).values(
        days.map((day, i) => ({
          collegeId: college,
          departmentId: department,
          studentId: student.id,
          year: i + 1,
          fromDate: '2025-01-01',
          toDate: '2026-01-01',
          scores: {},
          scoredById: w.actors.faculty.id,
          createdAt: at(day, 0),
        })),
      );
      await t.db.insert(theses).values(
        (['synopsis', 'thesis'] as const).map((stage, i) => ({
          collegeId: college,
          departmentId: department,
          studentId: student.id,
          stage,
          title: `Study ${s}`,
          createdAt: at(days[0] ?? '', 0),
          updatedAt: at(days[(s + i) % 2] ?? '', 30 + s),
        })),
      );
    }
  });

  it("walks a department's pages in exactly the order of the full sort, and totals every row", async () => {
    const expected = await referenceIds(t, college, department);
    expect(expected.length).toBe(56); // 4 live students × 14 rows; the deleted one's are not shown
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 5) + 1; page++) {
      const response = await get(t.app, `/api/v1/reports?pageSize=5&page=${page}`, {
        cookie: w.actors.hod.cookie,
      });
      const body = response.json as unknown as Page;
      expect(body.total).toBe(expected.length);
      seen.push(...body.items.map((item) => item.id));
    }
    expect(seen).toEqual(expected);
  });

  it("gives Master every department's rows in the same order, and the export too", async () => {
    const expected = await referenceIds(t, college, department);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 20); page++) {
      const response = await get(t.app, `/api/v1/reports?pageSize=20&page=${page}&search=${w.tag}`, {
        cookie: w.actors.master.cookie,
      });
      seen.push(...(response.json as unknown as Page).items.map((item) => item.id));
    }
    // The world's other rows (none in Medicine) are not in this department's reference.
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
    const exported = await activityRows(t.db, { collegeId: college, departmentId: department }, 100_000);
    expect(exported.map((row) => row.id)).toEqual(expected);
  });

  it('counts at most the cap: the total is the cap when more rows match, exact below it', async () => {
    const expected = await referenceIds(t, college, department);
    const filter = { collegeId: college, departmentId: department };
    const capped = await activityPage(t.db, filter, { limit: 5, offset: 10 }, { countCap: 25 });
    expect(capped.total).toBe(25);
    expect(capped.rows.map((row) => row.id)).toEqual(expected.slice(10, 15));
    const exact = await activityPage(
      t.db,
      filter,
      { limit: 5, offset: 0 },
      { countCap: expected.length + 1 },
    );
    expect(exact.total).toBe(expected.length);
  });

  it('counts a saturated total again only after a while; one under its cap every time', async () => {
    const clock = { at: 1_000, now: () => clock.at };
    const counts = new SaturatedCounts({ ttlMs: 30_000, clock });
    const placement = w.medicine;
    const [full, under] = [
      await createUser(t.db, { placement, name: `Dr. ${w.tag} Full`, verifyByHod: true }),
      await createUser(t.db, { placement, name: `Dr. ${w.tag} Under`, verifyByHod: true }),
    ];
    const rowsOf = (studentId: string, n: number) =>
      createRecordRows(
        t.db,
        Array.from({ length: n }, () => ({ kind: 'teaching', studentId, placement, date: '2026-02-01' })),
      );
    const fullIds = await rowsOf(full.id, 3);
    const underIds = await rowsOf(under.id, 2);
    const totalOf = async (studentId: string, status?: 'pending') =>
      (
        await activityPage(
          t.db,
          { collegeId: college, departmentId: department, studentId, status },
          { limit: 10, offset: 0 },
          { countCap: 3, counts },
        )
      ).total;
    const remove = (ids: string[]) =>
      t.db.update(records).set({ deletedAt: new Date() }).where(inArray(records.id, ids));

    expect(await totalOf(full.id)).toBe(3);
    expect(await totalOf(under.id)).toBe(2);
    await remove([fullIds[0] ?? '', underIds[0] ?? '']);
    // The saturated total is taken as still there; the one under its cap is counted again.
    clock.at = 30_000;
    expect(await totalOf(full.id)).toBe(3);
    expect(await totalOf(under.id)).toBe(1);
    // Another filter of the same student is another total: counted, not taken from the first.
    expect(await totalOf(full.id, 'pending')).toBe(2);
    await remove([fullIds[1] ?? '']);
    // Past the while, counted again: now under the cap, so exact.
    clock.at = 31_001;
    expect(await totalOf(full.id)).toBe(1);
    expect(await totalOf(full.id, 'pending')).toBe(1);
  });
});
