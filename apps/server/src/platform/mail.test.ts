import net from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index';
import { passwordResetMail, verificationMail } from '../modules/auth/auth.mail';
import { inquiryMail } from '../modules/settings/settings.mail';
import { staffCredentialsMail } from '../modules/staff/staff.mail';
import { buildTestApp, createUser, post, type TestApp, unique } from '../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../test/smtp-catcher';
import { enqueueMail, OutboxWorker } from './mail';

const FROM = 'PG e-Logbook <no-reply@app.test>';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mail outbox', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    t = await buildTestApp(); // no SMTP_URL
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function rowsTo(to: string) {
    return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  }

  it('without SMTP_URL keeps the mail in the outbox with status logged', async () => {
    const user = await createUser(t.db);
    const response = await post(t.app, '/api/v1/auth/forgot-password', { email: user.email });
    expect(response.statusCode).toBe(200);
    await t.app.outbox.drain();
    const rows = await rowsTo(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'logged',
      subject: 'Reset your password - PG e-Logbook',
      transactional: true,
    });
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    expect(rows[0]?.text).toMatch(/http:\/\/app\.test\/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it('with SMTP sends the mail and marks it sent', async () => {
    const to = `${unique('smtp')}@example.org`;
    await enqueueMail(t.db, { to, subject: 'Hello over SMTP', text: 'Line one\nLine two' });
    const worker = new OutboxWorker(t.db, t.app.log, { smtpUrl: smtp.smtpUrl, from: FROM });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const mail = await smtp.waitForMail(to);
    expect(mail).toMatchObject({ subject: 'Hello over SMTP', from: 'no-reply@app.test' });
    expect(mail.text.trim()).toBe('Line one\nLine two');
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps a mail pending for a later attempt when the SMTP server is down', async () => {
    const to = `${unique('down')}@example.org`;
    await enqueueMail(t.db, { to, subject: 'Retry me', text: 'Body' });
    const worker = new OutboxWorker(t.db, t.app.log, {
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: FROM,
    });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row?.lastError).toBeTruthy();
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: another pass leaves it alone.
    const again = new OutboxWorker(t.db, t.app.log, { smtpUrl: smtp.smtpUrl, from: FROM });
    try {
      await again.drain();
    } finally {
      await again.stop();
    }
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(smtp.messages.some((m) => m.to.includes(to))).toBe(false);
  });

  it('drops a mail queued in a transaction that rolls back', async () => {
    const to = `${unique('rollback')}@example.org`;
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, { to, subject: 'Never', text: 'Never sent' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsTo(to)).toHaveLength(0);
  });

  it('marks account mail transactional and notification mail bulk', async () => {
    const link = 'http://app.test/x';
    const account = [
      verificationMail('a@example.org', 'A', link),
      passwordResetMail('b@example.org', 'B', link),
      staffCredentialsMail({
        to: 'c@example.org',
        name: 'C',
        addedBy: 'Dr. Head',
        role: 'professor',
        collegeName: 'College',
        departmentName: 'Medicine',
        temporaryPassword: 'Temp-Pass-1',
        appUrl: 'http://app.test',
        verifyToken: 'token',
      }),
    ];
    const notice = inquiryMail('company@example.org', 'Company', {
      name: 'Visitor',
      phone: '9000000000',
      email: 'visitor@example.org',
      subject: 'Hello',
      message: 'A question',
      createdAt: new Date(),
    });
    const tag = unique('lane');
    for (const [i, message] of [...account, notice].entries()) {
      await enqueueMail(t.db, { ...message, to: `${tag}-${i}@example.org` });
    }
    const lanes = await Promise.all(
      [0, 1, 2, 3].map(async (i) => (await rowsTo(`${tag}-${i}@example.org`))[0]?.transactional),
    );
    expect(lanes).toEqual([true, true, true, false]);
  });

  it('logs a failed send by the mail id, without its address, subject or text', async () => {
    const lines: string[] = [];
    const logger = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    const refused = unique('refused');
    const relay = await startSmtpCatcher({ rejectTo: (address) => address.startsWith(refused) });
    const to = `${refused}@example.org`;
    await enqueueMail(t.db, {
      to,
      subject: 'Result of Asha Menon',
      text: 'Confidential body',
      transactional: true,
    });
    const worker = new OutboxWorker(t.db, logger.log, { smtpUrl: relay.smtpUrl, from: FROM });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
      await relay.close();
      await logger.close();
    }
    const [row] = await rowsTo(to);
    // The outbox keeps the relay's answer, which names the recipient, for whoever investigates;
    // the log does not.
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain(`550 <${to}>`);
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'mail send failed');
    expect(failure).toMatchObject({ mailId: row?.id, attempts: 1, failure: { responseCode: 550 } });
    const log = lines.join('\n');
    expect(log).not.toContain(refused);
    expect(log).not.toContain('Asha Menon');
    expect(log).not.toContain('Confidential body');
  });
});
