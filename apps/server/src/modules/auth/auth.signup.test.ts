import { LOGIN_MESSAGES, VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { SIGNUP_MESSAGES } from '@pgel/shared/schemas/signup';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, oneTimeTokens, users } from '../../db/schema/index';
import { hashToken, newToken } from '../../platform/secrets';
import {
  buildTestApp,
  createPlacement,
  createUser,
  findUser,
  get,
  linkFrom,
  login,
  type Placement,
  post,
  type TestApp,
  type TestResponse,
  type UserFixture,
  unique,
  uniquePhone,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';

const SIGNUP = '/api/v1/auth/signup';
const PASSWORD = 'Signup-Pass-1';

describe('auth: sign-up and e-mail verification', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let placement: Placement;
  let otherPlacement: Placement;
  let sponsor: UserFixture;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    placement = await createPlacement(t.db);
    otherPlacement = await createPlacement(t.db);
    sponsor = await createUser(t.db, { role: 'professor', placement, name: 'Dr. Sponsor Rao' });
  });
  afterAll(async () => {
    // A database stuck in a deadlock never closes; leave it to the worker's exit.
    if (!stuck) await t?.close();
    await smtp?.close();
  });

  // On PGlite (one connection) a query on `db` inside a transaction waits for that transaction
  // forever; sign-up once did this. Such a hang locks the database for good, so the first one
  // fails its test and the rest of the file fails at once instead of each waiting for its timeout.
  let stuck: string | undefined;
  beforeEach(() => {
    if (stuck) throw new Error(`not run: ${stuck}`);
  });

  async function signup(input: unknown) {
    const responses = await signupAll([input]);
    return responses[0] as TestResponse;
  }

  async function signupAll(inputs: unknown[]) {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stuck = 'POST /auth/signup did not answer within 15 s; the database is deadlocked';
        reject(new Error(stuck));
      }, 15_000);
    });
    try {
      return await Promise.race([Promise.all(inputs.map((input) => post(t.app, SIGNUP, input))), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  function body(overrides: Record<string, unknown> = {}) {
    return {
      collegeId: placement.college.id,
      departmentId: placement.department.id,
      name: 'Neha Sharma',
      phone: uniquePhone(),
      email: `${unique('neha')}@example.org`,
      acceptTerms: true,
      courseId: placement.course.id,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...overrides,
    };
  }

  async function tokensOf(userId: string) {
    return t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
  }

  async function countUsers(email: string) {
    return (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;
  }

  /** Signs up and returns the raw token from the mail that arrived over SMTP. */
  async function signUpAndReadMail(overrides: Record<string, unknown> = {}) {
    const input = body(overrides);
    const response = await signup(input);
    expect(response.statusCode).toBe(201);
    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(input.email);
    const { link, token } = linkFrom(mail.text, 'verify');
    const user = await findUser(t.db, input.email.toLowerCase());
    if (!user) throw new Error('user not created');
    return { input, mail, link, token, user };
  }

  describe('validation, in the spec order', () => {
    const c = () => placement.college.id;
    const d = () => placement.department.id;
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      ['empty body', () => ({}), 'Please Select College First'],
      ['college only', () => ({ collegeId: c() }), 'Please Select Department First'],
      ['college and department', () => ({ collegeId: c(), departmentId: d() }), 'Please enter student name'],
      [
        'up to name',
        () => ({ collegeId: c(), departmentId: d(), name: 'Neha' }),
        'Please enter phone number',
      ],
      [
        'a 9-digit phone',
        () => ({ collegeId: c(), departmentId: d(), name: 'Neha', phone: '912345678' }),
        'Please select a valid phone number contains 10 digits',
      ],
      [
        'an 11-digit phone',
        () => body({ phone: '91234567801' }),
        'Please select a valid phone number contains 10 digits',
      ],
      [
        'up to phone',
        () => ({ collegeId: c(), departmentId: d(), name: 'Neha', phone: '9123456780' }),
        'Please enter email address',
      ],
      ['a bad address', () => body({ email: 'neha@example' }), 'Please enter valid email address'],
      ['terms not accepted', () => body({ acceptTerms: false }), 'Please accept the Terms and Conditions'],
      ['no course', () => body({ courseId: undefined }), 'Please select your courses'],
      [
        'a short password',
        () => body({ password: 'short', confirmPassword: 'short' }),
        SIGNUP_MESSAGES.password,
      ],
      [
        'passwords that differ',
        () => body({ confirmPassword: 'Other-Pass-1' }),
        SIGNUP_MESSAGES.passwordMismatch,
      ],
      ['an 8-character referral id', () => body({ sponsor: 'ABCDEFGH' }), 'Please enter valid referral id'],
    ];

    it.each(cases)('%s -> 400 with the right message', async (_label, make, message) => {
      const input = make();
      const response = await signup(input);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ code: 'validation', message });
      if (typeof input.email === 'string') expect(await countUsers(input.email)).toBe(0);
    });

    it('also names the failing field', async () => {
      const response = await signup(body({ phone: '12' }));
      expect(response.json.fieldErrors).toEqual({ phone: SIGNUP_MESSAGES.phoneDigits });
    });
  });

  describe('POST /auth/signup success', () => {
    it('creates an unverified student with their own referral id and the sponsor', async () => {
      const input = body({
        email: `${unique('Mixed')}@Example.ORG`,
        sponsor: ` ${sponsor.referralId.toLowerCase()} `,
      });
      const response = await signup(input);
      expect(response.statusCode).toBe(201);
      expect(response.json).toEqual({ message: SIGNUP_MESSAGES.success });

      const user = await findUser(t.db, input.email.toLowerCase());
      expect(user).toMatchObject({
        name: 'Neha Sharma',
        phone: input.phone,
        role: null,
        emailVerifiedAt: null,
        verifyByHod: false,
        paid: false,
        sponsorId: sponsor.id,
        collegeId: placement.college.id,
        departmentId: placement.department.id,
        courseId: placement.course.id,
      });
      expect(user?.referralId).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
      expect(user?.referralId).not.toBe(sponsor.referralId);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user?.passwordHash).not.toContain(PASSWORD);

      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.signup'), eq(auditLog.entityId, user?.id ?? '')));
      expect(audit?.after).toMatchObject({ email: input.email.toLowerCase() });
      await t.app.outbox.drain();
      await smtp.waitForMail(input.email);
    });

    it('leaves sponsor_id empty without a sponsor', async () => {
      const { user } = await signUpAndReadMail({ sponsor: '' });
      expect(user.sponsorId).toBeNull();
    });

    it('mails a verification link and stores only a hash of its token', async () => {
      const { input, mail, link, token, user } = await signUpAndReadMail();
      expect(mail.subject).toBe('Verify your email address - PG e-Logbook');
      expect(mail.text).toContain('Dear Neha Sharma,');
      expect(link).toBe(`http://app.test/verify/${token}`);
      expect(mail.to).toEqual([input.email.toLowerCase()]);

      const rows = await tokensOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ purpose: 'verify_email', usedAt: null, tokenHash: hashToken(token) });
      expect(JSON.stringify(rows)).not.toContain(token);
      const hoursValid = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
      expect(hoursValid).toBeGreaterThan(47.9);
      expect(hoursValid).toBeLessThanOrEqual(48);

      const [outbox] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, input.email.toLowerCase()));
      expect(outbox?.status).toBe('sent');
      expect(outbox?.text).toContain(link);
    });

    it('turns a race between two sign-ups for one address into one account and a 409', async () => {
      const email = `${unique('race')}@example.org`;
      // Both requests check that the address is free before either has hashed its password, so the
      // unique index on users.email, inside the transaction, is what turns the second into a 409.
      const responses = await signupAll([body({ email }), body({ email })]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(responses.find((r) => r.statusCode === 409)?.json.message).toBe(SIGNUP_MESSAGES.emailTaken);
      const user = await findUser(t.db, email);
      expect(await countUsers(email)).toBe(1);
      expect(await tokensOf(user?.id ?? '')).toHaveLength(1);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(1);
      await t.app.outbox.drain();
      await smtp.waitForMail(email);
    });

    it('writes nothing when a later write of the sign-up fails', async () => {
      const email = `${unique('halfway')}@example.org`;
      // Make the last-but-one write (the outbox row) fail for this address only.
      await t.db.execute(
        sql.raw(`create function pgel_test_fail_mail() returns trigger language plpgsql as $$
          begin
            if new."to" = '${email}' then raise exception 'test: outbox is down'; end if;
            return new;
          end $$`),
      );
      await t.db.execute(
        sql.raw(
          'create trigger pgel_test_fail_mail before insert on mail_outbox for each row execute function pgel_test_fail_mail()',
        ),
      );
      try {
        const response = await signup(body({ email }));
        expect(response.statusCode).toBe(500);
        expect(response.json).toEqual({ code: 'internal', message: GENERIC_MESSAGES.tryAgain });
      } finally {
        await t.db.execute(sql.raw('drop trigger pgel_test_fail_mail on mail_outbox'));
        await t.db.execute(sql.raw('drop function pgel_test_fail_mail()'));
      }
      expect(await countUsers(email)).toBe(0);
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.signup'), sql`${auditLog.after}->>'email' = ${email}`));
      expect(audits).toHaveLength(0);
      // The address is still free: the same sign-up now works.
      expect((await signup(body({ email }))).statusCode).toBe(201);
      await t.app.outbox.drain();
      await smtp.waitForMail(email);
    });
  });

  describe('rules checked against the database', () => {
    it('refuses an unknown sponsor id', async () => {
      const input = body({ sponsor: 'ZZZZZZZZZ' });
      const response = await signup(input);
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(SIGNUP_MESSAGES.referral);
      expect(await countUsers(input.email)).toBe(0);
    });

    it('refuses an address that already has an account, in any case', async () => {
      const existing = await createUser(t.db, { placement });
      for (const email of [existing.email, existing.email.toUpperCase()]) {
        const response = await signup(body({ email }));
        expect(response.statusCode).toBe(409);
        expect(response.json).toEqual({ code: 'conflict', message: SIGNUP_MESSAGES.emailTaken });
      }
      expect(await tokensOf(existing.id)).toHaveLength(0);
    });

    it('refuses the address of a deleted account too (addresses stay unique)', async () => {
      const deleted = await createUser(t.db, { placement, deleted: true });
      const response = await signup(body({ email: deleted.email }));
      expect(response.statusCode).toBe(409);
      expect(response.json.message).toBe(SIGNUP_MESSAGES.emailTaken);
    });

    it('refuses a phone number a live account holds, as sign-up stores it or with +91, and creates nothing', async () => {
      const student = uniquePhone();
      await createUser(t.db, { placement, phone: student });
      const staff = uniquePhone();
      await createUser(t.db, {
        placement,
        role: 'professor',
        phone: `+91 ${staff.slice(0, 5)}-${staff.slice(5)}`,
      });
      for (const phone of [student, staff]) {
        const input = body({ phone });
        const response = await signup(input);
        expect(response.statusCode).toBe(409);
        expect(response.json).toEqual({ code: 'conflict', message: SIGNUP_MESSAGES.phoneTaken });
        expect(await countUsers(input.email)).toBe(0);
      }
    });

    it('accepts the phone number of a deleted account (numbers of live accounts only are taken)', async () => {
      const phone = uniquePhone();
      await createUser(t.db, { placement, phone, deleted: true });
      const input = body({ phone });
      expect((await signup(input)).statusCode).toBe(201);
      expect((await findUser(t.db, input.email))?.phone).toBe(phone);
      await t.app.outbox.drain();
      await smtp.waitForMail(input.email);
    });

    it('turns a race between two sign-ups for one phone number into one account and a 409', async () => {
      const phone = uniquePhone();
      const responses = await signupAll([body({ phone }), body({ phone })]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(responses.find((r) => r.statusCode === 409)?.json.message).toBe(SIGNUP_MESSAGES.phoneTaken);
      const holders = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      expect(holders).toHaveLength(1);
      await t.app.outbox.drain();
    });

    it('refuses a department the college does not run', async () => {
      const input = body({ departmentId: otherPlacement.department.id, courseId: otherPlacement.course.id });
      const response = await signup(input);
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(SIGNUP_MESSAGES.department);
      expect(await countUsers(input.email)).toBe(0);
    });

    it('refuses an unknown college with a 400, not a 500', async () => {
      const response = await signup(body({ collegeId: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968' }));
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(SIGNUP_MESSAGES.department);
    });

    it('refuses a course of another department', async () => {
      const input = body({ courseId: otherPlacement.course.id });
      const response = await signup(input);
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(SIGNUP_MESSAGES.course);
      expect(await countUsers(input.email)).toBe(0);
    });
  });

  describe('GET /auth/sponsors/:referralId', () => {
    it("returns the sponsor's name, whatever the case of the id", async () => {
      for (const id of [sponsor.referralId, sponsor.referralId.toLowerCase()]) {
        const response = await get(t.app, `/api/v1/auth/sponsors/${id}`);
        expect(response.statusCode).toBe(200);
        expect(response.json).toEqual({ name: 'Dr. Sponsor Rao' });
      }
    });

    it('answers 404 for an unknown id and for a deleted user', async () => {
      const deleted = await createUser(t.db, { deleted: true });
      for (const id of ['ZZZZZZZZZ', deleted.referralId]) {
        const response = await get(t.app, `/api/v1/auth/sponsors/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json).toEqual({ code: 'not_found', message: SIGNUP_MESSAGES.referral });
      }
    });

    it('answers 400 for an id that is not 9 characters', async () => {
      const response = await get(t.app, '/api/v1/auth/sponsors/ABC');
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(SIGNUP_MESSAGES.referral);
    });
  });

  describe('POST /auth/verify/:token', () => {
    it('verifies the address from the mailed link; the student can then log in', async () => {
      const { input, token, user } = await signUpAndReadMail();
      const before = await post(t.app, '/api/v1/auth/login', { email: input.email, password: PASSWORD });
      expect(before.statusCode).toBe(403);
      expect(before.json.message).toBe(LOGIN_MESSAGES.emailNotVerified);

      const response = await post(t.app, `/api/v1/auth/verify/${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ message: VERIFY_MESSAGES.success });
      expect((await findUser(t.db, user.email))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await tokensOf(user.id))[0]?.usedAt).toBeInstanceOf(Date);

      const cookie = await login(t.app, input.email, PASSWORD);
      expect((await get(t.app, '/api/v1/auth/me', { cookie })).json.user).toMatchObject({ id: user.id });

      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.email_verified'), eq(auditLog.entityId, user.id)));
      expect(audit).toBeDefined();
    });

    it('answers 200 again for the same link (already verified)', async () => {
      const { token } = await signUpAndReadMail();
      expect((await post(t.app, `/api/v1/auth/verify/${token}`)).statusCode).toBe(200);
      const again = await post(t.app, `/api/v1/auth/verify/${token}`);
      expect(again.statusCode).toBe(200);
      expect(again.json.message).toBe(VERIFY_MESSAGES.success);
    });

    it('answers 400 for a token it never issued', async () => {
      for (const token of [newToken(), 'garbage']) {
        const response = await post(t.app, `/api/v1/auth/verify/${token}`);
        expect(response.statusCode).toBe(400);
        expect(response.json).toEqual({ code: 'validation', message: VERIFY_MESSAGES.invalidLink });
      }
    });

    it('answers 400 for an expired link and leaves the address unverified', async () => {
      const { token, user } = await signUpAndReadMail();
      await t.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(oneTimeTokens.userId, user.id));
      const response = await post(t.app, `/api/v1/auth/verify/${token}`);
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(VERIFY_MESSAGES.invalidLink);
      expect((await findUser(t.db, user.email))?.emailVerifiedAt).toBeNull();
    });

    it('refuses a student link on the staff and DRP pages without using it up', async () => {
      const { token, user } = await signUpAndReadMail();
      for (const page of ['verify-staff', 'verify-drpc']) {
        const response = await post(t.app, `/api/v1/auth/${page}/${token}`);
        expect(response.statusCode).toBe(400);
        expect(response.json.message).toBe(VERIFY_MESSAGES.invalidLink);
      }
      expect((await findUser(t.db, user.email))?.emailVerifiedAt).toBeNull();
      expect((await post(t.app, `/api/v1/auth/verify/${token}`)).statusCode).toBe(200);
    });

    it('verifies staff on the staff page and DRP coordinators on the DRP page only', async () => {
      async function issue(role: 'professor' | 'drp_coordinator') {
        const user = await createUser(t.db, { role, placement, verified: false });
        const token = newToken();
        await t.db.insert(oneTimeTokens).values({
          tokenHash: hashToken(token),
          purpose: 'verify_email',
          userId: user.id,
          expiresAt: new Date(Date.now() + 60 * 60 * 1000),
        });
        return { user, token };
      }
      const staff = await issue('professor');
      expect((await post(t.app, `/api/v1/auth/verify/${staff.token}`)).statusCode).toBe(400);
      expect((await post(t.app, `/api/v1/auth/verify-drpc/${staff.token}`)).statusCode).toBe(400);
      expect((await post(t.app, `/api/v1/auth/verify-staff/${staff.token}`)).statusCode).toBe(200);
      await login(t.app, staff.user.email, staff.user.password, 'staff');

      const drpc = await issue('drp_coordinator');
      expect((await post(t.app, `/api/v1/auth/verify/${drpc.token}`)).statusCode).toBe(400);
      expect((await post(t.app, `/api/v1/auth/verify-drpc/${drpc.token}`)).statusCode).toBe(200);
    });

    it('does not accept a password reset token as a verification link', async () => {
      const user = await createUser(t.db, { placement, verified: false });
      const token = newToken();
      await t.db.insert(oneTimeTokens).values({
        tokenHash: hashToken(token),
        purpose: 'reset_password',
        userId: user.id,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      });
      expect((await post(t.app, `/api/v1/auth/verify/${token}`)).statusCode).toBe(400);
    });
  });
});
