import { formatMemoNumber, MEMO_MESSAGES as M } from '@pgel/shared/academic/memos';
import { todayIso } from '@pgel/shared/schemas/dates';
import { and, count, eq, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, memos, notifications, users } from '../../db/schema/index';
import {
  ACADEMIC_CALLERS,
  type AcademicCaller,
  type AcademicWorld,
  withAcademicWorld,
} from '../../test/academic-world';
import { inject, type TestApp, type TestResponse, unique } from '../../test/helpers';

type Prepared = { url: string; body?: unknown; verify: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: 'GET' | 'POST';
  status: Record<AcademicCaller, number>;
  /** Fresh memos per call, so one caller's change never shows in another's check. */
  prepare: (who: AcademicCaller) => Promise<Prepared>;
};
type Item = { id: string };
type Memo = typeof memos.$inferSelect;
type Owner = 'student' | 'otherStudent' | 'surgery' | 'south';

const statuses = (s: Omit<Record<AcademicCaller, number>, 'anonymous'>): Record<AcademicCaller, number> => ({
  anonymous: 401,
  ...s,
});

/** Which students' memos each caller sees: their own, their department's, or all (Master). */
const VISIBLE: Record<AcademicCaller, Owner[]> = {
  anonymous: [],
  student: ['student'],
  otherStudent: ['otherStudent'],
  faculty: ['student', 'otherStudent'],
  facultyOtherDepartment: ['surgery'],
  hod: ['student', 'otherStudent'],
  hodOtherCollege: ['south'],
  master: ['student', 'otherStudent', 'surgery', 'south'],
};

describe('memos: every route for every kind of caller', () => {
  let t: TestApp;
  let w: AcademicWorld;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  const memoRow = async (id: string) => (await t.db.select().from(memos).where(eq(memos.id, id)))[0];
  const counts = async () => ({
    memos: Number((await t.db.select({ n: count() }).from(memos))[0]?.n ?? 0),
    mail: Number((await t.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0),
    notifications: Number((await t.db.select({ n: count() }).from(notifications))[0]?.n ?? 0),
  });

  /**
   * A memo written straight into the table (Surgery has no HOD in the world), numbered as the
   * service would number it.
   */
  async function memoFor(owner: Owner, reason: string, status: 'issued' | 'explained' = 'issued') {
    const student = {
      student: { id: w.actors.student.id, placement: w.medicine, by: w.actors.hod.id },
      otherStudent: { id: w.actors.otherStudent.id, placement: w.medicine, by: w.actors.hod.id },
      surgery: { id: w.surgeryStudent.id, placement: w.surgery, by: w.actors.facultyOtherDepartment.id },
      south: { id: w.otherCollegeStudent.id, placement: undefined, by: w.hodOtherCollege.id },
    }[owner];
    const placement = student.placement
      ? { collegeId: student.placement.college.id, departmentId: student.placement.department.id }
      : await southPlacement();
    const [last] = await t.db
      .select({ last: max(memos.sequence) })
      .from(memos)
      .where(and(eq(memos.collegeId, placement.collegeId), eq(memos.departmentId, placement.departmentId)));
    const sequence = (last?.last ?? 0) + 1;
    const date = todayIso();
    const [row] = await t.db
      .insert(memos)
      .values({
        ...placement,
        studentId: student.id,
        issuedById: student.by,
        sequence,
        memoNumber: formatMemoNumber(Number(date.slice(0, 4)), sequence),
        date,
        reason,
        status,
        explanation: status === 'explained' ? 'I was on call.' : null,
        explainedAt: status === 'explained' ? new Date() : null,
      })
      .returning();
    if (!row) throw new Error('no memo');
    return row;
  }

  /** The other college's placement, read from its HOD's account. */
  async function southPlacement() {
    const [hod] = await t.db.select().from(users).where(eq(users.id, w.hodOtherCollege.id));
    if (!hod?.collegeId || !hod.departmentId) throw new Error('no south placement');
    return { collegeId: hod.collegeId, departmentId: hod.departmentId };
  }

  async function fourMemos() {
    const tag = unique('Memo');
    const ids = {} as Record<Owner, string>;
    for (const owner of ['student', 'otherStudent', 'surgery', 'south'] as const) {
      ids[owner] = (await memoFor(owner, `${tag} ${owner}`)).id;
    }
    return { tag, ids };
  }
  const expectedIds = (who: AcademicCaller, ids: Record<Owner, string>) =>
    VISIBLE[who].map((owner) => ids[owner]).sort();

  /** A refused write leaves the memo, the outbox and the notifications as they were. */
  async function unchangedAfter(id: string) {
    const before = { row: await memoRow(id), counts: await counts() };
    return async (response: TestResponse) => {
      if (response.statusCode < 300) return;
      expect(await memoRow(id)).toEqual(before.row);
      expect(await counts()).toEqual(before.counts);
    };
  }

  /**
   * GET /memos/:id on a fresh memo of `owner`: a 200 is checked by `found`; a refusal names no
   * memo, and a 404 says only that there is none.
   */
  const readCase = (
    route: string,
    owner: Owner,
    status: Record<AcademicCaller, number>,
    found: (memo: Memo, response: TestResponse) => void,
  ): Case => ({
    route,
    method: 'GET',
    status,
    prepare: async (who) => {
      const memo = await memoFor(owner, `Read ${owner}'s memo by ${who} ${unique()}`);
      return {
        url: `/api/v1/memos/${memo.id}`,
        verify: async (response) => {
          if (response.statusCode === 200) return found(memo, response);
          expect(response.json.id).toBeUndefined();
          if (response.statusCode === 404) expect(response.json.message).toBe(M.notFound);
        },
      };
    },
  });

  const cases: Case[] = [
    {
      route: 'GET /memos',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        hodOtherCollege: 200,
        master: 200,
      }),
      prepare: async (who) => {
        const { tag, ids } = await fourMemos();
        return {
          url: `/api/v1/memos?search=${tag}&pageSize=20`,
          verify: async (response) => {
            if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
            const items = response.json.items as Item[];
            expect(items.map((i) => i.id).sort()).toEqual(expectedIds(who, ids));
            expect(response.json.total).toBe(items.length);
          },
        };
      },
    },
    {
      route: 'GET /memos?studentId= (nobody widens their scope)',
      method: 'GET',
      status: statuses({
        student: 200,
        otherStudent: 200,
        faculty: 200,
        facultyOtherDepartment: 200,
        hod: 200,
        hodOtherCollege: 200,
        master: 200,
      }),
      prepare: async (who) => {
        const { tag, ids } = await fourMemos();
        const asked: Owner[] = ['otherStudent', 'surgery', 'south'];
        const results = asked.map((owner) => ({
          owner,
          url: `/api/v1/memos?search=${tag}&studentId=${
            owner === 'otherStudent'
              ? w.actors.otherStudent.id
              : owner === 'surgery'
                ? w.surgeryStudent.id
                : w.otherCollegeStudent.id
          }`,
        }));
        return {
          url: results[0]?.url ?? '',
          verify: async (response) => {
            if (response.statusCode !== 200) return;
            // Whatever student is named, only what the caller may see comes back.
            for (const { owner, url } of results) {
              const answer = await inject(t.app, 'GET', url, undefined, {
                cookie: w.academicCookieOf(who),
              });
              const got = (answer.json.items as Item[]).map((i) => i.id).sort();
              const expected =
                who === 'student' || who === 'otherStudent'
                  ? expectedIds(who, ids)
                  : VISIBLE[who].includes(owner)
                    ? [ids[owner]]
                    : [];
              expect(got, `${who} asking for ${owner}`).toEqual(expected);
            }
          },
        };
      },
    },
    readCase(
      "GET /memos/:id (the student's memo: the list's scope, else not found)",
      'student',
      statuses({
        student: 200,
        otherStudent: 404,
        faculty: 200,
        facultyOtherDepartment: 404,
        hod: 200,
        hodOtherCollege: 404,
        master: 200,
      }),
      (memo, response) =>
        expect(response.json).toMatchObject({
          id: memo.id,
          memoNumber: memo.memoNumber,
          reason: memo.reason,
          status: 'issued',
          student: { id: w.actors.student.id },
        }),
    ),
    readCase(
      "GET /memos/:id (another college's memo)",
      'south',
      statuses({
        student: 404,
        otherStudent: 404,
        faculty: 404,
        facultyOtherDepartment: 404,
        hod: 404,
        hodOtherCollege: 200,
        master: 200,
      }),
      (memo, response) => expect(response.json.id).toBe(memo.id),
    ),
    {
      route: 'GET /memos/:id (no such memo, or a malformed id)',
      method: 'GET',
      status: statuses({
        student: 404,
        otherStudent: 404,
        faculty: 404,
        facultyOtherDepartment: 404,
        hod: 404,
        hodOtherCollege: 404,
        master: 404,
      }),
      prepare: async (who) => ({
        url: `/api/v1/memos/${who === 'master' ? 'not-a-uuid' : '00000000-0000-4000-8000-00000000abcd'}`,
        verify: async (response) => {
          if (response.statusCode === 404) expect(response.json.message).toBe(M.notFound);
        },
      }),
    },
    {
      route: 'POST /memos (to a Medicine student)',
      method: 'POST',
      status: statuses({
        student: 403,
        otherStudent: 403,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 201,
        hodOtherCollege: 404,
        master: 403,
      }),
      prepare: async (who) => {
        const reason = `Issued by ${who} ${unique()}`;
        const before = await counts();
        return {
          url: '/api/v1/memos',
          body: { studentId: w.actors.student.id, date: todayIso(), reason },
          verify: async (response) => {
            const stored = await t.db.select().from(memos).where(eq(memos.reason, reason));
            if (response.statusCode === 201) {
              expect(stored).toHaveLength(1);
              expect(stored[0]?.issuedById).toBe(w.actors.hod.id);
              return;
            }
            if (response.statusCode === 404) expect(response.json.message).toBe(M.studentNotInDepartment);
            expect(stored).toHaveLength(0);
            expect(await counts()).toEqual(before);
          },
        };
      },
    },
    {
      route: "POST /memos/:id/explanation (the student's issued memo)",
      method: 'POST',
      status: statuses({
        student: 200,
        otherStudent: 404,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 403,
        hodOtherCollege: 403,
        master: 403,
      }),
      prepare: async (who) => {
        const memo = await memoFor('student', `Explain ${who} ${unique()}`);
        const unchanged = await unchangedAfter(memo.id);
        return {
          url: `/api/v1/memos/${memo.id}/explanation`,
          body: { explanation: `Explained by ${who}` },
          verify: async (response) => {
            if (response.statusCode === 200) {
              expect(await memoRow(memo.id)).toMatchObject({
                status: 'explained',
                explanation: `Explained by ${who}`,
              });
              return;
            }
            if (response.statusCode === 404) expect(response.json.message).toBe(M.notFound);
            await unchanged(response);
          },
        };
      },
    },
    {
      route: "POST /memos/:id/close (the student's explained memo)",
      method: 'POST',
      status: statuses({
        student: 403,
        otherStudent: 403,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 200,
        hodOtherCollege: 404,
        master: 403,
      }),
      prepare: async (who) => {
        const memo = await memoFor('student', `Close ${who} ${unique()}`, 'explained');
        const unchanged = await unchangedAfter(memo.id);
        return {
          url: `/api/v1/memos/${memo.id}/close`,
          body: { remark: `Closed by ${who}` },
          verify: async (response) => {
            if (response.statusCode === 200) {
              expect(await memoRow(memo.id)).toMatchObject({
                status: 'closed',
                remark: `Closed by ${who}`,
                closedById: w.actors.hod.id,
              });
              return;
            }
            if (response.statusCode === 404) expect(response.json.message).toBe(M.notFound);
            await unchanged(response);
          },
        };
      },
    },
    {
      route: "POST /memos/:id/close (another college's explained memo)",
      method: 'POST',
      status: statuses({
        student: 403,
        otherStudent: 403,
        faculty: 403,
        facultyOtherDepartment: 403,
        hod: 404,
        hodOtherCollege: 200,
        master: 403,
      }),
      prepare: async (who) => {
        const memo = await memoFor('south', `Close south ${who} ${unique()}`, 'explained');
        const unchanged = await unchangedAfter(memo.id);
        return {
          url: `/api/v1/memos/${memo.id}/close`,
          body: { remark: `Closed by ${who}` },
          verify: async (response) => {
            if (response.statusCode === 200) {
              expect((await memoRow(memo.id))?.status).toBe('closed');
              return;
            }
            await unchanged(response);
          },
        };
      },
    },
  ];

  const table = cases.flatMap((c) => ACADEMIC_CALLERS.map((who) => ({ ...c, who })));

  it.each(table)('$route as $who', async ({ method, status, prepare, who }) => {
    const prepared = await prepare(who);
    const response = await inject(t.app, method, prepared.url, method === 'GET' ? undefined : prepared.body, {
      cookie: w.academicCookieOf(who),
    });
    expect(response.statusCode, response.body).toBe(status[who]);
    await prepared.verify(response);
  });
});
