import { WEEKLY_UPDATE_MESSAGES } from '@pgel/shared/reminders/weekly-updates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records, users } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  type Placement,
  type TestApp,
  type UserFixture,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { createResident, entriesSavedAt, ist, mailTo, notificationsOf, sentTo } from './reminders.fixtures';
import { weeklyUpdateReminder } from './weekly-update';

const NUDGE = 'No logbook entry last week';

/**
 * Issue 30: a resident who saved no entry in a week (Monday to Sunday, India time) gets one nudge,
 * in the app and by mail, at the start of the next week; only residents who may write the
 * logbook, only for weeks from their start, once however often the pass runs.
 */
describe('weekly update nudge', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let medicine: Placement;
  type Name =
    | 'idle'
    | 'lastMinute'
    | 'nextMonday'
    | 'wroteMidweek'
    | 'deletedEntry'
    | 'joinedMidweek'
    | 'joinedOnMonday'
    | 'signedUpMidweek'
    | 'unapproved'
    | 'unpaid'
    | 'blocked'
    | 'deleted'
    | 'unplaced';
  const r = {} as Record<Name, UserFixture>;

  // The week of Monday 07-12-2026 to Sunday 13-12-2026; the pass on the Tuesday after.
  const tuesday = ist('2026-12-15 09:00');

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    medicine = await createPlacement(t.db);
    const db = t.db;
    r.idle = await createResident(db, medicine, { name: 'Asha Menon' });
    r.lastMinute = await createResident(db, medicine);
    r.nextMonday = await createResident(db, medicine);
    r.wroteMidweek = await createResident(db, medicine);
    r.deletedEntry = await createResident(db, medicine);
    r.joinedMidweek = await createResident(db, medicine, { joiningDate: '2026-12-09' });
    r.joinedOnMonday = await createResident(db, medicine, { joiningDate: '2026-12-07' });
    r.signedUpMidweek = await createResident(db, medicine, { since: ist('2026-12-08 11:00') });
    r.unapproved = await createResident(db, medicine, { verifyByHod: false, paid: true });
    r.unpaid = await createResident(db, medicine, { verifyByHod: true, paid: false });
    r.blocked = await createResident(db, medicine, { blocked: true });
    r.deleted = await createResident(db, medicine, { deleted: true });
    r.unplaced = await createResident(db, medicine);
    await db.update(users).set({ departmentId: null }).where(eq(users.id, r.unplaced.id));

    const entry = (resident: UserFixture) => ({
      kind: 'teaching',
      studentId: resident.id,
      placement: medicine,
    });
    // Sunday 23:59 India time is still the week; Monday 00:01 is the next.
    await entriesSavedAt(db, ist('2026-12-13 23:59'), [entry(r.lastMinute)]);
    await entriesSavedAt(db, ist('2026-12-14 00:01'), [entry(r.nextMonday)]);
    await entriesSavedAt(db, ist('2026-12-09 16:00'), [entry(r.wroteMidweek)]);
    const [gone] = await entriesSavedAt(db, ist('2026-12-10 10:00'), [entry(r.deletedEntry)]);
    if (!gone) throw new Error('no entry');
    await db
      .update(records)
      .set({ deletedAt: ist('2026-12-11 10:00') })
      .where(eq(records.id, gone));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is not due before Monday at the reminder hour (08:00 India time)', async () => {
    const report = await t.app.reminders.run(ist('2026-12-14 07:59'));
    // (The month's reminder to guides, due since the 10th, has tests of its own.)
    expect(report.ran && report.kinds.filter((k) => k.kind !== 'month-authentication')).toEqual([
      { kind: 'weekly-update', state: 'not-due' },
      { kind: 'hod-summary', state: 'not-due' },
    ]);
    expect(await mailTo(t.db, r.idle.email, NUDGE)).toHaveLength(0);
  });

  it('nudges each resident with no entry in the week once, in the app (to the dashboard) and by mail', async () => {
    const report = await t.app.reminders.run(tuesday);
    expect(report.ran && report.kinds[0]).toEqual({
      kind: 'weekly-update',
      state: 'sent',
      period: '2026-12-07',
      sent: { recipients: 'resident', count: 4, channels: ['app', 'mail'] },
    });

    for (const resident of [r.idle, r.nextMonday, r.deletedEntry, r.joinedOnMonday]) {
      const [notice, ...more] = await notificationsOf(t.db, resident.id);
      expect(more).toHaveLength(0);
      expect(notice?.description).toBe(WEEKLY_UPDATE_MESSAGES.nudge('2026-12-07'));
      expect(notice?.description).toContain('07-12-2026 to 13-12-2026');
      expect(notice?.url).toBe('/dashboard');
      expect(notice?.fromId).toBeNull();
      expect(await mailTo(t.db, resident.email, NUDGE)).toHaveLength(1);
      expect(await sentTo(t.db, resident.id, 'weekly-update')).toMatchObject([
        { subjectId: resident.id, period: '2026-12-07' },
      ]);
    }

    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(r.idle.email);
    expect(mail.subject).toBe('No logbook entry last week (07-12-2026 to 13-12-2026)');
    expect(mail.text).toContain('Dear Asha Menon,');
    expect(mail.text).toContain(`${APP_URL}/dashboard`);
  });

  it('does not nudge for a week with an entry, before the course or account start, or anyone who may not write', async () => {
    for (const name of [
      'lastMinute',
      'wroteMidweek',
      'joinedMidweek',
      'signedUpMidweek',
      'unapproved',
      'unpaid',
      'blocked',
      'deleted',
      'unplaced',
    ] as const) {
      const resident = r[name];
      expect(await notificationsOf(t.db, resident.id), name).toHaveLength(0);
      expect(await mailTo(t.db, resident.email, NUDGE), name).toHaveLength(0);
    }
  });

  it('sends nothing new however often the pass runs that week', async () => {
    const again = await t.app.reminders.run(ist('2026-12-16 18:00'));
    expect(again.ran && again.kinds[0]).toEqual({
      kind: 'weekly-update',
      state: 'done-earlier',
      period: '2026-12-07',
    });
    // Even a pass that does not know the week was done (the kind run by itself) sends nothing twice.
    const sent = await weeklyUpdateReminder.send({ db: t.db, now: tuesday, appUrl: APP_URL }, '2026-12-07');
    expect(sent.count).toBe(0);
    expect(await notificationsOf(t.db, r.idle.id)).toHaveLength(1);
    expect(await mailTo(t.db, r.idle.email, NUDGE)).toHaveLength(1);
  });

  it('the next week is a new period: the resident approved since is nudged too', async () => {
    await t.db.update(users).set({ verifyByHod: true }).where(eq(users.id, r.unapproved.id));
    const report = await t.app.reminders.run(ist('2026-12-21 08:00'));
    expect(report.ran && report.kinds[0]).toMatchObject({ state: 'sent', period: '2026-12-14' });
    // Everyone but those who saved an entry in 14-12 to 20-12 (nextMonday did, on Monday 00:01:
    // its one nudge is the week before's).
    expect(await notificationsOf(t.db, r.unapproved.id)).toHaveLength(1);
    expect(await notificationsOf(t.db, r.nextMonday.id)).toHaveLength(1);
    expect(await notificationsOf(t.db, r.idle.id)).toHaveLength(2);
    expect(await notificationsOf(t.db, r.joinedMidweek.id)).toHaveLength(1);
  });
});
