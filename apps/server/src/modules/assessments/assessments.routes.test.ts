import {
  AETCOM_MESSAGES,
  AETCOM_NOTICES,
  AETCOM_SKILL_COUNT,
  AETCOM_SKILLS,
} from '@pgel/shared/academic/aetcom';
import {
  APPRAISAL_MESSAGES,
  APPRAISAL_NOTICES,
  APPRAISAL_PARTICULARS,
} from '@pgel/shared/academic/appraisal';
import { ACADEMIC_MESSAGES, addDays } from '@pgel/shared/academic/common';
import { todayIso } from '@pgel/shared/schemas/dates';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aetcomRecords, appraisals, mailOutbox } from '../../db/schema/index';
import { type AcademicWorld, createAcademicWorld, withAcademicWorld } from '../../test/academic-world';
import {
  APP_URL,
  auditRowsFor,
  buildTestApp,
  createUser,
  freshIp,
  get,
  login,
  type Placement,
  post,
  type TestApp,
  type TestResponse,
  unique,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';

type Row = { score?: number | null; remark?: string | null };
type Student = { id: string; name: string; email: string; password: string };

/** Eight rows scoring `score` (or the given scores in order). */
const rowsOf = (scores: number | Array<number | null | undefined>): Row[] =>
  Array.from({ length: 8 }, (_, i) => ({
    score: typeof scores === 'number' ? scores : scores[i],
    remark: `Remark ${i + 1}`,
  }));

/** All 41 AETCOM scores set to `score`. */
const allScores = (score: number | ((index: number) => number)): Record<string, number> =>
  Object.fromEntries(AETCOM_SKILLS.map(({ key }, i) => [key, typeof score === 'number' ? score : score(i)]));

const messageOf = (response: TestResponse) => response.json.message;

describe('assessments: the quarterly appraisal and AETCOM routes', () => {
  let t: TestApp;
  let w: AcademicWorld;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  /** A new approved student (Medicine by default), so each test's quarters stand alone. */
  async function newStudent(placement: Placement = w.medicine): Promise<Student> {
    const name = `Dr. ${w.tag} ${unique('Scored')}`;
    const user = await createUser(t.db, { placement, name, verifyByHod: true });
    return { id: user.id, name, email: user.email, password: user.password };
  }
  const cookieOf = (student: Student) =>
    login(t.app, student.email, student.password, 'student', { remoteAddress: freshIp() });

  const faculty = () => ({ cookie: w.actors.faculty.cookie });
  const appraise = (body: unknown, cookie = w.actors.faculty.cookie) =>
    post(t.app, '/api/v1/appraisals', body, { cookie });
  const scoreAetcom = (body: unknown, cookie = w.actors.faculty.cookie) =>
    post(t.app, '/api/v1/aetcom', body, { cookie });

  const appraisalRowsOf = (studentId: string) =>
    t.db
      .select()
      .from(appraisals)
      .where(eq(appraisals.studentId, studentId))
      .orderBy(asc(appraisals.fromDate));
  const aetcomRowsOf = (studentId: string) =>
    t.db
      .select()
      .from(aetcomRecords)
      .where(eq(aetcomRecords.studentId, studentId))
      .orderBy(asc(aetcomRecords.year));

  describe('POST /appraisals', () => {
    it("answers the spec's messages in the spec's order, and writes nothing", async () => {
      const student = await newStudent();
      const from = '2024-01-01';
      const cases: Array<[unknown, string]> = [
        [{}, APPRAISAL_MESSAGES.noStudent],
        [{ studentId: '   ', fromDate: from, rows: rowsOf(5) }, APPRAISAL_MESSAGES.noStudent],
        [{ studentId: null, fromDate: 'nonsense', rows: [] }, APPRAISAL_MESSAGES.noStudent],
        [{ studentId: student.id }, APPRAISAL_MESSAGES.noToDate],
        [{ studentId: student.id, fromDate: '', rows: rowsOf(5) }, APPRAISAL_MESSAGES.noToDate],
        [{ studentId: student.id, fromDate: '2023-02-29', rows: rowsOf(5) }, APPRAISAL_MESSAGES.noToDate],
        [{ studentId: student.id, fromDate: '01-01-2024', rows: rowsOf(5) }, APPRAISAL_MESSAGES.noToDate],
        [{ studentId: student.id, fromDate: from }, APPRAISAL_MESSAGES.allRows],
        [{ studentId: student.id, fromDate: from, rows: rowsOf(5).slice(0, 7) }, APPRAISAL_MESSAGES.allRows],
        [
          { studentId: student.id, fromDate: from, rows: [...rowsOf(5), { score: 5 }] },
          APPRAISAL_MESSAGES.allRows,
        ],
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, 5, null, 5, 5, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreFor(3),
        ],
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, 5, 5, 5, undefined, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreFor(5),
        ],
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, 0, 5, 5, 5, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreRange(2),
        ],
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, 5, 5, 5, 5, 5, 5, 11]) },
          APPRAISAL_MESSAGES.scoreRange(8),
        ],
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, 5, 5, 4.5, 5, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreRange(4),
        ],
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, -3, 5, 5, 5, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreRange(2),
        ],
        // Row by row: row 2's missing score is found before row 3's range.
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, null, 12, 5, 5, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreFor(2),
        ],
        [
          { studentId: student.id, fromDate: from, rows: rowsOf([5, 12, null, 5, 5, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreRange(2),
        ],
        // A student id with a space is refused last, after the rows.
        [
          { studentId: 'abc def', fromDate: from, rows: rowsOf([5, null, 5, 5, 5, 5, 5, 5]) },
          APPRAISAL_MESSAGES.scoreFor(2),
        ],
        [{ studentId: 'abc def', fromDate: from, rows: rowsOf(5) }, APPRAISAL_MESSAGES.invalidStudent],
        [{ studentId: `${student.id} `, fromDate: from, rows: rowsOf(5) }, APPRAISAL_MESSAGES.invalidStudent],
        [
          { studentId: student.id, fromDate: addDays(todayIso(), 1), rows: rowsOf(5) },
          APPRAISAL_MESSAGES.futureFrom,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await appraise(body);
        expect({ body, status: response.statusCode, message: messageOf(response) }).toEqual({
          body,
          status: 400,
          message,
        });
      }
      expect(await appraisalRowsOf(student.id)).toEqual([]);
    });

    it('checks the input before looking the student up: an unknown or out-of-scope student with bad rows gets the row message', async () => {
      const surgeon = await newStudent(w.surgery);
      const bad = rowsOf([5, 5, 5, 5, 5, 5, 5, 0]);
      for (const studentId of [surgeon.id, '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f', 'not-a-uuid']) {
        const response = await appraise({ studentId, fromDate: '2024-01-01', rows: bad });
        expect([response.statusCode, messageOf(response)]).toEqual([400, APPRAISAL_MESSAGES.scoreRange(8)]);
      }
    });

    it('answers 404 Student not found for an unknown id, a staff member, a deleted student and another department', async () => {
      const surgeon = await newStudent(w.surgery);
      const deleted = await createUser(t.db, { placement: w.medicine, verifyByHod: true, deleted: true });
      for (const studentId of [
        'not-a-uuid',
        '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f',
        w.actors.hod.id,
        deleted.id,
        surgeon.id,
        w.otherCollegeStudent.id,
      ]) {
        const response = await appraise({ studentId, fromDate: '2024-01-01', rows: rowsOf(5) });
        expect([studentId, response.statusCode, messageOf(response)]).toEqual([
          studentId,
          404,
          ACADEMIC_MESSAGES.studentNotFound,
        ]);
      }
      expect(await appraisalRowsOf(surgeon.id)).toEqual([]);
      expect(await appraisalRowsOf(deleted.id)).toEqual([]);
    });

    it('saves the 8 rows with their particulars, bands and trimmed remarks, and an audit row', async () => {
      const student = await newStudent();
      const scores = [1, 3, 4, 6, 7, 9, 10, 2];
      const rows: Row[] = scores.map((score, i) => ({
        score,
        remark:
          i === 0
            ? '  Needs more journal clubs  '
            : i === 1
              ? '   '
              : i === 2
                ? null
                : i === 3
                  ? undefined
                  : `Row ${i + 1}`,
      }));
      const response = await appraise({ studentId: student.id.toUpperCase(), fromDate: '2024-01-01', rows });
      expect(response.statusCode).toBe(201);
      expect(response.json.message).toBe(APPRAISAL_MESSAGES.saved);
      const expectedRows = [
        {
          particular: APPRAISAL_PARTICULARS[0],
          score: 1,
          evaluation: 'Not Satisfactory',
          remark: 'Needs more journal clubs',
        },
        { particular: APPRAISAL_PARTICULARS[1], score: 3, evaluation: 'Not Satisfactory', remark: null },
        { particular: APPRAISAL_PARTICULARS[2], score: 4, evaluation: 'Satisfactory', remark: null },
        { particular: APPRAISAL_PARTICULARS[3], score: 6, evaluation: 'Satisfactory', remark: null },
        {
          particular: APPRAISAL_PARTICULARS[4],
          score: 7,
          evaluation: 'More Than Satisfactory',
          remark: 'Row 5',
        },
        {
          particular: APPRAISAL_PARTICULARS[5],
          score: 9,
          evaluation: 'More Than Satisfactory',
          remark: 'Row 6',
        },
        {
          particular: APPRAISAL_PARTICULARS[6],
          score: 10,
          evaluation: 'More Than Satisfactory',
          remark: 'Row 7',
        },
        { particular: APPRAISAL_PARTICULARS[7], score: 2, evaluation: 'Not Satisfactory', remark: 'Row 8' },
      ];
      const appraisal = response.json.appraisal as Record<string, unknown>;
      expect(appraisal).toMatchObject({
        student: { id: student.id, name: student.name },
        fromDate: '2024-01-01',
        toDate: '2024-03-31',
        rows: expectedRows,
        appraisedBy: { id: w.actors.faculty.id, name: w.actors.faculty.name },
      });

      const stored = await appraisalRowsOf(student.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        id: appraisal.id,
        studentId: student.id,
        collegeId: w.medicine.college.id,
        departmentId: w.medicine.department.id,
        fromDate: '2024-01-01',
        toDate: '2024-03-31',
        rows: expectedRows,
        appraisedById: w.actors.faculty.id,
      });
      expect(stored[0]?.createdAt.toISOString()).toBe(appraisal.appraisedAt);

      const audit = await auditRowsFor(t.db, 'appraisal', String(appraisal.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'appraisal.create',
        actorId: w.actors.faculty.id,
        collegeId: w.medicine.college.id,
        after: { studentId: student.id, fromDate: '2024-01-01', toDate: '2024-03-31', scores },
      });
    });

    it('derives To Date as From Date + 90 days across month, year and leap-day ends', async () => {
      const cases: Array<[string, string]> = [
        ['2024-01-01', '2024-03-31'], // through 29 February of a leap year
        ['2023-01-01', '2023-04-01'], // a common year
        ['2023-12-15', '2024-03-14'], // over the new year and a leap day
        ['2024-02-29', '2024-05-29'], // from the leap day itself
        ['2024-12-31', '2025-03-31'],
      ];
      for (const [fromDate, toDate] of cases) {
        const student = await newStudent();
        const response = await appraise({ studentId: student.id, fromDate, rows: rowsOf(5) });
        expect(response.statusCode).toBe(201);
        expect((response.json.appraisal as { toDate: string }).toDate).toBe(toDate);
        expect((await appraisalRowsOf(student.id)).map((r) => [r.fromDate, r.toDate])).toEqual([
          [fromDate, toDate],
        ]);
      }
    });

    it('accepts today as the From Date', async () => {
      const student = await newStudent();
      const response = await appraise({ studentId: student.id, fromDate: todayIso(), rows: rowsOf(5) });
      expect(response.statusCode).toBe(201);
      expect((response.json.appraisal as { toDate: string }).toDate).toBe(addDays(todayIso(), 90));
    });

    it('refuses a quarter that shares a day with another of the student (409), and changes nothing', async () => {
      const student = await newStudent();
      const first = await appraise({ studentId: student.id, fromDate: '2024-04-01', rows: rowsOf(5) });
      expect(first.statusCode).toBe(201);
      // 2024-04-01 .. 2024-06-30
      for (const fromDate of ['2024-04-01', '2024-06-30', '2024-05-15', '2024-01-02', '2024-03-01']) {
        const response = await appraise({ studentId: student.id, fromDate, rows: rowsOf(6) });
        expect([fromDate, response.statusCode, messageOf(response)]).toEqual([
          fromDate,
          409,
          APPRAISAL_MESSAGES.overlap,
        ]);
      }
      expect(await appraisalRowsOf(student.id)).toHaveLength(1);
      // The days just outside the quarter are free: the quarter before ends 2024-03-31.
      const after = await appraise({ studentId: student.id, fromDate: '2024-07-01', rows: rowsOf(6) });
      const before = await appraise({ studentId: student.id, fromDate: '2024-01-01', rows: rowsOf(6) });
      expect([after.statusCode, before.statusCode]).toEqual([201, 201]);
      // Another student's quarters are their own.
      const other = await newStudent();
      expect(
        (await appraise({ studentId: other.id, fromDate: '2024-04-01', rows: rowsOf(6) })).statusCode,
      ).toBe(201);
      expect((await appraisalRowsOf(student.id)).map((r) => r.fromDate)).toEqual([
        '2024-01-01',
        '2024-04-01',
        '2024-07-01',
      ]);
    });

    it('lets only one of two overlapping quarters sent at once through', async () => {
      const student = await newStudent();
      const responses = await Promise.all(
        ['2023-01-01', '2023-01-15', '2023-02-01'].map((fromDate, i) =>
          appraise(
            { studentId: student.id, fromDate, rows: rowsOf(5) },
            i === 1 ? w.actors.hod.cookie : w.actors.faculty.cookie,
          ),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await appraisalRowsOf(student.id)).toHaveLength(1);
    });

    it('lets the HOD score too', async () => {
      const student = await newStudent();
      const response = await appraise(
        { studentId: student.id, fromDate: '2022-05-05', rows: rowsOf(8) },
        w.actors.hod.cookie,
      );
      expect(response.statusCode).toBe(201);
      expect((response.json.appraisal as { appraisedBy: unknown }).appraisedBy).toEqual({
        id: w.actors.hod.id,
        name: w.actors.hod.name,
      });
    });
  });

  describe('GET /appraisals', () => {
    it('lists the quarters newest first, for the student themselves and for staff who name them', async () => {
      const student = await newStudent();
      for (const fromDate of ['2023-07-01', '2024-01-01', '2023-01-01']) {
        expect((await appraise({ studentId: student.id, fromDate, rows: rowsOf(5) })).statusCode).toBe(201);
      }
      const expected = ['2024-01-01', '2023-07-01', '2023-01-01'];
      const own = await get(t.app, '/api/v1/appraisals', { cookie: await cookieOf(student) });
      expect(own.statusCode).toBe(200);
      expect(own.json.student).toEqual({ id: student.id, name: student.name });
      expect((own.json.items as Array<{ fromDate: string }>).map((i) => i.fromDate)).toEqual(expected);
      const byStaff = await get(t.app, `/api/v1/appraisals?studentId=${student.id}`, faculty());
      expect(byStaff.statusCode).toBe(200);
      expect(byStaff.json).toEqual(own.json);
      const items = own.json.items as Array<Record<string, unknown>>;
      expect(items[0]).toMatchObject({
        student: { id: student.id, name: student.name },
        toDate: '2024-03-31',
        appraisedBy: { id: w.actors.faculty.id, name: w.actors.faculty.name },
      });
      expect(items[0]?.rows).toHaveLength(8);
    });

    it('asks staff to pick a student first, and answers an empty list for a student with none', async () => {
      for (const url of [
        '/api/v1/appraisals',
        '/api/v1/appraisals?studentId=',
        '/api/v1/appraisals?studentId=%20',
      ]) {
        const response = await get(t.app, url, faculty());
        expect([response.statusCode, messageOf(response)]).toEqual([400, ACADEMIC_MESSAGES.studentRequired]);
      }
      const student = await newStudent();
      const response = await get(t.app, `/api/v1/appraisals?studentId=${student.id}`, faculty());
      expect(response.json).toEqual({ student: { id: student.id, name: student.name }, items: [] });
    });
  });

  describe('POST /aetcom', () => {
    it("answers the spec's messages in the spec's order, and writes nothing", async () => {
      const student = await newStudent();
      const from = '2023-06-01';
      const missingOne = allScores(5);
      delete missingOne[AETCOM_SKILLS[40]?.key ?? ''];
      const cases: Array<[unknown, string]> = [
        [{}, AETCOM_MESSAGES.selectStudent],
        [{ studentId: '  ', fromDate: from, scores: allScores(5) }, AETCOM_MESSAGES.selectStudent],
        [{ studentId: student.id }, AETCOM_MESSAGES.selectFromDate],
        [
          { studentId: student.id, fromDate: '2023-13-01', scores: allScores(5) },
          AETCOM_MESSAGES.selectFromDate,
        ],
        [{ studentId: student.id, fromDate: from }, AETCOM_MESSAGES.fillScores],
        [{ studentId: student.id, fromDate: from, scores: {} }, AETCOM_MESSAGES.fillScores],
        [{ studentId: student.id, fromDate: from, scores: missingOne }, AETCOM_MESSAGES.fillScores],
        [
          { studentId: student.id, fromDate: from, scores: { ...allScores(5), 'attitudes.1': null } },
          AETCOM_MESSAGES.fillScores,
        ],
        // Every score is there before any is checked for its range.
        [
          { studentId: student.id, fromDate: from, scores: { ...missingOne, 'attitudes.1': 0 } },
          AETCOM_MESSAGES.fillScores,
        ],
        [
          { studentId: student.id, fromDate: from, scores: { ...allScores(5), 'oratory.4': 0 } },
          AETCOM_MESSAGES.scoreRange,
        ],
        [
          { studentId: student.id, fromDate: from, scores: { ...allScores(5), 'ethics.2': 11 } },
          AETCOM_MESSAGES.scoreRange,
        ],
        [
          { studentId: student.id, fromDate: from, scores: { ...allScores(5), 'ethics.2': 2.5 } },
          AETCOM_MESSAGES.scoreRange,
        ],
        [
          { studentId: student.id, fromDate: addDays(todayIso(), 1), scores: allScores(5) },
          AETCOM_MESSAGES.futureFrom,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await scoreAetcom(body);
        expect({ body, status: response.statusCode, message: messageOf(response) }).toEqual({
          body,
          status: 400,
          message,
        });
      }
      expect(await aetcomRowsOf(student.id)).toEqual([]);
    });

    it("answers 404 Student not found outside the caller's department, after the input checks", async () => {
      const surgeon = await newStudent(w.surgery);
      const bad = await scoreAetcom({ studentId: surgeon.id, fromDate: '2023-01-01', scores: {} });
      expect([bad.statusCode, messageOf(bad)]).toEqual([400, AETCOM_MESSAGES.fillScores]);
      for (const studentId of [surgeon.id, 'abc def', w.actors.faculty.id, w.otherCollegeStudent.id]) {
        const response = await scoreAetcom({ studentId, fromDate: '2023-01-01', scores: allScores(5) });
        expect([studentId, response.statusCode, messageOf(response)]).toEqual([
          studentId,
          404,
          ACADEMIC_MESSAGES.studentNotFound,
        ]);
      }
      expect(await aetcomRowsOf(surgeon.id)).toEqual([]);
    });

    it('saves the 41 known scores only, with year 1, To = From + 1 year, the average and an audit row', async () => {
      const student = await newStudent();
      const scores = allScores((i) => (i % 10) + 1);
      const response = await scoreAetcom({
        studentId: student.id,
        fromDate: '2023-06-15',
        scores: { ...scores, 'attitudes.9': 3, unknown: 7, __proto__x: 1 },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json.message).toBe(AETCOM_MESSAGES.saved);
      const sum = Object.values(scores).reduce((a, b) => a + b, 0);
      const average = Math.round((sum / AETCOM_SKILL_COUNT) * 100) / 100;
      expect(average).toBe(5.39);
      const record = response.json.record as Record<string, unknown>;
      expect(record).toMatchObject({
        student: { id: student.id, name: student.name },
        year: 1,
        fromDate: '2023-06-15',
        toDate: '2024-06-15',
        scores,
        average,
        scoredBy: { id: w.actors.faculty.id, name: w.actors.faculty.name },
      });
      expect(Object.keys(record.scores as object)).toHaveLength(AETCOM_SKILL_COUNT);

      const stored = await aetcomRowsOf(student.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        id: record.id,
        collegeId: w.medicine.college.id,
        departmentId: w.medicine.department.id,
        year: 1,
        fromDate: '2023-06-15',
        toDate: '2024-06-15',
        scoredById: w.actors.faculty.id,
      });
      expect(stored[0]?.scores).toEqual(scores);

      const audit = await auditRowsFor(t.db, 'aetcom', String(record.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'aetcom.create',
        actorId: w.actors.faculty.id,
        collegeId: w.medicine.college.id,
        after: { studentId: student.id, year: 1, fromDate: '2023-06-15', toDate: '2024-06-15', scores },
      });
    });

    it('numbers the years 1, 2, 3 and derives To Date over leap days', async () => {
      const student = await newStudent();
      const years: Array<[string, string]> = [
        ['2020-02-29', '2021-02-28'], // a leap day becomes 28 February of a common year
        ['2021-03-01', '2022-03-01'],
        ['2023-03-01', '2024-03-01'], // over 29 February 2024
      ];
      for (const [index, [fromDate, toDate]] of years.entries()) {
        const response = await scoreAetcom(
          { studentId: student.id, fromDate, scores: allScores(index + 4) },
          w.actors.hod.cookie,
        );
        expect(response.statusCode).toBe(201);
        expect(response.json.record).toMatchObject({ year: index + 1, fromDate, toDate, average: index + 4 });
      }
      expect((await aetcomRowsOf(student.id)).map((r) => [r.year, r.fromDate, r.toDate])).toEqual(
        years.map(([fromDate, toDate], i) => [i + 1, fromDate, toDate]),
      );

      const listed = await get(t.app, `/api/v1/aetcom?studentId=${student.id}`, faculty());
      expect(listed.statusCode).toBe(200);
      expect(listed.json.student).toEqual({ id: student.id, name: student.name });
      expect((listed.json.items as Array<{ year: number }>).map((i) => i.year)).toEqual([1, 2, 3]);
      expect(listed.json.nextYear).toBe(4);
      const own = await get(t.app, '/api/v1/aetcom', { cookie: await cookieOf(student) });
      expect(own.json).toEqual(listed.json);
    });

    it('refuses a year that shares a day with another (409), keeping the numbering', async () => {
      const student = await newStudent();
      expect(
        (await scoreAetcom({ studentId: student.id, fromDate: '2022-01-01', scores: allScores(5) }))
          .statusCode,
      ).toBe(201);
      // 2022-01-01 .. 2023-01-01
      for (const fromDate of ['2022-01-01', '2023-01-01', '2021-01-01', '2022-06-30']) {
        const response = await scoreAetcom({ studentId: student.id, fromDate, scores: allScores(6) });
        expect([fromDate, response.statusCode, messageOf(response)]).toEqual([
          fromDate,
          409,
          AETCOM_MESSAGES.overlap,
        ]);
      }
      const next = await scoreAetcom({ studentId: student.id, fromDate: '2023-01-02', scores: allScores(6) });
      expect(next.statusCode).toBe(201);
      expect((next.json.record as { year: number }).year).toBe(2);
      expect((await aetcomRowsOf(student.id)).map((r) => r.year)).toEqual([1, 2]);
    });

    it('gives two years sent at once different numbers', async () => {
      const student = await newStudent();
      const responses = await Promise.all([
        scoreAetcom({ studentId: student.id, fromDate: '2019-01-01', scores: allScores(5) }),
        scoreAetcom(
          { studentId: student.id, fromDate: '2020-06-01', scores: allScores(5) },
          w.actors.hod.cookie,
        ),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
      expect((await aetcomRowsOf(student.id)).map((r) => r.year)).toEqual([1, 2]);
    });

    it("suggests the next year's From Date: the joining date for year 1, then the day after the last year", async () => {
      const name = `Dr. ${w.tag} ${unique('Joined')}`;
      const user = await createUser(t.db, {
        placement: w.medicine,
        name,
        verifyByHod: true,
        joiningDate: '2023-08-01',
      });
      const nextFrom = async () =>
        (await get(t.app, `/api/v1/aetcom?studentId=${user.id}`, faculty())).json.nextFromDate;
      expect(await nextFrom()).toBe('2023-08-01');
      expect(
        (await scoreAetcom({ studentId: user.id, fromDate: '2023-08-01', scores: allScores(6) })).statusCode,
      ).toBe(201);
      // Year 1 runs 01-08-2023 to 01-08-2024, both days included.
      expect(await nextFrom()).toBe('2024-08-02');
      // A suggestion is never later than today: the form could not save it.
      const recent = addDays(todayIso(), -200);
      const late = await newStudent();
      expect(
        (await scoreAetcom({ studentId: late.id, fromDate: recent, scores: allScores(6) })).statusCode,
      ).toBe(201);
      const afterRecent = await get(t.app, `/api/v1/aetcom?studentId=${late.id}`, faculty());
      expect(afterRecent.json.nextFromDate).toBeNull();
    });

    it('answers an empty list with next year 1, and asks staff to pick a student', async () => {
      const student = await newStudent();
      const response = await get(t.app, `/api/v1/aetcom?studentId=${student.id}`, {
        cookie: w.actors.master.cookie,
      });
      expect(response.json).toEqual({
        student: { id: student.id, name: student.name },
        items: [],
        nextYear: 1,
        nextFromDate: null,
      });
      const missing = await get(t.app, '/api/v1/aetcom', faculty());
      expect([missing.statusCode, messageOf(missing)]).toEqual([400, ACADEMIC_MESSAGES.studentRequired]);
    });
  });
});

/**
 * Issue 28: the student is told when faculty record a quarter or a year, in the app and by mail
 * (over SMTP), with a link to the entry and never a score or a remark.
 */
describe('assessments: the student is told', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let w: AcademicWorld;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    w = await createAcademicWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A new approved student who can sign in, and their notifications as the top bar reads them. */
  async function newStudent() {
    const name = `Dr. ${w.tag} ${unique('Told')}`;
    const user = await createUser(t.db, { placement: w.medicine, name, verifyByHod: true });
    const cookie = await login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() });
    const notices = async () => {
      const response = await get(t.app, '/api/v1/notifications', { cookie });
      expect(response.statusCode).toBe(200);
      return response.json.items as Array<{ description: string; url: string | null; fromName: string }>;
    };
    return { ...user, notices };
  }

  it('a recorded quarterly appraisal: a notice and a mail with the quarter and a link, no score or remark', async () => {
    const student = await newStudent();
    const remark = `Reads widely ${unique('Remark')}`;
    const body = {
      studentId: student.id,
      fromDate: '2024-01-01',
      rows: rowsOf([7, 5, 8, 3, 6, 9, 4, 7]).map((row, i) => ({ ...row, remark: i === 0 ? remark : null })),
    };
    const response = await post(t.app, '/api/v1/appraisals', body, { cookie: w.actors.faculty.cookie });
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json.appraisal as { id: string }).id;
    const notice = APPRAISAL_NOTICES.recorded('01-01-2024', '31-03-2024', w.actors.faculty.name);

    const notices = await student.notices();
    expect(notices.map(({ description, url }) => ({ description, url }))).toEqual([
      { description: notice, url: `/appeal?entry=${id}` },
    ]);

    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(student.email);
    expect(mail.subject).toBe(APPRAISAL_NOTICES.recordedSubject);
    expect(mail.text).toContain(notice);
    expect(mail.text).toContain(`${APP_URL}/appeal?entry=${id}`);
    expect(mail.text).not.toContain(remark);
    expect(mail.text).not.toContain(APPRAISAL_PARTICULARS[0]);
    expect(mail.text).not.toMatch(/score|satisfactory/i);

    // A refused save (the same quarter again) tells no one.
    const again = await post(t.app, '/api/v1/appraisals', body, { cookie: w.actors.faculty.cookie });
    expect(again.statusCode).toBe(409);
    expect(await student.notices()).toHaveLength(1);
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.email));
    expect(queued).toHaveLength(1);
  });

  it('a recorded AETCOM year: a notice and a mail with the year and a link, no score', async () => {
    const student = await newStudent();
    const response = await post(
      t.app,
      '/api/v1/aetcom',
      { studentId: student.id, fromDate: '2023-07-01', scores: allScores((i) => (i % 10) + 1) },
      { cookie: w.actors.hod.cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json.record as { id: string }).id;
    const notice = AETCOM_NOTICES.recorded(1, w.actors.hod.name);

    const notices = await student.notices();
    expect(notices.map(({ description, url }) => ({ description, url }))).toEqual([
      { description: notice, url: `/atcom?entry=${id}` },
    ]);

    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(student.email);
    expect(mail.subject).toBe(AETCOM_NOTICES.recordedSubject(1));
    expect(mail.text).toContain(notice);
    expect(mail.text).toContain(`${APP_URL}/atcom?entry=${id}`);
    expect(mail.text).not.toMatch(/average|score:|Respect for patients/i);
  });
});
