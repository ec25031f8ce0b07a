import { MONTH_AUTHENTICATION_MESSAGES as M } from '@pgel/shared/supervision/month-authentication';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { DEFAULT_PASSWORD, get, type TestApp } from '../../test/helpers';
import { monthEvidence } from '../reports/month-evidence';
import {
  authenticate,
  clock,
  entries,
  type MonthWorld,
  NOW,
  newResident,
  signatureRows,
  withMonthWorld,
} from './monthly-authentication.fixtures';

let t: TestApp;
let w: MonthWorld;
withMonthWorld((app, world) => {
  t = app;
  w = world;
});

type Month = {
  month: string;
  state: string;
  changedAfterAuthentication: boolean;
  entries: { total: number; pending: number; approved: number; rejected: number };
  kinds: Array<{ kind: string; title: string; pending: number; approved: number; rejected: number }>;
  authentication: { authenticatedBy: { id: string; name: string }; fingerprint: string } | null;
};
const monthsOf = (json: Record<string, unknown>) => json.months as Month[];
const find = (json: Record<string, unknown>, month: string) => monthsOf(json).find((m) => m.month === month);

describe('GET /students/{id}/authentications', () => {
  it("lists the course's months with entries by kind and state (due, overdue, upcoming)", async () => {
    const resident = await newResident(t, w);
    await entries(t, w, resident.id, [
      ['procedure', 'approved', '2026-10-03'],
      ['procedure', 'pending', '2026-10-20'],
      ['teaching', 'rejected', '2026-10-31'],
      ['teaching', 'approved', '2026-09-01'],
    ]);
    const response = await get(t.app, `/api/v1/students/${resident.id}/authentications`, {
      cookie: w.actors.faculty.cookie,
    });
    expect(response.statusCode).toBe(200);
    const months = monthsOf(response.json);
    // Joined in August 2026: the course's 36 months, August 2026 to July 2029.
    expect(months).toHaveLength(36);
    expect(months[0]?.month).toBe('2026-08');
    expect(months.at(-1)?.month).toBe('2029-07');
    expect(months.slice(0, 5).map((m) => [m.month, m.state])).toEqual([
      ['2026-08', 'overdue'],
      ['2026-09', 'overdue'],
      ['2026-10', 'due'],
      ['2026-11', 'due'],
      ['2026-12', 'upcoming'],
    ]);
    const october = find(response.json, '2026-10');
    expect(october?.entries).toEqual({ total: 3, pending: 1, approved: 1, rejected: 1 });
    expect(october?.kinds).toEqual([
      { kind: 'procedure', title: 'Procedures', pending: 1, approved: 1, rejected: 0 },
      { kind: 'teaching', title: 'Teaching Experience', pending: 0, approved: 0, rejected: 1 },
    ]);
    expect(response.json.guide).toEqual({
      id: w.actors.faculty.id,
      name: w.actors.faculty.name,
      source: 'unit-head',
    });
  });

  it('a month is overdue once the 10th of the next month has passed (India time)', async () => {
    const resident = await newResident(t, w);
    const stateOfOctober = async () =>
      find(
        (await get(t.app, `/api/v1/students/${resident.id}/authentications`, { cookie: resident.cookie }))
          .json,
        '2026-10',
      )?.state;
    try {
      clock.now = new Date('2026-11-10T18:29:00Z'); // 23:59 on the 10th in India
      expect(await stateOfOctober()).toBe('due');
      clock.now = new Date('2026-11-10T18:31:00Z'); // 00:01 on the 11th in India
      expect(await stateOfOctober()).toBe('overdue');
    } finally {
      clock.now = NOW;
    }
  });

  it('without a joining date: from the first entry to the current month', async () => {
    const resident = await newResident(t, w, { joiningDate: null });
    await entries(t, w, resident.id, [['teaching', 'approved', '2026-09-12']]);
    const response = await get(t.app, `/api/v1/students/${resident.id}/authentications`, {
      cookie: resident.cookie,
    });
    expect(monthsOf(response.json).map((m) => m.month)).toEqual(['2026-09', '2026-10', '2026-11']);
  });

  it('is read by the resident, their department and Master; 403 for others, 401 signed out', async () => {
    const resident = await newResident(t, w);
    const url = `/api/v1/students/${resident.id}/authentications`;
    const status = async (cookie: string | undefined) => (await get(t.app, url, { cookie })).statusCode;
    expect(await status(resident.cookie)).toBe(200);
    expect(await status(w.actors.hod.cookie)).toBe(200);
    expect(await status(w.colleague.cookie)).toBe(200);
    expect(await status(w.actors.master.cookie)).toBe(200);
    expect(await status(w.actors.otherStudent.cookie)).toBe(403);
    expect(await status(w.actors.facultyOtherDepartment.cookie)).toBe(403);
    expect(await status(w.hodOtherCollege.cookie)).toBe(403);
    expect(await status(undefined)).toBe(401);
    // No such student, or not an id at all.
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    expect(
      (await get(t.app, `/api/v1/students/${unknown}/authentications`, { cookie: w.actors.hod.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(t.app, '/api/v1/students/nope/authentications', { cookie: w.actors.hod.cookie })).statusCode,
    ).toBe(404);
  });

  it("one month's entries, never a malformed month (400)", async () => {
    const resident = await newResident(t, w);
    const [id] = await entries(t, w, resident.id, [['procedure', 'pending', '2026-10-20']]);
    const url = `/api/v1/students/${resident.id}/authentications`;
    const detail = await get(t.app, `${url}/2026-10`, { cookie: w.actors.faculty.cookie });
    expect(detail.statusCode).toBe(200);
    expect(detail.json.entries).toEqual([
      {
        id,
        kind: 'procedure',
        kindTitle: 'Procedures',
        date: '2026-10-20',
        status: 'pending',
        summary: null,
        path: `/task/procedure?record=${id}`,
      },
    ]);
    const bad = await get(t.app, `${url}/2026-13`, { cookie: w.actors.faculty.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toBe(M.badMonth);
  });
});

describe('POST /students/{id}/authentications', () => {
  it('201: the guide signs a month with no pending entry; kept with who, when and the fingerprint', async () => {
    const resident = await newResident(t, w);
    await entries(t, w, resident.id, [
      ['procedure', 'approved', '2026-10-03'],
      ['teaching', 'rejected', '2026-10-31'],
      ['teaching', 'pending', '2026-11-02'],
    ]);
    const response = await authenticate(t, w.actors.faculty, resident.id, {
      month: '2026-10',
      password: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json.message).toBe(M.authenticated('October 2026'));
    const month = response.json.month as Month & {
      authentication: { authenticatedAt: string; verifiedEntries: number };
    };
    expect(month.state).toBe('authenticated');
    expect(month.changedAfterAuthentication).toBe(false);
    expect(month.authentication?.authenticatedBy).toEqual({
      id: w.actors.faculty.id,
      name: w.actors.faculty.name,
    });
    expect(month.authentication.authenticatedAt).toBe(NOW.toISOString());
    expect(month.authentication.verifiedEntries).toBe(1);
    // The verifiable PDF's scheme over the month's verified entries.
    const evidence = await monthEvidence(t.db, resident.id, '2026-10');
    expect(month.authentication?.fingerprint).toMatch(/^v2:[0-9a-f]{64}$/);
    expect(month.authentication?.fingerprint).toBe(evidence.fingerprint);

    const [row] = await signatureRows(t, resident.id, '2026-10');
    expect(row?.authenticatedById).toBe(w.actors.faculty.id);
    expect(row?.collegeId).toBe(w.medicine.college.id);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'month.authenticate'), eq(auditLog.entityId, row?.id ?? '')));
    expect(audit).toHaveLength(1);

    const list = await get(t.app, `/api/v1/students/${resident.id}/authentications`, {
      cookie: resident.cookie,
    });
    expect(find(list.json, '2026-10')?.state).toBe('authenticated');
  });

  it('409 again for a month already authenticated', async () => {
    const resident = await newResident(t, w);
    await entries(t, w, resident.id, [['procedure', 'approved', '2026-10-03']]);
    const body = { month: '2026-10', password: DEFAULT_PASSWORD };
    expect((await authenticate(t, w.actors.faculty, resident.id, body)).statusCode).toBe(201);
    const again = await authenticate(t, w.actors.hod, resident.id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe(M.already('October 2026', w.actors.faculty.name, '5 November 2026'));
    expect(await signatureRows(t, resident.id, '2026-10')).toHaveLength(1);
  });

  it('409 while entries of the month are pending, naming how many of which kinds', async () => {
    const resident = await newResident(t, w);
    await entries(t, w, resident.id, [
      ['procedure', 'pending', '2026-10-03'],
      ['procedure', 'pending', '2026-10-04'],
      ['teaching', 'pending', '2026-10-30'],
      ['teaching', 'approved', '2026-10-01'],
      ['procedure', 'pending', '2026-11-01'],
    ]);
    const response = await authenticate(t, w.actors.faculty, resident.id, {
      month: '2026-10',
      password: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json.message).toBe(
      M.pending(3, [
        { title: 'Procedures', count: 2 },
        { title: 'Teaching Experience', count: 1 },
      ]),
    );
    expect(response.json.message).toContain(
      '3 entries are still pending (2 Procedures, 1 Teaching Experience)',
    );
    expect(await signatureRows(t, resident.id, '2026-10')).toHaveLength(0);
  });

  it('the unit head, the thesis guide and the HOD sign; 403 for every other caller', async () => {
    const resident = await newResident(t, w, { thesisGuideId: w.thesisGuide.id });
    const body = (month: string) => ({ month, password: DEFAULT_PASSWORD });
    for (const who of [
      w.colleague,
      w.actors.facultyOtherDepartment,
      w.hodOtherCollege,
      w.actors.admin,
      w.actors.master,
      resident,
      w.actors.otherStudent,
    ]) {
      const response = await authenticate(t, who, resident.id, body('2026-10'));
      expect(response.statusCode, who.name).toBe(403);
    }
    expect((await authenticate(t, w.thesisGuide, resident.id, body('2026-08'))).statusCode).toBe(201);
    expect((await authenticate(t, w.actors.faculty, resident.id, body('2026-09'))).statusCode).toBe(201);
    expect((await authenticate(t, w.actors.hod, resident.id, body('2026-10'))).statusCode).toBe(201);
    const list = await get(t.app, `/api/v1/students/${resident.id}/authentications`, {
      cookie: resident.cookie,
    });
    expect(list.json.guide).toEqual({ id: w.thesisGuide.id, name: w.thesisGuide.name, source: 'thesis' });
    expect(
      monthsOf(list.json)
        .slice(0, 3)
        .map((m) => m.authentication?.authenticatedBy.id),
    ).toEqual([w.thesisGuide.id, w.actors.faculty.id, w.actors.hod.id]);
    // Signed out: 401; a student that does not exist: 404.
    const anonymous = await authenticate(t, { ...w.colleague, cookie: '' }, resident.id, body('2026-10'));
    expect(anonymous.statusCode).toBe(401);
    const missing = await authenticate(
      t,
      w.actors.hod,
      '00000000-0000-4000-8000-00000000abcd',
      body('2026-10'),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('400 for a bad or future month and a missing password, with a clear message', async () => {
    const resident = await newResident(t, w);
    const cases: Array<[unknown, string]> = [
      [{ month: '2026-13', password: DEFAULT_PASSWORD }, M.badMonth],
      [{ month: '2026-1', password: DEFAULT_PASSWORD }, M.badMonth],
      [{ month: '1999-12', password: DEFAULT_PASSWORD }, M.badMonth],
      [{ month: 202610, password: DEFAULT_PASSWORD }, M.badMonth],
      [{ password: DEFAULT_PASSWORD }, M.badMonth],
      [{ month: '2026-10' }, M.passwordRequired],
      [{ month: '2026-10', password: '' }, M.passwordRequired],
      [{ month: '2026-12', password: DEFAULT_PASSWORD }, M.futureMonth],
    ];
    for (const [body, message] of cases) {
      const response = await authenticate(t, w.actors.faculty, resident.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json.message).toBe(message);
    }
    expect(await signatureRows(t, resident.id, '2026-12')).toHaveLength(0);
  });

  it('401 for a wrong password (audited), throttled like sign-in: the 6th try from one address is 429', async () => {
    const resident = await newResident(t, w);
    const ip = '10.250.1.1';
    const wrong = { month: '2026-10', password: 'Not-The-Password-1' };
    for (let i = 0; i < 5; i += 1) {
      const response = await authenticate(t, w.actors.faculty, resident.id, wrong, ip);
      expect(response.statusCode).toBe(401);
      expect(response.json.message).toBe(M.wrongPassword);
    }
    const throttled = await authenticate(
      t,
      w.actors.faculty,
      resident.id,
      { ...wrong, password: DEFAULT_PASSWORD },
      ip,
    );
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json.message).toBe(M.tooManyAttempts);
    // The sign-in form shares the counters: the same address is refused there too.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/staff-login',
      payload: { email: w.actors.faculty.email, password: DEFAULT_PASSWORD },
      remoteAddress: ip,
    });
    expect(signIn.statusCode).toBe(429);
    // From another address the right password still signs.
    expect(
      (await authenticate(t, w.actors.faculty, resident.id, { ...wrong, password: DEFAULT_PASSWORD }))
        .statusCode,
    ).toBe(201);
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'month.authenticate_password_failed'),
          eq(auditLog.actorId, w.actors.faculty.id),
        ),
      );
    expect(failures.length).toBeGreaterThanOrEqual(6);
  });

  it('eight signatures of one month at once: exactly one is kept, the others get 409', async () => {
    const resident = await newResident(t, w);
    await entries(t, w, resident.id, [['procedure', 'approved', '2026-10-03']]);
    const body = { month: '2026-10', password: DEFAULT_PASSWORD };
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        authenticate(t, n % 2 === 0 ? w.actors.faculty : w.actors.hod, resident.id, body),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array(7).fill(409)]);
    expect(await signatureRows(t, resident.id, '2026-10')).toHaveLength(1);
  });
});
