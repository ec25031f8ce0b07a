import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index';
import { buildTestApp, createPlacement, post, type TestApp, unique } from '../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../test/smtp-catcher';

const BACKLOG = 1700;
// A relay that takes 30 ms a message: the backlog alone would take about a minute to send.
const RELAY_DELAY_MS = 30;
const PASSWORD = 'Signup-Pass-1';

describe('mail outbox lanes: transactional mail ahead of a bulk backlog', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCatcher({ delayMs: RELAY_DELAY_MS });
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
  });
  afterAll(async () => {
    // Stops the worker after the batch in flight; the rest of the backlog stays queued.
    await t?.close();
    await smtp?.close();
  });

  async function bulkSent(): Promise<number> {
    const [row] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.transactional, false), eq(mailOutbox.status, 'sent')));
    return row?.n ?? 0;
  }

  it('sends a sign-up verification mail within seconds while 1,700 notification mails wait', async () => {
    const placement = await createPlacement(t.db);
    // One statement for the backlog, queued before the sign-up so it is older.
    await t.db.execute(sql`
      insert into mail_outbox ("to", subject, text)
      select 'bulk' || g || '@example.org', 'New entry to verify', 'A student submitted an entry.'
      from generate_series(1, ${BACKLOG}) as g`);
    t.app.outbox.kick();
    // The bulk lane is busy with the backlog before the sign-up comes in.
    const firstBulk = await smtp.waitForMail('bulk1@example.org', 10_000);
    expect(firstBulk.subject).toBe('New entry to verify');

    const email = `${unique('neha')}@example.org`;
    const response = await post(t.app, '/api/v1/auth/signup', {
      collegeId: placement.college.id,
      departmentId: placement.department.id,
      courseId: placement.course.id,
      name: 'Neha Sharma',
      phone: '9123456780',
      email,
      acceptTerms: true,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const answeredAt = Date.now();
    // One queue for all mail took about a minute here; give up well before the test's own timeout.
    const mail = await smtp.waitForMail(email, 15_000);
    const elapsedMs = Date.now() - answeredAt;
    const sent = await bulkSent();

    console.info(
      `verification mail delivered after ${elapsedMs} ms with ${BACKLOG - sent} bulk mails queued`,
    );
    expect(mail.subject).toBe('Verify your email address - PG e-Logbook');
    expect(elapsedMs).toBeLessThan(3000);
    // Most of the backlog is still unsent: the mail did not simply wait for it to finish.
    expect(sent).toBeLessThan(BACKLOG / 2);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row?.transactional).toBe(true);
    // Marked sent once the relay's answer is back, a moment after the catcher has the mail.
    await expect
      .poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0]?.status)
      .toBe('sent');
  });
});
