import { LOGIN_MESSAGES } from '@pgel/shared/schemas/auth';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginThrottle } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  type Placement,
  post,
  sessionCookieOf,
  type TestApp,
  type TestResponse,
  type UserFixture,
} from '../../test/helpers';
import { AuthService } from './auth.service';

const LOGIN = '/api/v1/auth/login';

// The login throttle of ADR 001: refusals per address and IP and per IP, and the slowdown of a
// hot account. The test client's address is set through `remoteAddress`.
describe('auth: login throttle', () => {
  let t: TestApp;
  let placement: Placement;
  let student: UserFixture;

  beforeAll(async () => {
    t = await buildTestApp();
    placement = await createPlacement(t.db);
    student = await createUser(t.db, { placement });
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectError(response: TestResponse, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json.message).toBe(message);
    expect(sessionCookieOf(response)).toBeUndefined();
  }

  async function fail(email: string, ip: string, times: number) {
    for (let i = 0; i < times; i += 1) {
      const response = await post(
        t.app,
        LOGIN,
        { email, password: `guess-${i}-wrong` },
        { remoteAddress: ip },
      );
      expect(response.statusCode).toBe(401);
    }
  }

  describe('refusals (429)', () => {
    it('answers 429 to the 6th attempt after five failures, even with the right password', async () => {
      const victim = await createUser(t.db, { placement });
      const ip = freshIp();
      await fail(victim.email, ip, 5);
      const sixth = await post(
        t.app,
        LOGIN,
        { email: victim.email, password: victim.password },
        { remoteAddress: ip },
      );
      expectError(sixth, 429, 'Too many failed login attempts. Please wait 15 minutes and try again.');
      expect(sixth.json.message).toBe(LOGIN_MESSAGES.tooManyAttempts);

      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subject, victim.email), eq(auditLog.action, 'auth.login_failed')))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      expect(audit?.after).toEqual({ reason: 'throttled' });

      // Other addresses from the same machine are not affected.
      const other = await post(
        t.app,
        LOGIN,
        { email: student.email, password: student.password },
        { remoteAddress: ip },
      );
      expect(other.statusCode).toBe(200);
    });

    it('does not let the guesser lock the owner out from another machine', async () => {
      const victim = await createUser(t.db, { placement });
      await fail(victim.email, freshIp(), 5);
      const owner = await post(
        t.app,
        LOGIN,
        { email: victim.email, password: victim.password },
        { remoteAddress: freshIp() },
      );
      expect(owner.statusCode).toBe(200);
    });

    it('cannot be dodged by claiming another address in X-Forwarded-For (no trusted proxy)', async () => {
      const victim = await createUser(t.db, { placement });
      const ip = freshIp();
      for (let i = 0; i < 5; i += 1) {
        await post(
          t.app,
          LOGIN,
          { email: victim.email, password: `guess-${i}-wrong` },
          { remoteAddress: ip, headers: { 'x-forwarded-for': freshIp() } },
        );
      }
      const sixth = await post(
        t.app,
        LOGIN,
        { email: victim.email, password: victim.password },
        { remoteAddress: ip, headers: { 'x-forwarded-for': freshIp() } },
      );
      expect(sixth.statusCode).toBe(429);
    });

    it('lets four failures pass, and the right password starts the count again', async () => {
      const user = await createUser(t.db, { placement });
      const ip = freshIp();
      await fail(user.email, ip, 4);
      expect(
        (await post(t.app, LOGIN, { email: user.email, password: user.password }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
      await fail(user.email, ip, 4);
      expect(
        (await post(t.app, LOGIN, { email: user.email, password: user.password }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
    });

    it('forgets attempts older than 15 minutes', async () => {
      const user = await createUser(t.db, { placement });
      const ip = freshIp();
      await fail(user.email, ip, 5);
      await t.db
        .update(loginThrottle)
        .set({ windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(like(loginThrottle.key, `%${user.email}%`));
      const response = await post(
        t.app,
        LOGIN,
        { email: user.email, password: user.password },
        { remoteAddress: ip },
      );
      expect(response.statusCode).toBe(200);
    });

    it('housekeeping deletes finished throttle windows and keeps current ones', async () => {
      const ip = freshIp();
      // The longest window in use is the inquiries' hour: a 30-minute-old counter still counts.
      await t.db.insert(loginThrottle).values([
        { key: `ip:${ip}-old`, attempts: 3, windowStartedAt: new Date(Date.now() - 61 * 60 * 1000) },
        { key: `ip:${ip}-half`, attempts: 3, windowStartedAt: new Date(Date.now() - 30 * 60 * 1000) },
        { key: `ip:${ip}-new`, attempts: 3 },
      ]);
      await t.app.housekeeping.runOnce();
      const keys = (
        await t.db
          .select()
          .from(loginThrottle)
          .where(like(loginThrottle.key, `ip:${ip}-%`))
      ).map((row) => row.key);
      expect(keys.sort()).toEqual([`ip:${ip}-half`, `ip:${ip}-new`]);
    });

    it('refuses a machine that has failed 100 times in the window, whatever the address', async () => {
      const ip = freshIp();
      // 100 wrong passwords from one machine (written directly: 100 argon2 checks would take long).
      await t.db.insert(loginThrottle).values({ key: `ip:${ip}`, attempts: 100 });
      const response = await post(
        t.app,
        LOGIN,
        { email: student.email, password: student.password },
        { remoteAddress: ip },
      );
      expectError(response, 429, LOGIN_MESSAGES.tooManyAttempts);
      const elsewhere = await post(
        t.app,
        LOGIN,
        { email: student.email, password: student.password },
        { remoteAddress: freshIp() },
      );
      expect(elsewhere.statusCode).toBe(200);
    });
  });

  describe('slowing down a hot account (more than 20 attempts from anywhere)', () => {
    /** 20 wrong passwords on the address, four from each of five machines; returns the machines. */
    async function makeHot(email: string): Promise<string[]> {
      const machines = [freshIp(), freshIp(), freshIp(), freshIp(), freshIp()];
      for (const ip of machines) await fail(email, ip, 4);
      return machines;
    }

    type Outcome = { status: number; message: string; slept: number[]; ms: number };

    /**
     * Signs in through an AuthService on the test database whose slowdown sleeps are recorded
     * (and skipped) instead of waited: the answer the route would give, and the waits applied.
     */
    async function attempt(email: string, password: string, ip: string): Promise<Outcome> {
      const slept: number[] = [];
      const service = authServiceSleeping(async (ms) => {
        slept.push(ms);
      });
      const started = Date.now();
      try {
        await service.login('student', { email, password }, { ip, userAgent: undefined });
        return { status: 200, message: LOGIN_MESSAGES.success, slept, ms: Date.now() - started };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { status: err.statusCode, message: err.message, slept, ms: Date.now() - started };
      }
    }

    function authServiceSleeping(sleep: (ms: number) => Promise<void>): AuthService {
      return new AuthService({
        db: t.db,
        reference: t.app.services.reference,
        sessionSettings: { idleMs: 50 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000, secureCookie: false },
        appUrl: APP_URL,
        onMailQueued: () => {},
        loginSlowdown: { sleep },
      });
    }

    it('lets the owner in at once from a machine that has not failed, with no delay', async () => {
      const victim = await createUser(t.db, { placement });
      await makeHot(victim.email);
      // Through the real app: 200 and a session, not 429.
      const owner = await post(
        t.app,
        LOGIN,
        { email: victim.email, password: victim.password },
        { remoteAddress: freshIp() },
      );
      expect(owner.statusCode).toBe(200);
      expect(sessionCookieOf(owner)).toBeDefined();
      // And no wait was applied on the way.
      const again = await attempt(victim.email, victim.password, freshIp());
      expect(again).toMatchObject({ status: 200, slept: [] });
    });

    it('slows further guesses from machines that failed on it, doubling to 8 s, and still answers 401', async () => {
      const victim = await createUser(t.db, { placement });
      const machines = await makeHot(victim.email);
      const outcomes = [];
      for (const ip of machines) outcomes.push(await attempt(victim.email, 'another-guess', ip));
      expect(outcomes.map((o) => o.status)).toEqual([401, 401, 401, 401, 401]);
      expect(outcomes.every((o) => o.message === LOGIN_MESSAGES.wrongCredentials)).toBe(true);
      // Attempts 21..25 on the address: 1 s, 2 s, 4 s, then the 8 s cap.
      expect(outcomes.map((o) => o.slept)).toEqual([[1000], [2000], [4000], [8000], [8000]]);
      // The strict per-address-and-IP limit still refuses a 6th attempt from one machine.
      const sixth = await attempt(victim.email, 'yet-another', machines[0] as string);
      expect(sixth).toMatchObject({ status: 429, message: LOGIN_MESSAGES.tooManyAttempts, slept: [] });
    });

    it('waits for real in the running app (1 s for the 21st attempt)', async () => {
      const victim = await createUser(t.db, { placement });
      const machines = await makeHot(victim.email);
      const started = Date.now();
      const response = await post(
        t.app,
        LOGIN,
        { email: victim.email, password: 'guess-21' },
        { remoteAddress: machines[2] },
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expectError(response, 401, LOGIN_MESSAGES.wrongCredentials);
    });

    it('slows a wrong password from a fresh machine too, and the owner from a machine that failed gets in after the wait', async () => {
      const victim = await createUser(t.db, { placement });
      const machines = await makeHot(victim.email);
      const botnet = await attempt(victim.email, 'fresh-guess', freshIp());
      expect(botnet).toMatchObject({ status: 401, slept: [1000] });
      const ownerAfterTypo = await attempt(victim.email, victim.password, machines[0] as string);
      expect(ownerAfterTypo).toMatchObject({ status: 200, slept: [2000] });
    });

    it("keeps the guessers slowed after the owner signs in (the owner's sign-in is not a guess)", async () => {
      const victim = await createUser(t.db, { placement });
      const machines = await makeHot(victim.email);
      expect(await attempt(victim.email, victim.password, freshIp())).toMatchObject({ status: 200 });
      const guess = await attempt(victim.email, 'after-owner', machines[1] as string);
      expect(guess).toMatchObject({ status: 401, slept: [1000] });
    });

    it('holds no database connection or transaction while it waits', async () => {
      const victim = await createUser(t.db, { placement });
      const machines = await makeHot(victim.email);
      let wake = () => {};
      let asleep = () => {};
      const sleeping = new Promise<void>((resolve) => {
        asleep = resolve;
      });
      const service = authServiceSleeping(
        (ms) =>
          new Promise<void>((resolve) => {
            expect(ms).toBe(1000);
            wake = resolve;
            asleep();
          }),
      );
      const slowed = service
        .login(
          'student',
          { email: victim.email, password: 'slow-guess' },
          { ip: machines[0] as string, userAgent: undefined },
        )
        .catch((err: unknown) => err);
      await sleeping;
      // While that attempt waits, the database serves others: on PGlite (one connection) an open
      // transaction would make this sign-in wait for ever.
      const other = await post(
        t.app,
        LOGIN,
        { email: student.email, password: student.password },
        { remoteAddress: freshIp() },
      );
      expect(other.statusCode).toBe(200);
      if (t.kind === 'postgres') {
        const result = await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        );
        expect((result.rows[0] as { n: number }).n).toBe(0);
      }
      wake();
      const outcome = await slowed;
      expect(outcome).toBeInstanceOf(AppError);
      expect((outcome as AppError).statusCode).toBe(401);
    });

    it('forgets a hot account after 15 minutes', async () => {
      const victim = await createUser(t.db, { placement });
      const machines = await makeHot(victim.email);
      await t.db
        .update(loginThrottle)
        .set({ windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(like(loginThrottle.key, `%${victim.email}%`));
      expect(await attempt(victim.email, 'old-news', machines[0] as string)).toMatchObject({
        status: 401,
        slept: [],
      });
    });
  });
});
