import { LOGIN_MESSAGES, RESET_PASSWORD_MESSAGES } from '@pgel/shared/schemas/auth';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginThrottle, sessions } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  linkFrom,
  login,
  type Placement,
  post,
  sessionCookieOf,
  type TestApp,
  type TestResponse,
  type UserFixture,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { AuthService } from './auth.service';

const LOGIN = '/api/v1/auth/login';
const LOGOUT = '/api/v1/auth/logout';
const ME = '/api/v1/auth/me';
const NOTIFICATIONS = '/api/v1/notifications';
const FORGOT = '/api/v1/auth/forgot-password';
const RESET = '/api/v1/auth/reset-password';
const CHANGE = '/api/v1/auth/change-password';
const PARALLEL = 50;

// Issue 15, "Sessions and abuse": the login throttle of ADR 001 under 50 attempts at once, the
// owner of a throttled account resetting the password, and the sessions that logout, password
// change and reset end. Counts come from what the callers were answered and from the database.
describe('auth: throttle under parallel attempts, and sessions that end', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let placement: Placement;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    placement = await createPlacement(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

  function attempt(email: string, password: string, ip: string) {
    return post(t.app, LOGIN, { email, password }, { remoteAddress: ip });
  }

  function statuses(responses: TestResponse[]): Record<number, number> {
    const counted: Record<number, number> = {};
    for (const r of responses) counted[r.statusCode] = (counted[r.statusCode] ?? 0) + 1;
    return counted;
  }

  /** Failed sign-ins written to the audit log for these addresses, by reason. */
  async function failureReasons(emails: string[]): Promise<Record<string, number>> {
    const rows = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login_failed'), inArray(auditLog.subject, emails)));
    const counted: Record<string, number> = {};
    for (const row of rows) {
      const reason = (row.after as { reason: string }).reason;
      counted[reason] = (counted[reason] ?? 0) + 1;
    }
    return counted;
  }

  async function counter(key: string): Promise<number | undefined> {
    const [row] = await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    return row?.attempts;
  }

  async function sessionCount(userId: string): Promise<number> {
    return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  }

  /** A signed-in cookie is refused on every authenticated route we try, with 401. */
  async function expectRefused(cookie: string) {
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(401);
    expect((await get(t.app, NOTIFICATIONS, { cookie })).statusCode).toBe(401);
  }

  async function expectAccepted(cookie: string) {
    expect((await get(t.app, ME, { cookie })).statusCode).toBe(200);
    expect((await get(t.app, NOTIFICATIONS, { cookie })).statusCode).toBe(200);
  }

  async function requestResetLink(email: string): Promise<string> {
    const response = await post(t.app, FORGOT, { email });
    expect(response.statusCode).toBe(200);
    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(email);
    return linkFrom(mail.text, 'reset-password').token;
  }

  describe('50 sign-ins at once', () => {
    it('one account from one address: exactly 5 reach the password check, and the right password after them is refused', async () => {
      const victim = await createUser(t.db, { placement });
      const ip = freshIp();
      const first = await Promise.all(times(PARALLEL, (i) => attempt(victim.email, `wrong-${i}`, ip)));
      expect(statuses(first)).toEqual({ 401: 5, 429: PARALLEL - 5 });
      expect(await failureReasons([victim.email])).toEqual({ wrong_credentials: 5, throttled: PARALLEL - 5 });
      expect(await counter(`email-ip:${victim.email}|${ip}`)).toBe(PARALLEL);

      // 50 more at once, the right password among them: every one is refused, no session is made.
      const second = await Promise.all(
        times(PARALLEL, (i) => attempt(victim.email, i % 10 === 0 ? victim.password : `again-${i}`, ip)),
      );
      expect(statuses(second)).toEqual({ 429: PARALLEL });
      expect(second.every((r) => r.json.message === LOGIN_MESSAGES.tooManyAttempts)).toBe(true);
      expect(second.some((r) => sessionCookieOf(r) !== undefined)).toBe(false);
      expect(await sessionCount(victim.id)).toBe(0);
      console.log(
        `throttle, 1 account x 1 address: ${PARALLEL} at once -> 5 checked; then ${PARALLEL} with the right password -> 0 in`,
      );
    });

    it('50 accounts from one address: the address is refused once its 100 wrong passwords are used up, with no lost count', async () => {
      const accounts = await Promise.all(times(PARALLEL, () => createUser(t.db, { placement })));
      const emails = accounts.map((a) => a.email);
      const ip = freshIp();
      // 75 wrong passwords from this machine already in the window (written directly: 75 argon2
      // checks would only spend time); 25 more may reach the password check, not one over.
      await t.db.insert(loginThrottle).values({ key: `ip:${ip}`, attempts: 75 });

      const first = await Promise.all(accounts.map((a, i) => attempt(a.email, `wrong-${i}`, ip)));
      expect(statuses(first)).toEqual({ 401: 25, 429: 25 });
      expect(await failureReasons(emails)).toEqual({ wrong_credentials: 25, throttled: 25 });
      // Every one of the 25 wrong passwords was counted: 75 + 25, none lost to a race.
      expect(await counter(`ip:${ip}`)).toBe(100);

      // Now every account's right password, all at once from that machine: all refused.
      const second = await Promise.all(accounts.map((a) => attempt(a.email, a.password, ip)));
      expect(statuses(second)).toEqual({ 429: PARALLEL });
      expect(second.some((r) => sessionCookieOf(r) !== undefined)).toBe(false);
      const made = await t.db
        .select()
        .from(sessions)
        .where(
          inArray(
            sessions.userId,
            accounts.map((a) => a.id),
          ),
        );
      expect(made).toHaveLength(0);
      // The owners, from their own machines, are not affected.
      expect(
        (await attempt(emails[0] as string, accounts[0]?.password as string, freshIp())).statusCode,
      ).toBe(200);
      console.log(
        `throttle, ${PARALLEL} accounts x 1 address at 75 failures: ${PARALLEL} at once -> 25 checked; then ${PARALLEL} right passwords -> 0 in`,
      );
    });

    it('one account from 50 addresses: each attempt gets its own count, the first 20 are answered at once and the rest slowed', async () => {
      // The per-account limit slows and never refuses (ADR 001: a guesser who knows the address
      // must not lock its owner out). Through AuthService with the waits recorded, not spent.
      const victim = await createUser(t.db, { placement });
      const slept: number[] = [];
      const service = new AuthService({
        db: t.db,
        reference: t.app.services.reference,
        sessionSettings: { idleMs: 50 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000, secureCookie: false },
        appUrl: APP_URL,
        onMailQueued: () => {},
        loginSlowdown: {
          sleep: async (ms) => {
            slept.push(ms);
          },
        },
      });
      const machines = times(PARALLEL, () => freshIp());
      const outcomes = await Promise.all(
        machines.map((ip, i) =>
          service
            .login('student', { email: victim.email, password: `wrong-${i}` }, { ip, userAgent: undefined })
            .then(
              () => 200,
              (err: unknown) => (err instanceof AppError ? err.statusCode : 500),
            ),
        ),
      );
      expect(outcomes.every((s) => s === 401)).toBe(true);
      // Attempts 21..50 on the address: 1 s, 2 s, 4 s, then 8 s; distinct counts, so exactly 30
      // waits, whatever order the 50 arrived in.
      expect(slept.sort((a, b) => a - b)).toEqual([1000, 2000, 4000, ...times(PARALLEL - 23, () => 8000)]);
      expect(await counter(`email:${victim.email}`)).toBe(PARALLEL);

      // The same 50 machines again, the right password among them: every attempt from a machine
      // that failed on this hot account waits before its password is even checked.
      slept.length = 0;
      const again = await Promise.all(
        machines.map((ip, i) =>
          service
            .login(
              'student',
              { email: victim.email, password: i === 7 ? victim.password : `again-${i}` },
              { ip, userAgent: undefined },
            )
            .then(
              () => 200,
              (err: unknown) => (err instanceof AppError ? err.statusCode : 500),
            ),
        ),
      );
      expect(slept).toHaveLength(PARALLEL);
      expect(slept.every((ms) => ms === 8000)).toBe(true);
      expect(statuses(again.map((statusCode) => ({ statusCode }) as TestResponse))).toEqual({
        200: 1,
        401: PARALLEL - 1,
      });
      console.log(
        `throttle, 1 account x ${PARALLEL} addresses: 20 answered at once, ${PARALLEL - 20} slowed (1-8 s); none refused by design`,
      );
    });
  });

  describe('the owner of a throttled account', () => {
    it('resets the password by mail and signs in at once from the throttled machine', async () => {
      const owner = await createUser(t.db, { placement });
      const ownMachine = freshIp();
      // The owner forgot the password and tried five times; guessers tried from 15 more machines.
      for (let i = 0; i < 5; i += 1) {
        expect((await attempt(owner.email, `forgotten-${i}`, ownMachine)).statusCode).toBe(401);
      }
      await Promise.all(times(15, (i) => attempt(owner.email, `guess-${i}`, freshIp())));
      const locked = await attempt(owner.email, owner.password, ownMachine);
      expect(locked.statusCode).toBe(429);

      const token = await requestResetLink(owner.email);
      const newPassword = 'After-Reset-Pass-5';
      const reset = await post(t.app, RESET, { token, newPassword, confirmPassword: newPassword });
      expect(reset.json).toEqual({ message: RESET_PASSWORD_MESSAGES.success });

      // Resetting proves the mailbox, so the address's counts end (LoginThrottle.forgetAddress).
      const left = await t.db
        .select()
        .from(loginThrottle)
        .where(like(loginThrottle.key, `%${owner.email}%`));
      expect(left).toHaveLength(0);
      const signedIn = await attempt(owner.email, newPassword, ownMachine);
      expect(signedIn.statusCode).toBe(200);
      await expectAccepted(sessionCookieOf(signedIn) as string);
    });
  });

  describe('sessions that end', () => {
    async function threeSessions(user: UserFixture): Promise<string[]> {
      return Promise.all(
        times(3, () => login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() })),
      );
    }

    it('logout ends that session only: its cookie is refused at once', async () => {
      const user = await createUser(t.db, { placement });
      const [leaving, staying] = (await threeSessions(user)) as [string, string, string];
      expect((await post(t.app, LOGOUT, {}, { cookie: leaving })).statusCode).toBe(200);
      await expectRefused(leaving);
      await expectAccepted(staying);
      expect(await sessionCount(user.id)).toBe(2);
    });

    it('a password change ends every other session at once and keeps the current one', async () => {
      const user = await createUser(t.db, { placement });
      const [current, ...others] = (await threeSessions(user)) as [string, string, string];
      const newPassword = 'Changed-Pass-77';
      const response = await post(
        t.app,
        CHANGE,
        { currentPassword: user.password, newPassword, confirmPassword: newPassword },
        { cookie: current },
      );
      expect(response.statusCode).toBe(200);
      for (const cookie of others) await expectRefused(cookie);
      await expectAccepted(current);
      expect(await sessionCount(user.id)).toBe(1);
    });

    it('a password reset ends every session at once', async () => {
      const user = await createUser(t.db, { placement });
      const cookies = await threeSessions(user);
      const token = await requestResetLink(user.email);
      const newPassword = 'Reset-Pass-88';
      expect(
        (await post(t.app, RESET, { token, newPassword, confirmPassword: newPassword })).statusCode,
      ).toBe(200);
      for (const cookie of cookies) await expectRefused(cookie);
      expect(await sessionCount(user.id)).toBe(0);
    });

    it('a sign-in with the old password racing a reset leaves no session behind', async () => {
      const user = await createUser(t.db, { placement });
      const token = await requestResetLink(user.email);
      const newPassword = 'Raced-Pass-99';
      // The reset and 20 sign-ins with the old password at once (each from its own machine).
      const [reset, ...logins] = await Promise.all([
        post(t.app, RESET, { token, newPassword, confirmPassword: newPassword }),
        ...times(20, () => attempt(user.email, user.password, freshIp())),
      ]);
      expect(reset?.statusCode).toBe(200);
      // Whichever got in before the reset was signed out by it; none got in after it.
      for (const response of logins) {
        const cookie = sessionCookieOf(response);
        if (cookie) await expectRefused(cookie);
      }
      expect(await sessionCount(user.id)).toBe(0);
    });
  });
});
