import {
  CHANGE_PASSWORD_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  PASSWORD_MESSAGES,
  RESET_PASSWORD_MESSAGES,
} from '@pgel/shared/schemas/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, oneTimeTokens, sessions, users } from '../../db/schema/index';
import { hashToken } from '../../platform/secrets';
import {
  buildTestApp,
  createPlacement,
  createUser,
  freshIp,
  get,
  linkFrom,
  login,
  type Placement,
  post,
  type TestApp,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';

const FORGOT = '/api/v1/auth/forgot-password';
const RESET = '/api/v1/auth/reset-password';
const CHANGE = '/api/v1/auth/change-password';
const ME = '/api/v1/auth/me';
const NEW_PASSWORD = 'Brand-New-Pass-7';

describe('auth: passwords', () => {
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

  async function outboxTo(email: string) {
    return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  }

  async function auditOf(action: string, userId: string) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, userId)));
  }

  /** Asks for a reset link and reads it from the mail that arrived over SMTP. */
  async function requestReset(email: string) {
    const response = await post(t.app, FORGOT, { email });
    expect(response.statusCode).toBe(200);
    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(email);
    return { mail, ...linkFrom(mail.text, 'reset-password') };
  }

  describe('POST /auth/forgot-password', () => {
    it('gives the same answer for a known and an unknown address, and mails only the known one', async () => {
      const user = await createUser(t.db, { placement });
      const known = await post(t.app, FORGOT, { email: user.email });
      const unknown = await post(t.app, FORGOT, { email: 'no-account@example.org' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json).toEqual({ message: FORGOT_PASSWORD_MESSAGES.sent });
      expect(unknown.json).toEqual(known.json);

      await t.app.outbox.drain();
      await smtp.waitForMail(user.email);
      expect(await outboxTo('no-account@example.org')).toHaveLength(0);
      expect(smtp.messages.some((m) => m.to.includes('no-account@example.org'))).toBe(false);
    });

    it('mails a reset link over SMTP and stores only its hash', async () => {
      const user = await createUser(t.db, { placement, name: 'Dr. Forgetful' });
      const { mail, link, token } = await requestReset(user.email.toUpperCase());
      expect(mail.subject).toBe('Reset your password - PG e-Logbook');
      expect(mail.text).toContain('Dear Dr. Forgetful,');
      expect(link).toBe(`http://app.test/reset-password/${token}`);
      const rows = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ purpose: 'reset_password', tokenHash: hashToken(token), usedAt: null });
      expect(JSON.stringify(rows)).not.toContain(token);
      expect((await outboxTo(user.email))[0]?.status).toBe('sent');
    });

    it('sends nothing to a blocked account', async () => {
      const blocked = await createUser(t.db, { placement, blocked: true });
      const response = await post(t.app, FORGOT, { email: blocked.email });
      expect(response.json.message).toBe(FORGOT_PASSWORD_MESSAGES.sent);
      expect(await outboxTo(blocked.email)).toHaveLength(0);
    });

    it('mails at most three links an hour to one account', async () => {
      const user = await createUser(t.db, { placement });
      for (let i = 0; i < 4; i += 1) {
        const response = await post(t.app, FORGOT, { email: user.email });
        expect(response.json.message).toBe(FORGOT_PASSWORD_MESSAGES.sent);
      }
      expect(await outboxTo(user.email)).toHaveLength(3);
      await t.app.outbox.drain();
    });

    it('validates the address', async () => {
      const missing = await post(t.app, FORGOT, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json.message).toBe('Email is required!');
      const invalid = await post(t.app, FORGOT, { email: 'someone' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json.message).toBe('Please enter a valid email!');
    });
  });

  describe('POST /auth/reset-password', () => {
    it('refuses passwords that are short, differ or are missing, with the shared messages', async () => {
      const user = await createUser(t.db, { placement });
      const { token } = await requestReset(user.email);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ token, newPassword: 'short', confirmPassword: 'short' }, PASSWORD_MESSAGES.tooShort],
        [
          { token, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
          PASSWORD_MESSAGES.mismatch,
        ],
        [{ token, newPassword: NEW_PASSWORD }, RESET_PASSWORD_MESSAGES.required],
      ];
      for (const [input, message] of cases) {
        const response = await post(t.app, RESET, input);
        expect(response.statusCode).toBe(400);
        expect(response.json.message).toBe(message);
      }
      // None of these used the link up.
      const ok = await post(t.app, RESET, {
        token,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(ok.statusCode).toBe(200);
    });

    it('sets the new password, signs out every session, and cannot be used twice', async () => {
      const user = await createUser(t.db, { placement });
      const first = await login(t.app, user.email, user.password);
      const second = await login(t.app, user.email, user.password);
      const { token } = await requestReset(user.email);

      const response = await post(t.app, RESET, {
        token,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ message: RESET_PASSWORD_MESSAGES.success });

      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      expect((await get(t.app, ME, { cookie: first })).statusCode).toBe(401);
      expect((await get(t.app, ME, { cookie: second })).statusCode).toBe(401);

      const old = await post(
        t.app,
        '/api/v1/auth/login',
        { email: user.email, password: user.password },
        { remoteAddress: freshIp() },
      );
      expect(old.statusCode).toBe(401);
      expect(old.json.message).toBe(LOGIN_MESSAGES.wrongCredentials);
      await login(t.app, user.email, NEW_PASSWORD);

      const again = await post(t.app, RESET, {
        token,
        newPassword: 'Third-Pass-99',
        confirmPassword: 'Third-Pass-99',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json).toEqual({ code: 'validation', message: RESET_PASSWORD_MESSAGES.invalidLink });
      await login(t.app, user.email, NEW_PASSWORD);

      expect(await auditOf('auth.password_reset', user.id)).toHaveLength(1);
    });

    it('verifies the address of an unverified user, since the link proves the mailbox', async () => {
      const user = await createUser(t.db, { placement, verified: false });
      const { token } = await requestReset(user.email);
      await post(t.app, RESET, { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      await login(t.app, user.email, NEW_PASSWORD);
    });

    it('refuses an expired link', async () => {
      const user = await createUser(t.db, { placement });
      const { token } = await requestReset(user.email);
      await t.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
      const response = await post(t.app, RESET, {
        token,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(RESET_PASSWORD_MESSAGES.invalidLink);
      await login(t.app, user.email, user.password);
    });

    it('refuses an older link once a newer one was sent', async () => {
      const user = await createUser(t.db, { placement });
      const older = await requestReset(user.email);
      const newer = await requestReset(user.email);
      const stale = await post(t.app, RESET, {
        token: older.token,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(stale.statusCode).toBe(400);
      expect(stale.json.message).toBe(RESET_PASSWORD_MESSAGES.invalidLink);
      const fresh = await post(t.app, RESET, {
        token: newer.token,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('refuses the link of an account deleted after it was sent', async () => {
      const user = await createUser(t.db, { placement });
      const { token } = await requestReset(user.email);
      await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
      const response = await post(t.app, RESET, {
        token,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(RESET_PASSWORD_MESSAGES.invalidLink);
    });

    it('refuses a token it never issued, and a verification token', async () => {
      const user = await createUser(t.db, { placement, verified: false });
      const verifyToken = 'verification-token-for-reset-test';
      await t.db.insert(oneTimeTokens).values({
        tokenHash: hashToken(verifyToken),
        purpose: 'verify_email',
        userId: user.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      for (const token of ['never-issued', verifyToken]) {
        const response = await post(t.app, RESET, {
          token,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json.message).toBe(RESET_PASSWORD_MESSAGES.invalidLink);
      }
    });
  });

  describe('housekeeping', () => {
    it('deletes one-time tokens 30 days after they expired and keeps the rest', async () => {
      const user = await createUser(t.db, { placement });
      const day = 24 * 60 * 60 * 1000;
      const tokens = [
        {
          name: 'expired 31 days ago',
          expiresAt: new Date(Date.now() - 31 * day),
          usedAt: null,
          kept: false,
        },
        {
          name: 'used, expired 31 days ago',
          expiresAt: new Date(Date.now() - 31 * day),
          usedAt: new Date(),
          kept: false,
        },
        { name: 'expired 29 days ago', expiresAt: new Date(Date.now() - 29 * day), usedAt: null, kept: true },
        { name: 'still valid', expiresAt: new Date(Date.now() + day), usedAt: null, kept: true },
      ];
      for (const token of tokens) {
        await t.db.insert(oneTimeTokens).values({
          tokenHash: hashToken(`${user.id}:${token.name}`),
          purpose: 'reset_password',
          userId: user.id,
          expiresAt: token.expiresAt,
          usedAt: token.usedAt,
        });
      }
      await t.app.housekeeping.runOnce();
      const left = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
      expect(left.map((row) => row.tokenHash).sort()).toEqual(
        tokens
          .filter((token) => token.kept)
          .map((token) => hashToken(`${user.id}:${token.name}`))
          .sort(),
      );
    });
  });

  describe('POST /auth/change-password', () => {
    it('answers 401 without a session, before looking at the body', async () => {
      const response = await post(t.app, CHANGE, {});
      expect(response.statusCode).toBe(401);
      expect(response.json.code).toBe('unauthorized');
    });

    it('requires all three fields', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      const response = await post(
        t.app,
        CHANGE,
        { currentPassword: user.password, newPassword: NEW_PASSWORD },
        { cookie },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe('All fields are required!');
    });

    it('requires the new password twice', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      const response = await post(
        t.app,
        CHANGE,
        { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: 'Something-Else-1' },
        { cookie },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe('New passwords do not match!');
    });

    it('refuses a new password that is too short', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      const response = await post(
        t.app,
        CHANGE,
        { currentPassword: user.password, newPassword: 'short', confirmPassword: 'short' },
        { cookie },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(PASSWORD_MESSAGES.tooShort);
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const user = await createUser(t.db, { placement });
      const cookie = await login(t.app, user.email, user.password);
      const response = await post(
        t.app,
        CHANGE,
        { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { cookie },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json).toEqual({ code: 'validation', message: CHANGE_PASSWORD_MESSAGES.failed });
      expect(response.json.message).toBe('Failed to update password');
      await login(t.app, user.email, user.password);
      expect(await auditOf('auth.password_change_failed', user.id)).toHaveLength(1);
    });

    it('changes the password and signs out the other sessions but not this one', async () => {
      const user = await createUser(t.db, { placement });
      const current = await login(t.app, user.email, user.password);
      const other = await login(t.app, user.email, user.password);
      const [before] = await t.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));

      const response = await post(
        t.app,
        CHANGE,
        { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { cookie: current },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ message: 'Password updated successfully' });

      expect((await get(t.app, ME, { cookie: current })).statusCode).toBe(200);
      expect((await get(t.app, ME, { cookie: other })).statusCode).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

      const [after] = await t.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));
      expect(after?.hash).not.toBe(before?.hash);
      await login(t.app, user.email, NEW_PASSWORD);
      const old = await post(
        t.app,
        '/api/v1/auth/login',
        { email: user.email, password: user.password },
        { remoteAddress: freshIp() },
      );
      expect(old.statusCode).toBe(401);
      expect(await auditOf('auth.password_changed', user.id)).toHaveLength(1);
    });

    it('lets staff change their password the same way', async () => {
      const hod = await createUser(t.db, { role: 'hod', placement });
      const cookie = await login(t.app, hod.email, hod.password, 'staff');
      const response = await post(
        t.app,
        CHANGE,
        { currentPassword: hod.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { cookie },
      );
      expect(response.statusCode).toBe(200);
      await login(t.app, hod.email, NEW_PASSWORD, 'staff');
    });
  });
});
