import { DRP_MESSAGES } from '@pgel/shared/drp/postings';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drpAttendance, drpPostings, mailOutbox, users } from '../../db/schema/index';
import {
  addPosting,
  createDrpInstitution,
  DRP_POSTING_CALLERS,
  type DrpPostingCaller,
  type DrpWorld,
  dayFromToday,
  markDays,
  withDrpWorld,
} from '../../test/drp-world';
import { inject, type TestApp, type TestResponse, unique, uniquePhone } from '../../test/helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Prepared = { url: string; body?: unknown; verify: (response: TestResponse) => Promise<void> };
type Case = {
  route: string;
  method: Method;
  status: Record<DrpPostingCaller, number>;
  prepare: (who: DrpPostingCaller) => Promise<Prepared>;
};
type Seen = 'posting' | 'futurePosting' | 'otherPosting';

const statuses = (
  s: Omit<Record<DrpPostingCaller, number>, 'anonymous'>,
): Record<DrpPostingCaller, number> => ({
  anonymous: 401,
  ...s,
});
const everyone = (status: number) =>
  statuses({
    student: status,
    otherStudent: status,
    otherCollegeStudent: status,
    faculty: status,
    facultyOtherDepartment: status,
    hod: status,
    hodOtherCollege: status,
    coordinator: status,
    otherCoordinator: status,
    futureCoordinator: status,
    master: status,
  });
/** Who may act on one of the student's postings: the student and their department's faculty. */
const recorders = (mine: number) =>
  statuses({
    student: mine,
    otherStudent: 404,
    otherCollegeStudent: 404,
    faculty: mine,
    facultyOtherDepartment: 404,
    hod: mine,
    hodOtherCollege: 404,
    coordinator: 403,
    otherCoordinator: 403,
    futureCoordinator: 403,
    master: 403,
  });
/** Only coordinators pass the gate; the posting decides among them. */
const markers = (s: { coordinator: number; otherCoordinator: number; futureCoordinator: number }) =>
  statuses({ ...everyone(403), ...s });

/** Which of the world's postings each caller sees (docs/decisions/012). */
const VISIBLE: Record<DrpPostingCaller, Seen[]> = {
  anonymous: [],
  student: ['posting', 'futurePosting'],
  otherStudent: ['otherPosting'],
  otherCollegeStudent: [],
  faculty: ['posting', 'futurePosting', 'otherPosting'],
  facultyOtherDepartment: [],
  hod: ['posting', 'futurePosting', 'otherPosting'],
  hodOtherCollege: [],
  coordinator: ['posting'],
  otherCoordinator: ['otherPosting'],
  futureCoordinator: [],
  master: ['posting', 'futurePosting', 'otherPosting'],
};

describe('DRP postings and attendance: every route for every kind of caller', () => {
  let t: TestApp;
  let w: DrpWorld;

  withDrpWorld((app, world) => {
    t = app;
    w = world;
  });

  const counts = async () => ({
    postings: Number((await t.db.select({ n: count() }).from(drpPostings))[0]?.n ?? 0),
    attendance: Number((await t.db.select({ n: count() }).from(drpAttendance))[0]?.n ?? 0),
    users: Number((await t.db.select({ n: count() }).from(users))[0]?.n ?? 0),
    mail: Number((await t.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0),
  });
  /** A refused request changes nothing. */
  async function unchangedIfRefused() {
    const before = await counts();
    return async (response: TestResponse) => {
      if (response.statusCode >= 300) expect(await counts()).toEqual(before);
    };
  }
  const worldIds = () => ({
    posting: w.posting.id,
    futurePosting: w.futurePosting.id,
    otherPosting: w.otherPosting.id,
  });
  /** The world's postings among `ids`, by name. */
  const seenOf = (ids: string[]) =>
    (Object.entries(worldIds()) as Array<[Seen, string]>)
      .filter(([, id]) => ids.includes(id))
      .map(([k]) => k);

  /** A fresh posting of the student, started 5 days ago or starting in 50, marked or not. */
  async function studentPosting(options: { future?: boolean; marked?: boolean } = {}) {
    const posting = await addPosting(t.db, {
      student: w.actors.student,
      placement: w.home,
      coordinator: options.future ? w.actors.futureCoordinator : w.actors.coordinator,
      from: dayFromToday(options.future ? 50 : -5),
    });
    if (options.marked) {
      await markDays(t.db, posting, w.home, w.actors.coordinator, [{ date: posting.from, present: true }]);
    }
    return posting;
  }

  let spare = 0;
  const cases: Case[] = [
    {
      route: 'GET /drp/institutions?state=',
      method: 'GET',
      status: everyone(200),
      prepare: async () => ({
        url: '/api/v1/drp/institutions?state=Goa',
        verify: async (response) => {
          if (response.statusCode === 200) {
            expect(response.json.items).toContainEqual({
              id: w.otherPosting.institution.id,
              name: w.otherPosting.institution.name,
            });
          }
        },
      }),
    },
    {
      route: 'GET /drp/institutions/:id/coordinator',
      method: 'GET',
      status: statuses({
        ...everyone(200),
        coordinator: 403,
        otherCoordinator: 403,
        futureCoordinator: 403,
        master: 403,
      }),
      prepare: async (who) => ({
        url: `/api/v1/drp/institutions/${w.posting.institution.id}/coordinator`,
        verify: async (response) => {
          if (response.statusCode !== 200) return;
          // The known coordinator is per college: the south college has no posting there yet.
          if (who === 'otherCollegeStudent' || who === 'hodOtherCollege') {
            expect(response.json).toEqual({ coordinator: null });
          } else {
            expect(response.json.coordinator).toMatchObject({ email: w.actors.coordinator.email });
          }
        },
      }),
    },
    {
      route: 'GET /drp/postings',
      method: 'GET',
      status: everyone(200),
      prepare: async (who) => ({
        url: `/api/v1/drp/postings?search=${w.tag}&pageSize=20`,
        verify: async (response) => {
          if (response.statusCode !== 200) return expect(response.json.items).toBeUndefined();
          const ids = (response.json.items as Array<{ id: string }>).map((p) => p.id);
          expect(seenOf(ids).sort()).toEqual([...VISIBLE[who]].sort());
        },
      }),
    },
    {
      route: 'GET /drp/postings?studentId= (nobody widens their scope)',
      method: 'GET',
      status: everyone(200),
      prepare: async (who) => ({
        url: `/api/v1/drp/postings?studentId=${w.actors.otherStudent.id}&pageSize=20`,
        verify: async (response) => {
          if (response.statusCode !== 200) return;
          const ids = (response.json.items as Array<{ id: string }>).map((p) => p.id);
          const expected = VISIBLE[who].filter((seen) => who === 'student' || seen === 'otherPosting');
          expect(seenOf(ids).sort()).toEqual(expected.sort());
        },
      }),
    },
    {
      route: 'GET /drp/attendance',
      method: 'GET',
      status: everyone(200),
      prepare: async (who) => ({
        url: '/api/v1/drp/attendance',
        verify: async (response) => {
          if (response.statusCode !== 200) return;
          const items = response.json.items as Array<{ postingId: string; canMark: boolean }>;
          expect(seenOf(items.map((i) => i.postingId)).sort()).toEqual([...VISIBLE[who]].sort());
          const markable = items.filter((i) => i.canMark).map((i) => i.postingId);
          // A coordinator marks every posting they see (theirs, started); nobody else marks any.
          const marks = who === 'coordinator' || who === 'otherCoordinator' || who === 'futureCoordinator';
          expect(seenOf(markable)).toEqual(marks ? VISIBLE[who] : []);
        },
      }),
    },
    {
      route: 'GET /drp/postings/:id/attendance (started)',
      method: 'GET',
      status: statuses({
        ...everyone(404),
        student: 200,
        faculty: 200,
        hod: 200,
        coordinator: 200,
        master: 200,
      }),
      prepare: async () => ({
        url: `/api/v1/drp/postings/${w.posting.id}/attendance`,
        verify: async (response) => {
          if (response.statusCode === 200)
            expect(response.json.row).toMatchObject({ postingId: w.posting.id });
          if (response.statusCode === 404) expect(response.json.message).toBe(DRP_MESSAGES.postingNotFound);
        },
      }),
    },
    {
      route: 'GET /drp/postings/:id/attendance (not started)',
      method: 'GET',
      status: statuses({ ...everyone(404), student: 200, faculty: 200, hod: 200, master: 200 }),
      prepare: async () => ({
        url: `/api/v1/drp/postings/${w.futurePosting.id}/attendance`,
        verify: async (response) => {
          if (response.statusCode === 200) expect(response.json.days).toEqual([]);
        },
      }),
    },
    {
      route: "POST /drp/postings (naming the student; a student's own is always for themself)",
      method: 'POST',
      status: statuses({
        ...recorders(201),
        otherStudent: 201,
        otherCollegeStudent: 201,
      }),
      prepare: async (who) => {
        const institution = await createDrpInstitution(t.db, 'Kerala');
        const unchanged = await unchangedIfRefused();
        spare += 1;
        return {
          url: '/api/v1/drp/postings',
          body: {
            studentId: w.actors.student.id,
            state: 'Kerala',
            institutionId: institution.id,
            coordinatorName: `Dr. ${unique('Coord')}`,
            coordinatorEmail: `${unique('drpc')}@district.test`,
            coordinatorPhone: uniquePhone(),
            scheduleFrom: dayFromToday(2000 + 100 * spare),
          },
          verify: async (response) => {
            const stored = await t.db
              .select()
              .from(drpPostings)
              .where(eq(drpPostings.institutionId, institution.id));
            if (response.statusCode === 201) {
              const caller = w.actors[who as Exclude<DrpPostingCaller, 'anonymous'>];
              const student = caller.role === null ? caller.id : w.actors.student.id;
              expect(stored.map((p) => [p.studentId, p.addedById])).toEqual([[student, caller.id]]);
              return;
            }
            if (response.statusCode === 404) expect(response.json.message).toBe(DRP_MESSAGES.studentNotFound);
            expect(stored).toEqual([]);
            await unchanged(response);
          },
        };
      },
    },
    ...[false, true].map(
      (marked): Case => ({
        route: `DELETE /drp/postings/:id (${marked ? 'attendance marked' : 'no attendance'})`,
        method: 'DELETE',
        status: recorders(marked ? 409 : 200),
        prepare: async () => {
          const posting = await studentPosting({ marked });
          const unchanged = await unchangedIfRefused();
          return {
            url: `/api/v1/drp/postings/${posting.id}`,
            verify: async (response) => {
              const left = await t.db.select().from(drpPostings).where(eq(drpPostings.id, posting.id));
              expect(left).toHaveLength(response.statusCode === 200 ? 0 : 1);
              if (response.statusCode === 409)
                expect(response.json.message).toBe(DRP_MESSAGES.attendanceMarked);
              await unchanged(response);
            },
          };
        },
      }),
    ),
    ...[false, true].map(
      (future): Case => ({
        route: `PUT /drp/postings/:id/attendance (${future ? 'not started' : 'started'})`,
        method: 'PUT',
        status: future
          ? markers({ coordinator: 404, otherCoordinator: 404, futureCoordinator: 409 })
          : markers({ coordinator: 200, otherCoordinator: 404, futureCoordinator: 404 }),
        prepare: async () => {
          const posting = await studentPosting({ future });
          const unchanged = await unchangedIfRefused();
          return {
            url: `/api/v1/drp/postings/${posting.id}/attendance`,
            body: { days: [{ date: future ? posting.from : dayFromToday(-1), mark: 'present' }] },
            verify: async (response) => {
              const rows = await t.db
                .select()
                .from(drpAttendance)
                .where(eq(drpAttendance.postingId, posting.id));
              expect(rows).toHaveLength(response.statusCode === 200 ? 1 : 0);
              await unchanged(response);
            },
          };
        },
      }),
    ),
  ];

  const table = cases.flatMap((c) => DRP_POSTING_CALLERS.map((who) => ({ ...c, who })));

  it.each(table)('$route as $who', async ({ method, status, prepare, who }) => {
    const prepared = await prepare(who);
    const response = await inject(t.app, method, prepared.url, method === 'GET' ? undefined : prepared.body, {
      cookie: w.cookieOf(who),
    });
    expect(response.statusCode, response.body).toBe(status[who]);
    await prepared.verify(response);
  });
});
