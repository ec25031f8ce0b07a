import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, reminderPasses, sentReminders } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createUser,
  type Placement,
  type TestApp,
  type UserFixture,
} from '../../test/helpers';
import { hodSummaryReminder } from './hod-summary';
import { monthAuthenticationReminder } from './month-authentication-reminder';
import { type PassReport, ReminderPass } from './reminder-pass';
import { claimPass } from './reminder-pass.repository';
import { createResident, entriesSavedAt, ist } from './reminders.fixtures';
import { weeklyUpdateReminder } from './weekly-update';

const RESIDENTS = 30;

/** How many rows each user has in a table keyed by user, for the users given. */
async function countsPerUser(t: TestApp, table: 'notifications' | 'sent_reminders', ids: string[]) {
  const column = table === 'notifications' ? notifications.toId : sentReminders.userId;
  const from = table === 'notifications' ? notifications : sentReminders;
  const rows = await t.db
    .select({ userId: column, n: sql<number>`count(*)::int` })
    .from(from)
    .where(sql`${column} in ${ids}`)
    .groupBy(column);
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/**
 * Issue 30: a pass is claimed with one statement, so two app servers never both run it; and each
 * reminder goes once per person, subject and period even when passes do overlap.
 */
describe('reminder pass', () => {
  let t: TestApp;
  let medicine: Placement;
  const residents: UserFixture[] = [];
  const hods: UserFixture[] = [];
  let guide: UserFixture;
  const server = () =>
    new ReminderPass({
      db: t.db,
      log: t.app.log,
      appUrl: APP_URL,
      schedule: { hour: 8 },
      onQueued: () => {},
    });
  const sentCount = (report: PassReport, kind: string) =>
    report.ran
      ? report.kinds.reduce((n, k) => n + (k.kind === kind && k.state === 'sent' ? k.sent.count : 0), 0)
      : 0;

  beforeAll(async () => {
    t = await buildTestApp();
    medicine = await createPlacement(t.db);
    // One guide (the unit head) of every resident, all joined in November: one reminder listing 30.
    guide = await createUser(t.db, { role: 'professor', placement: medicine });
    for (let i = 0; i < RESIDENTS; i += 1) {
      residents.push(
        await createResident(t.db, medicine, { joiningDate: '2026-11-02', unitHeadId: guide.id }),
      );
    }
    for (let i = 0; i < 3; i += 1) hods.push(await createUser(t.db, { role: 'hod', placement: medicine }));
    const teacher = await createUser(t.db, { role: 'professor', placement: medicine });
    await entriesSavedAt(t.db, ist('2026-11-20 10:00'), [
      {
        kind: 'teaching',
        studentId: (residents[0] as UserFixture).id,
        placement: medicine,
        teacherId: teacher.id,
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two servers passing at once send each reminder exactly once', async () => {
    const now = ist('2026-12-15 09:00');
    const reports = await Promise.all([server().run(now), server().run(now), server().run(now)]);
    expect(reports.reduce((n, report) => n + sentCount(report, 'weekly-update'), 0)).toBe(RESIDENTS);
    expect(reports.reduce((n, report) => n + sentCount(report, 'hod-summary'), 0)).toBe(hods.length);
    expect(reports.reduce((n, report) => n + sentCount(report, 'month-authentication'), 0)).toBe(1);
    expect((await countsPerUser(t, 'sent_reminders', [guide.id])).get(guide.id)).toBe(RESIDENTS);
    const ids = residents.map((r) => r.id);
    const notices = await countsPerUser(t, 'notifications', ids);
    expect(ids.map((id) => notices.get(id))).toEqual(ids.map(() => 1));
    const mails = await t.db
      .select({ to: mailOutbox.to, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .groupBy(mailOutbox.to);
    const byAddress = new Map(mails.map((row) => [row.to, row.n]));
    for (const person of [...residents, ...hods, guide]) {
      expect(byAddress.get(person.email), person.email).toBe(1);
    }
  });

  it('kinds racing without the claim (a claim that ran out) still send each reminder once', async () => {
    const context = { db: t.db, now: ist('2026-12-22 09:00'), appUrl: APP_URL };
    const nudges = await Promise.all([1, 2, 3].map(() => weeklyUpdateReminder.send(context, '2026-12-14')));
    expect(nudges.reduce((n, sent) => n + sent.count, 0)).toBe(RESIDENTS);
    const summaries = await Promise.all([1, 2, 3].map(() => hodSummaryReminder.send(context, '2026-12-21')));
    expect(summaries.reduce((n, sent) => n + sent.count, 0)).toBe(hods.length);
    // A month's reminders racing: the guide is told of each resident once, in one mail.
    const months = await Promise.all(
      [1, 2, 3].map(() => monthAuthenticationReminder.send(context, '2026-12')),
    );
    expect(months.reduce((n, sent) => n + sent.count, 0)).toBe(1);
    expect((await countsPerUser(t, 'sent_reminders', [guide.id])).get(guide.id)).toBe(2 * RESIDENTS);
    expect((await countsPerUser(t, 'notifications', [guide.id])).get(guide.id)).toBe(2);
    const ids = residents.map((r) => r.id);
    const rows = await countsPerUser(t, 'sent_reminders', ids);
    expect(ids.map((id) => rows.get(id))).toEqual(ids.map(() => 2));
    const notices = await countsPerUser(t, 'notifications', ids);
    expect(ids.map((id) => notices.get(id))).toEqual(ids.map(() => 2));
  });

  it('does nothing while another pass holds the claim, and takes over a claim that ran out', async () => {
    expect(
      await claimPass(t.db, { name: 'reminders', runner: crypto.randomUUID(), leaseSeconds: 600 }),
    ).not.toBeNull();
    expect(await server().run(ist('2026-12-29 09:00'))).toEqual({ ran: false });
    await t.db.update(reminderPasses).set({ runningUntil: sql`now() - interval '1 second'` });
    const report = await server().run(ist('2026-12-29 09:00'));
    expect(report.ran).toBe(true);
    expect(sentCount(report, 'weekly-update')).toBe(RESIDENTS);
  });

  it('a pass that fails before its commit leaves the reminders due', async () => {
    const victim = residents[5] as UserFixture;
    // The mail of one resident cannot be queued: the whole page's transaction rolls back.
    await t.db.execute(
      sql.raw(`create function pgel_test_refuse_mail() returns trigger language plpgsql as $$
        begin
          if new."to" = '${victim.email}' then raise exception 'mail refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger pgel_test_refuse_mail before insert on mail_outbox for each row execute function pgel_test_refuse_mail()',
      ),
    );
    const now = ist('2027-01-05 09:00');
    await expect(server().run(now)).rejects.toThrow();
    const period = '2026-12-28';
    const afterFailure = await t.db
      .select()
      .from(sentReminders)
      .where(sql`${sentReminders.kind} = 'weekly-update' and ${sentReminders.period} = ${period}`);
    expect(afterFailure).toHaveLength(0);

    await t.db.execute(sql.raw('drop trigger pgel_test_refuse_mail on mail_outbox'));
    const report = await server().run(now);
    expect(sentCount(report, 'weekly-update')).toBe(RESIDENTS);
  });
});
