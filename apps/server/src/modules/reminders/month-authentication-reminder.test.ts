import { MONTH_REMINDER_MESSAGES } from '@pgel/shared/reminders/month-authentication';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthAuthentications, theses } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createRecordRows,
  createUser,
  type Placement,
  type TestApp,
  type UserFixture,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import type { SummaryCell } from './hod-summary-section';
import { monthAuthenticationReminder } from './month-authentication-reminder';
import { monthAuthenticationSection } from './month-authentication-section';
import { createResident, ist, mailTo, notificationsOf, sentTo } from './reminders.fixtures';

const REMINDER = 'Logbook month to authenticate';
const SUMMARY = 'Weekly summary for your department';
const KIND = 'month-authentication';

/** The patient and entry details written into the residents' November: never in any mail. */
const SECRETS = ['Ramesh Kumar', 'IPD-99812', 'Dengue fever', 'Clinical', 'Teaching', 'Remark'];

/**
 * Issue 30: a month not authenticated by the 10th of the next month reminds the guide (the thesis
 * guide once chosen, else the unit head) once per resident and month, in the app and by mail; one
 * still not authenticated on the 20th goes into the HOD's weekly summary. A month changed after
 * its authentication counts as not authenticated.
 */
describe("guide's reminder of months not authenticated", () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let medicine: Placement;
  let surgery: Placement;
  type Name =
    | 'hod'
    | 'meera'
    | 'thesisGuide'
    | 'goneHead'
    | 'surgeon'
    | 'asha'
    | 'ravi'
    | 'kiran'
    | 'neha'
    | 'dev'
    | 'noGuide'
    | 'lateJoiner'
    | 'unpaid'
    | 'bala';
  const s = {} as Record<Name, UserFixture>;

  /** Signs months of a resident straight into the table; `changedAt` marks them changed since. */
  async function sign(resident: UserFixture, placement: Placement, months: string[], changedAt?: Date) {
    await t.db.insert(monthAuthentications).values(
      months.map((month) => ({
        studentId: resident.id,
        collegeId: placement.college.id,
        departmentId: placement.department.id,
        month,
        authenticatedById: s.meera.id,
        authenticatedAt: ist(`${month}-28 10:00`),
        fingerprint: 'v2:test',
        sectionCounts: [],
        verifiedEntries: 1,
        changedAt: changedAt ?? null,
      })),
    );
  }

  /** A resident of Medicine who joined in August 2026, with those months up to October signed. */
  async function resident(name: string, options: { unitHeadId?: string; paid?: boolean } = {}) {
    const person = await createResident(t.db, medicine, {
      name,
      joiningDate: '2026-08-14',
      ...options,
    });
    await sign(person, medicine, ['2026-08', '2026-09', '2026-10']);
    return person;
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    const db = t.db;
    medicine = await createPlacement(db);
    surgery = await createPlacement(db);
    s.hod = await createUser(db, { role: 'hod', placement: medicine, name: 'Dr. Zoya Khan' });
    s.meera = await createUser(db, { role: 'professor', placement: medicine, name: 'Dr. Meera Pillai' });
    s.thesisGuide = await createUser(db, {
      role: 'professor',
      placement: medicine,
      name: 'Dr. Thesis Guide',
    });
    s.goneHead = await createUser(db, {
      role: 'professor',
      placement: medicine,
      name: 'Dr. Left Us',
      blocked: true,
    });
    s.surgeon = await createUser(db, { role: 'professor', placement: surgery, name: 'Dr. Surgeon' });
    const meera = { unitHeadId: s.meera.id };

    // November 2026 not authenticated at all.
    s.asha = await resident('Asha Menon', meera);
    // November authenticated.
    s.ravi = await resident('Ravi Kumar', meera);
    await sign(s.ravi, medicine, ['2026-11']);
    // November authenticated, then an entry changed (before the 10th).
    s.kiran = await resident('Kiran Rao', meera);
    await sign(s.kiran, medicine, ['2026-11'], ist('2026-12-05 10:00'));
    // A thesis guide chosen: the guide is the thesis guide, not the unit head.
    s.neha = await resident('Neha Shah', meera);
    await db.insert(theses).values({
      stage: 'thesis',
      studentId: s.neha.id,
      collegeId: medicine.college.id,
      departmentId: medicine.department.id,
      title: 'A thesis',
      guideId: s.thesisGuide.id,
      guideAt: ist('2026-09-01 10:00'),
    });
    // A unit head who may no longer sign in: nobody to mail; the HOD sees it.
    s.dev = await resident('Dev Patel', { unitHeadId: s.goneHead.id });
    // No guide at all, and September and October not signed either.
    s.noGuide = await createResident(db, medicine, { name: 'Zara Guideless', joiningDate: '2026-08-14' });
    await sign(s.noGuide, medicine, ['2026-08']);
    // November is not a month of this course; and one who may not write the logbook.
    s.lateJoiner = await createResident(db, medicine, {
      name: 'Late Joiner',
      joiningDate: '2026-12-03',
      unitHeadId: s.meera.id,
    });
    s.unpaid = await resident('Not Paid', { ...meera, paid: false });
    // Surgery: its own unit head, its own HOD's business.
    s.bala = await createResident(db, surgery, {
      name: 'Bala Surgical',
      joiningDate: '2026-08-14',
      unitHeadId: s.surgeon.id,
    });
    await sign(s.bala, surgery, ['2026-08', '2026-09', '2026-10']);

    // November's entries, a patient among them, all verified (nothing waits for a verifier).
    for (const person of [s.asha, s.kiran, s.ravi]) {
      await createRecordRows(db, [
        {
          kind: 'clinical-case',
          studentId: person.id,
          placement: medicine,
          status: 'approved',
          date: '2026-11-16',
          summary: 'Dengue fever',
          sensitiveDetails: { name: 'Ramesh Kumar', ipdNo: 'IPD-99812' },
          teacherId: s.meera.id,
          verifiedById: s.meera.id,
          verifiedAt: ist('2026-11-20 10:00'),
        },
        {
          kind: 'teaching',
          studentId: person.id,
          placement: medicine,
          status: 'approved',
          date: '2026-11-18',
          teacherId: s.meera.id,
          verifiedById: s.meera.id,
          verifiedAt: ist('2026-11-20 10:00'),
        },
      ]);
    }
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const nameOf = (cell: SummaryCell | undefined) => (typeof cell === 'object' ? cell.text : cell);
  const department = () => ({ collegeId: medicine.college.id, departmentId: medicine.department.id });

  /** The next mail to `to` caught by SMTP whose subject starts with `subject`. */
  async function mailWithSubject(to: string, subject: string) {
    for (;;) {
      const mail = await smtp.waitForMail(to);
      if (mail.subject.startsWith(subject)) return mail;
    }
  }

  const monthOutcome = async (now: Date) => {
    const report = await t.app.reminders.run(now);
    return report.ran ? report.kinds.find((kind) => kind.kind === KIND) : undefined;
  };

  it('is not due before the 10th of the next month at the reminder hour (08:00 India time)', async () => {
    expect(await monthOutcome(ist('2026-12-09 12:00'))).toEqual({ kind: KIND, state: 'not-due' });
    expect(await monthOutcome(ist('2026-12-10 07:59'))).toEqual({ kind: KIND, state: 'not-due' });
    for (const guide of [s.meera, s.thesisGuide, s.surgeon]) {
      expect(await mailTo(t.db, guide.email, REMINDER)).toHaveLength(0);
      expect(await notificationsOf(t.db, guide.id)).toHaveLength(0);
    }
  });

  it("from the 10th, reminds each guide once of their residents' month not authenticated, in the app and by mail", async () => {
    expect(await monthOutcome(ist('2026-12-10 08:00'))).toEqual({
      kind: KIND,
      state: 'sent',
      period: '2026-11',
      sent: { recipients: 'guide', count: 3, channels: ['app', 'mail'] },
    });

    // Meera: Asha (never signed) and Kiran (changed after authentication), in one notice and mail.
    const [notice, ...more] = await notificationsOf(t.db, s.meera.id);
    expect(more).toHaveLength(0);
    expect(notice?.description).toBe(MONTH_REMINDER_MESSAGES.notice('2026-11', ['Asha Menon', 'Kiran Rao']));
    expect(notice?.description).toContain('November 2026');
    expect(notice?.description).toContain('due by 10-12-2026');
    expect(notice?.url).toBe('/dashboard');
    expect(await mailTo(t.db, s.meera.email, REMINDER)).toHaveLength(1);
    const rows = await sentTo(t.db, s.meera.id, KIND);
    expect(rows.map((row) => row.subjectId).sort()).toEqual([s.asha.id, s.kiran.id].sort());
    expect(rows.every((row) => row.period === '2026-11' && row.collegeId === medicine.college.id)).toBe(true);

    // The thesis guide, not the unit head, for Neha: a notice that opens her month.
    const [thesisNotice] = await notificationsOf(t.db, s.thesisGuide.id);
    expect(thesisNotice?.description).toBe(MONTH_REMINDER_MESSAGES.notice('2026-11', ['Neha Shah']));
    expect(thesisNotice?.url).toBe(`/authentication/${s.neha.id}?month=2026-11`);
    expect(await sentTo(t.db, s.thesisGuide.id, KIND)).toMatchObject([{ subjectId: s.neha.id }]);

    // Surgery's guide for Bala; a blocked unit head gets nothing.
    expect(await mailTo(t.db, s.surgeon.email, REMINDER)).toHaveLength(1);
    expect(await mailTo(t.db, s.goneHead.email, REMINDER)).toHaveLength(0);
    expect(await sentTo(t.db, s.goneHead.id, KIND)).toHaveLength(0);

    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(s.meera.email);
    expect(mail.subject).toBe('Logbook month to authenticate: November 2026');
    expect(mail.text).toContain('Dear Dr. Meera Pillai,');
    expect(mail.text).toContain('November 2026 was to be authenticated by 10-12-2026.');
    const lines = mail.text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      `- Asha Menon: ${APP_URL}/authentication/${s.asha.id}?month=2026-11`,
      `- Kiran Rao (changed after authentication): ${APP_URL}/authentication/${s.kiran.id}?month=2026-11`,
    ]);
    expect(mail.text).toContain('20-12-2026');
    for (const absent of ['Ravi Kumar', 'Neha Shah', 'Late Joiner', 'Not Paid', 'record=', ...SECRETS]) {
      expect(mail.text, absent).not.toContain(absent);
    }
    const thesisMail = await smtp.waitForMail(s.thesisGuide.email);
    expect(thesisMail.text).toContain(`- Neha Shah: ${APP_URL}/authentication/${s.neha.id}?month=2026-11`);
  });

  it('sends nothing again however often the pass runs; a resident newly behind is the only one in the next mail', async () => {
    expect(await monthOutcome(ist('2026-12-11 09:00'))).toEqual({
      kind: KIND,
      state: 'done-earlier',
      period: '2026-11',
    });
    // The kind run by itself (a pass that does not know the month was done) sends nothing twice.
    const context = { db: t.db, now: ist('2026-12-12 09:00'), appUrl: APP_URL };
    expect((await monthAuthenticationReminder.send(context, '2026-11')).count).toBe(0);
    expect(await notificationsOf(t.db, s.meera.id)).toHaveLength(1);
    expect(await mailTo(t.db, s.meera.email, REMINDER)).toHaveLength(1);

    // A resident placed with Meera since: the next run's mail names only her.
    const maya = await resident('Maya Iyer', { unitHeadId: s.meera.id });
    expect((await monthAuthenticationReminder.send(context, '2026-11')).count).toBe(1);
    const [, second] = await mailTo(t.db, s.meera.email, REMINDER);
    expect(second?.text).toContain(`- Maya Iyer: ${APP_URL}/authentication/${maya.id}?month=2026-11`);
    expect(second?.text).not.toContain('Asha Menon');
    expect(await sentTo(t.db, s.meera.id, KIND)).toHaveLength(3);
    expect((await monthAuthenticationReminder.send(context, '2026-11')).count).toBe(0);
  });

  it("goes into the HOD's summary from the 20th of the next month, not before", async () => {
    // The summary of Monday 14-12-2026 names Zara's September and October, not November yet.
    await t.app.reminders.run(ist('2026-12-14 09:00'));
    const [before] = await mailTo(t.db, s.hod.email, `${SUMMARY}, week of 14-12-2026`);
    expect(before?.text).toContain(
      '- Zara Guideless (No guide: no thesis guide or unit head): Month September 2026 (and 1 more month), Days overdue 65',
    );
    expect(before?.text).not.toContain('November 2026');
    expect(before?.text).not.toContain('Asha Menon');
    const names = async (now: Date) =>
      (await monthAuthenticationSection(t.db, department(), now))?.rows.map((row) => nameOf(row[0]));
    expect(await names(ist('2026-12-19 23:59'))).toEqual(['Zara Guideless']);
    expect(await names(ist('2026-12-20 00:00'))).toContain('Asha Menon');

    // Monday 21-12-2026: the summary lists them, most overdue first.
    await t.app.reminders.run(ist('2026-12-21 09:00'));
    const [queued, ...more] = await mailTo(t.db, s.hod.email, `${SUMMARY}, week of 21-12-2026`);
    expect(more).toHaveLength(0);
    expect(queued?.subject).toBe(`${SUMMARY}, week of 21-12-2026 to 27-12-2026`);
    await t.app.outbox.drain();
    const mail = await mailWithSubject(s.hod.email, `${SUMMARY}, week of 21-12-2026`);
    const rows = mail.text.split('\n').filter((line) => line.startsWith('- '));
    expect(rows).toEqual([
      '- Zara Guideless (No guide: no thesis guide or unit head): Month September 2026 (and 2 more months), Days overdue 72',
      '- Asha Menon (Unit head: Dr. Meera Pillai): Month November 2026, Days overdue 11',
      '- Dev Patel (Unit head: Dr. Left Us, no longer active): Month November 2026, Days overdue 11',
      '- Kiran Rao (Unit head: Dr. Meera Pillai): Month November 2026 (changed after authentication), Days overdue 11',
      '- Maya Iyer (Unit head: Dr. Meera Pillai): Month November 2026, Days overdue 11',
      '- Neha Shah (Thesis guide: Dr. Thesis Guide): Month November 2026, Days overdue 11',
    ]);
    expect(mail.text).toContain('Months not authenticated');
    expect(mail.text).toContain(`${APP_URL}/dashboard`);
    expect(mail.html).toContain('Months not authenticated');
    expect(mail.html).toContain(
      'Kiran Rao</strong><br><span style="font-size:13px;color:#4a5a60">Unit head: Dr. Meera Pillai</span>',
    );
    for (const body of [mail.text, mail.html]) {
      for (const absent of ['Ravi Kumar', 'Late Joiner', 'Not Paid', 'Bala Surgical', ...SECRETS]) {
        expect(body, absent).not.toContain(absent);
      }
    }
    // Surgery's HOD business stays Surgery's: Bala is not in Medicine's summary (above).
  });

  it('counts a month changed after authentication from the day it changed, when that is later than the 10th', async () => {
    // Ravi's October, signed in October, changes on 15-12-2026.
    await t.db
      .update(monthAuthentications)
      .set({ changedAt: ist('2026-12-15 10:00') })
      .where(and(eq(monthAuthentications.studentId, s.ravi.id), eq(monthAuthentications.month, '2026-10')));
    const row = async (now: Date) =>
      (await monthAuthenticationSection(t.db, department(), now))?.rows.find(
        (r) => nameOf(r[0]) === 'Ravi Kumar',
      );
    expect((await row(ist('2026-12-21 09:00')))?.slice(1)).toEqual([
      { text: 'October 2026', detail: 'changed after authentication' },
      '6',
    ]);
    expect((await row(ist('2027-01-05 09:00')))?.slice(1)).toEqual([
      { text: 'October 2026', detail: 'changed after authentication' },
      '21',
    ]);
  });
});
