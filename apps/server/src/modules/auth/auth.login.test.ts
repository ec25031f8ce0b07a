import { SIGNED_IN_MARKER_COOKIE } from '@pgel/shared/auth/signed-in-marker';
import { LOGIN_MESSAGES, SESSION_MESSAGES } from '@pgel/shared/schemas/auth';
import { BACKGROUND_REQUEST_HEADER } from '@pgel/shared/schemas/common';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index';
import { hashToken } from '../../platform/secrets';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  linkDepartment,
  login,
  type Placement,
  post,
  sessionCookieOf,
  type TestApp,
  type TestResponse,
  type UserFixture,
} from '../../test/helpers';

const LOGIN = '/api/v1/auth/login';
const STAFF_LOGIN = '/api/v1/auth/staff-login';
const ME = '/api/v1/auth/me';
const LOGOUT = '/api/v1/auth/logout';

describe('auth: login, session and logout', () => {
  let t: TestApp;
  let placement: Placement;
  let hod: UserFixture;
  let professor: UserFixture;
  let student: UserFixture;

  beforeAll(async () => {
    t = await buildTestApp();
    placement = await createPlacement(t.db, { link: false });
    await linkDepartment(t.db, placement.college.id, placement.department.id, {
      guidelineUrl: 'https://nmc.example/guidelines.pdf',
      refNo: 'NMC/2024/17',
      refDate: '2024-06-30',
    });
    hod = await createUser(t.db, { role: 'hod', placement, name: 'Dr. Head' });
    professor = await createUser(t.db, { role: 'professor', placement, name: 'Dr. Unit Head' });
    student = await createUser(t.db, {
      placement,
      name: 'Asha Menon',
      phone: '9000000001',
      unitHeadId: professor.id,
      verifyByHod: true,
      paid: true,
      joiningDate: '2025-07-01',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function sessionRows(userId: string) {
    return t.db.select().from(sessions).where(eq(sessions.userId, userId));
  }

  function expectError(response: TestResponse, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json.message).toBe(message);
    expect(sessionCookieOf(response)).toBeUndefined();
  }

  describe('POST /auth/login (student tab)', () => {
    it('signs a student in with an HttpOnly, SameSite=Lax session cookie', async () => {
      const response = await post(t.app, LOGIN, { email: student.email, password: student.password });
      expect(response.statusCode).toBe(200);
      expect(response.json.message).toBe('Login successful');
      expect(response.json.user).toMatchObject({ id: student.id, name: 'Asha Menon', role: null });

      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/^pgel_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      // http:// APP_URL: no Secure flag, and without Remember Me the cookie ends with the browser.
      expect(setCookie).not.toContain('Secure');
      expect(setCookie).not.toContain('Max-Age');
    });

    it('sets a readable signed-in marker beside the session cookie, as long-lived as it (issue 29)', async () => {
      const session = await post(t.app, LOGIN, { email: student.email, password: student.password });
      const marker = session.cookies.find((c) => c.name === SIGNED_IN_MARKER_COOKIE);
      // The page reads it (not HttpOnly); it holds no secret and signs no one in.
      expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
      expect(marker?.httpOnly).toBeFalsy();
      expect(marker?.maxAge).toBeUndefined();
      expect((await get(t.app, ME, { cookie: `${SIGNED_IN_MARKER_COOKIE}=1` })).statusCode).toBe(401);

      const remembered = await post(t.app, LOGIN, {
        email: student.email,
        password: student.password,
        remember: true,
      });
      expect(remembered.cookies.find((c) => c.name === SIGNED_IN_MARKER_COOKIE)?.maxAge).toBe(12 * 60 * 60);
    });

    it('stores only a hash of the session token', async () => {
      const cookie = await login(t.app, student.email, student.password);
      const token = cookie.split('=')[1] ?? '';
      const rows = await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.userId).toBe(student.id);
      const all = await sessionRows(student.id);
      expect(all.some((row) => row.tokenHash === token)).toBe(false);
    });

    it('keeps the cookie across browser restarts with Remember Me', async () => {
      const response = await post(t.app, LOGIN, {
        email: student.email,
        password: student.password,
        remember: true,
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toContain(`Max-Age=${12 * 60 * 60}`);
    });

    it('accepts the address in any case and with spaces around it', async () => {
      const response = await post(t.app, LOGIN, {
        email: `  ${student.email.toUpperCase()} `,
        password: student.password,
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a wrong password and an unknown address with the same answer', async () => {
      const ip = freshIp();
      const wrong = await post(
        t.app,
        LOGIN,
        { email: student.email, password: 'wrong-password' },
        { remoteAddress: ip },
      );
      const unknown = await post(
        t.app,
        LOGIN,
        { email: 'nobody@example.org', password: 'whatever1' },
        { remoteAddress: ip },
      );
      expectError(wrong, 401, 'Invalid email or password');
      expectError(unknown, 401, LOGIN_MESSAGES.wrongCredentials);
      expect(unknown.json).toEqual(wrong.json);
    });

    it('refuses a faculty account on the student tab', async () => {
      const response = await post(
        t.app,
        LOGIN,
        { email: hod.email, password: hod.password },
        { remoteAddress: freshIp() },
      );
      expectError(response, 403, LOGIN_MESSAGES.notStudent);
    });

    it('refuses a student whose address is not verified', async () => {
      const unverified = await createUser(t.db, { placement, verified: false });
      const response = await post(
        t.app,
        LOGIN,
        { email: unverified.email, password: unverified.password },
        { remoteAddress: freshIp() },
      );
      expectError(response, 403, LOGIN_MESSAGES.emailNotVerified);
    });

    it('refuses a blocked student', async () => {
      const blocked = await createUser(t.db, { placement, blocked: true });
      const response = await post(
        t.app,
        LOGIN,
        { email: blocked.email, password: blocked.password },
        { remoteAddress: freshIp() },
      );
      expectError(response, 403, LOGIN_MESSAGES.blocked);
    });

    it('treats a deleted account as unknown', async () => {
      const deleted = await createUser(t.db, { placement, deleted: true });
      const response = await post(
        t.app,
        LOGIN,
        { email: deleted.email, password: deleted.password },
        { remoteAddress: freshIp() },
      );
      expectError(response, 401, LOGIN_MESSAGES.wrongCredentials);
    });

    it('validates the body in the spec order', async () => {
      const empty = await post(t.app, LOGIN, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json).toMatchObject({ code: 'validation', message: 'Please enter all details' });
      const noPassword = await post(t.app, LOGIN, { email: student.email });
      expect(noPassword.json.message).toBe(LOGIN_MESSAGES.allDetails);
      const badEmail = await post(t.app, LOGIN, { email: 'asha-at-example', password: 'x' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json.message).toBe('Please enter valid email address');
    });

    it('writes an audit row for a login and for a failure', async () => {
      const ip = freshIp();
      await login(t.app, student.email, student.password, 'student', { remoteAddress: ip });
      await post(t.app, LOGIN, { email: student.email, password: 'not-it-at-all' }, { remoteAddress: ip });
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.ip, ip))
        .orderBy(desc(auditLog.createdAt));
      expect(rows.map((r) => r.action).sort()).toEqual(['auth.login', 'auth.login_failed']);
      const ok = rows.find((r) => r.action === 'auth.login');
      expect(ok).toMatchObject({
        actorId: student.id,
        entity: 'user',
        entityId: student.id,
        collegeId: placement.college.id,
        subject: student.email,
        after: { kind: 'student' },
      });
      const failed = rows.find((r) => r.action === 'auth.login_failed');
      expect(failed).toMatchObject({
        actorId: null,
        entityId: student.id,
        subject: student.email,
        after: { reason: 'wrong_credentials' },
      });
    });
  });

  describe('POST /auth/staff-login (faculty tab)', () => {
    it('signs a member of staff in', async () => {
      const response = await post(t.app, STAFF_LOGIN, { email: hod.email, password: hod.password });
      expect(response.statusCode).toBe(200);
      expect(response.json.user).toMatchObject({ id: hod.id, role: 'hod', name: 'Dr. Head' });
      const me = await get(t.app, ME, { cookie: sessionCookieOf(response) });
      expect(me.statusCode).toBe(200);
      expect(me.json.user).toMatchObject({ id: hod.id, role: 'hod' });
    });

    it('refuses a student account on the faculty tab', async () => {
      const response = await post(
        t.app,
        STAFF_LOGIN,
        { email: student.email, password: student.password },
        { remoteAddress: freshIp() },
      );
      expectError(response, 403, 'This account is a student account. Please use the Student Login tab.');
    });

    it('refuses staff whose address is not verified with the staff message', async () => {
      const unverified = await createUser(t.db, { role: 'assistant_professor', placement, verified: false });
      const response = await post(
        t.app,
        STAFF_LOGIN,
        { email: unverified.email, password: unverified.password },
        { remoteAddress: freshIp() },
      );
      expectError(response, 403, LOGIN_MESSAGES.staffNotVerified);
    });

    it('refuses a wrong password with the same message as the student tab', async () => {
      const response = await post(
        t.app,
        STAFF_LOGIN,
        { email: hod.email, password: 'nope-nope' },
        { remoteAddress: freshIp() },
      );
      expectError(response, 401, LOGIN_MESSAGES.wrongCredentials);
    });
  });

  describe('GET /auth/me', () => {
    it('answers 401 without a session', async () => {
      const response = await get(t.app, ME);
      expect(response.statusCode).toBe(401);
      expect(response.json).toEqual({ code: 'unauthorized', message: SESSION_MESSAGES.required });
    });

    it('answers 401 for a cookie that is not a session', async () => {
      const response = await get(t.app, ME, { cookie: 'pgel_session=forged-token-value' });
      expect(response.statusCode).toBe(401);
    });

    it('returns the session user with college, department, course, unit head and HOD', async () => {
      const cookie = await login(t.app, student.email, student.password);
      const response = await get(t.app, ME, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json.user).toEqual({
        id: student.id,
        name: 'Asha Menon',
        email: student.email,
        phone: '9000000001',
        role: null,
        referralId: student.referralId,
        profilePic: null,
        certified: false,
        verifyByHod: true,
        paid: true,
        confirmation: 'confirmed',
        mustChangePassword: false,
        waitsFor: null,
        joiningDate: '2025-07-01',
        dob: null,
        address: null,
        fatherName: null,
        motherName: null,
        collegeRollNo: null,
        universityRollNo: null,
        hod: { id: hod.id, name: 'Dr. Head' },
        unitHead: { id: professor.id, name: 'Dr. Unit Head' },
        course: { id: placement.course.id, title: placement.course.title },
        college: {
          id: placement.college.id,
          name: placement.college.name,
          logo: null,
          state: 'Kerala',
          address: '1 Hospital Road',
        },
        department: {
          id: placement.department.id,
          name: placement.department.name,
          url: 'https://nmc.example/guidelines.pdf',
          refNo: 'NMC/2024/17',
          refDate: '2024-06-30',
        },
      });
    });

    it("returns the department's reference number and date when the link has no guideline URL", async () => {
      const plain = await createPlacement(t.db, { link: false });
      await linkDepartment(t.db, plain.college.id, plain.department.id, {
        refNo: 'REF/9',
        refDate: '2023-01-15',
      });
      const user = await createUser(t.db, { placement: plain });
      const cookie = await login(t.app, user.email, user.password);
      const response = await get(t.app, ME, { cookie });
      expect(response.json.user).toMatchObject({
        department: { id: plain.department.id, url: null, refNo: 'REF/9', refDate: '2023-01-15' },
      });
    });

    it('returns null placement fields for a Master without a college', async () => {
      const master = await createUser(t.db, { role: 'master' });
      const cookie = await login(t.app, master.email, master.password, 'staff');
      const response = await get(t.app, ME, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json.user).toMatchObject({
        role: 'master',
        hod: null,
        unitHead: null,
        course: null,
        college: null,
        department: null,
      });
    });

    it('stops accepting the session once the user is blocked or deleted', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
      await t.db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
      expect((await get(t.app, ME, { cookie })).statusCode).toBe(401);

      const other = await createUser(t.db, { placement });
      const otherCookie = await login(t.app, other.email, other.password);
      await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.id));
      expect((await get(t.app, ME, { cookie: otherCookie })).statusCode).toBe(401);
    });
  });

  describe('session expiry', () => {
    it('rejects a session idle for 51 minutes and removes its row', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      await t.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 51 * 60 * 1000) })
        .where(eq(sessions.userId, user.id));
      const response = await get(t.app, ME, { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json.message).toBe(SESSION_MESSAGES.required);
      expect(await sessionRows(user.id)).toHaveLength(0);
    });

    it('keeps a session idle for 49 minutes and records the activity', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      const before = new Date(Date.now() - 49 * 60 * 1000);
      await t.db.update(sessions).set({ lastSeenAt: before }).where(eq(sessions.userId, user.id));
      expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
      const [row] = await sessionRows(user.id);
      expect(row?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('does not count a background poll as activity', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      const before = new Date(Date.now() - 10 * 60 * 1000);
      await t.db.update(sessions).set({ lastSeenAt: before }).where(eq(sessions.userId, user.id));
      const poll = await get(t.app, '/api/v1/notifications', {
        cookie,
        headers: { [BACKGROUND_REQUEST_HEADER]: '1' },
      });
      expect(poll.statusCode).toBe(200);
      const [row] = await sessionRows(user.id);
      expect(row?.lastSeenAt.getTime()).toBe(before.getTime());
    });

    async function expireAbsolutely(userId: string) {
      // Active a moment ago: only the absolute limit applies.
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
        .where(eq(sessions.userId, userId));
    }

    it('gives a session an absolute lifetime of SESSION_ABSOLUTE_HOURS (12 h)', async () => {
      const user = await createUser(t.db, { placement });
      await login(t.app, user.email, user.password);
      const [row] = await sessionRows(user.id);
      expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(12 * 60 * 60 * 1000, -4);
    });

    it('rejects a session past its absolute expiry', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      await expireAbsolutely(user.id);
      const response = await get(t.app, ME, { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json.message).toBe(SESSION_MESSAGES.required);
    });

    it('housekeeping removes sessions past their absolute or idle expiry and keeps live ones', async () => {
      const expired = await createUser(t.db, { placement });
      const idle = await createUser(t.db, { placement });
      const live = await createUser(t.db, { placement });
      for (const user of [expired, idle, live]) await login(t.app, user.email, user.password);
      await expireAbsolutely(expired.id);
      await t.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 51 * 60 * 1000) })
        .where(eq(sessions.userId, idle.id));

      await t.app.housekeeping.runOnce();
      expect(await sessionRows(expired.id)).toHaveLength(0);
      expect(await sessionRows(idle.id)).toHaveLength(0);
      expect(await sessionRows(live.id)).toHaveLength(1);
    });
  });

  describe('POST /auth/logout', () => {
    it('deletes the session row, clears the cookie, and me then answers 401', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      expect(await sessionRows(user.id)).toHaveLength(1);

      const response = await post(t.app, LOGOUT, {}, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ message: 'You have been logged out successfully.' });
      expect(String(response.headers['set-cookie'])).toMatch(/pgel_session=;.*Expires=Thu, 01 Jan 1970/);
      expect(String(response.headers['set-cookie'])).toMatch(/pgel_signed_in=;.*Expires=Thu, 01 Jan 1970/);
      expect(await sessionRows(user.id)).toHaveLength(0);
      expect((await get(t.app, ME, { cookie })).statusCode).toBe(401);

      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.logout'), eq(auditLog.actorId, user.id)));
      expect(audit).toBeDefined();
    });

    it('signs out only the session it is called with', async () => {
      const user = await createUser(t.db, { placement });
      const first = await login(t.app, user.email, user.password);
      const second = await login(t.app, user.email, user.password);
      await post(t.app, LOGOUT, {}, { cookie: first });
      expect((await get(t.app, ME, { cookie: first })).statusCode).toBe(401);
      expect((await get(t.app, ME, { cookie: second })).statusCode).toBe(200);
    });

    it('answers 200 without a session', async () => {
      const response = await post(t.app, LOGOUT, {});
      expect(response.statusCode).toBe(200);
    });
  });

  describe('cross-origin requests', () => {
    it('refuses a POST from another origin and leaves the session alone', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      const response = await post(t.app, LOGOUT, {}, { cookie, origin: 'http://evil.example' });
      expect(response.statusCode).toBe(403);
      expect(response.json).toEqual({ code: 'forbidden', message: 'Cross-origin requests are not allowed.' });
      expect(await sessionRows(user.id)).toHaveLength(1);
    });

    it('refuses a login posted from another origin', async () => {
      const response = await post(
        t.app,
        LOGIN,
        { email: student.email, password: student.password },
        { origin: 'https://app.test.evil.example' },
      );
      expectError(response, 403, SESSION_MESSAGES.crossOrigin);
    });

    it('refuses a cross-site request without an Origin header', async () => {
      const response = await post(t.app, LOGOUT, {}, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(response.statusCode).toBe(403);
      expect(response.json.message).toBe(SESSION_MESSAGES.crossOrigin);
    });

    it('accepts a POST from the app origin', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password, 'student', { origin: APP_URL });
      const response = await post(t.app, LOGOUT, {}, { cookie, origin: APP_URL });
      expect(response.statusCode).toBe(200);
      expect(await sessionRows(user.id)).toHaveLength(0);
    });

    it('lets reads through from any origin (they change nothing)', async () => {
      const cookie = await login(t.app, student.email, student.password);
      const response = await get(t.app, ME, { cookie, origin: 'http://evil.example' });
      expect(response.statusCode).toBe(200);
    });
  });
});
