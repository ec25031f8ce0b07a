import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { buildTestApp, createUser, post, type TestApp } from '../../test/helpers';
import { createReferenceWorld, type ReferenceWorld } from '../../test/reference-world';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';

const NEW_PASSWORD = 'Master-Set-Pass-7';

/** Issue 10: a password set by Master is told to its owner by e-mail, never with the password. */
describe("Master's password reset tells the user by e-mail", () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    w = await createReferenceWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const master = () => ({ cookie: w.actors.master.cookie });

  async function outboxRow(to: string) {
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, 'Your password was changed - PG e-Logbook')));
    return rows;
  }

  it('a staff member gets one transactional mail with the staff sign-in link and no password', async () => {
    const staff = await createUser(t.db, { role: 'professor', placement: w.north, name: 'Dr. Leela Nair' });
    const response = await post(
      t.app,
      `/api/v1/staff/${staff.id}/password`,
      { newPassword: NEW_PASSWORD },
      master(),
    );
    expect(response.statusCode, response.body).toBe(200);
    await t.app.outbox.drain();

    const mail = await smtp.waitForMail(staff.email);
    expect(mail.subject).toBe('Your password was changed - PG e-Logbook');
    expect(mail.text).toContain('Dear Dr. Leela Nair,');
    expect(mail.text).toContain('http://app.test/staffLogin');
    expect(mail.text).not.toContain(NEW_PASSWORD);
    const rows = await outboxRow(staff.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transactional: true, status: 'sent' });
  });

  it('a student gets one transactional mail with the student sign-in link and no password', async () => {
    const student = await createUser(t.db, { placement: w.north, name: 'Dr. Kiran Das' });
    const response = await post(
      t.app,
      `/api/v1/students/${student.id}/password`,
      { newPassword: NEW_PASSWORD },
      master(),
    );
    expect(response.statusCode, response.body).toBe(200);
    await t.app.outbox.drain();

    const mail = await smtp.waitForMail(student.email);
    expect(mail.text).toContain('Dear Dr. Kiran Das,');
    expect(mail.text).toContain('http://app.test/login');
    expect(mail.text).not.toContain('staffLogin');
    expect(mail.text).not.toContain(NEW_PASSWORD);
    const rows = await outboxRow(student.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transactional: true, status: 'sent' });
  });

  it('a refused reset mails nobody', async () => {
    const student = await createUser(t.db, { placement: w.north });
    const refused = await post(
      t.app,
      `/api/v1/students/${student.id}/password`,
      { newPassword: NEW_PASSWORD },
      { cookie: w.actors.hod.cookie },
    );
    expect(refused.statusCode).toBe(403);
    await t.app.outbox.drain();
    expect(await outboxRow(student.email)).toHaveLength(0);
  });
});
