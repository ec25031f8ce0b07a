import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records, users } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createUser,
  type Placement,
  type RecordRowOptions,
  type TestApp,
  type UserFixture,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { hodSummaryReminder } from './hod-summary';
import { createResident, entriesSavedAt, ist, mailTo, sentTo } from './reminders.fixtures';

const SUMMARY = 'Weekly summary for your department';

/**
 * Issue 30: verifiers with an entry pending more than 14 days, or more than 25 pending, go into
 * the HOD's weekly summary: one mail a week per HOD, counts and dates only.
 */
describe("HOD's weekly summary", () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let medicine: Placement;
  let surgery: Placement;
  type Name =
    | 'hod'
    | 'secondHod'
    | 'blockedHod'
    | 'surgeryHod'
    | 'slow'
    | 'busy'
    | 'full'
    | 'recent'
    | 'reset'
    | 'gone'
    | 'asha';
  const s = {} as Record<Name, UserFixture>;

  // The pass on Tuesday 15-12-2026: the summary of the week of 14-12-2026.
  const tuesday = ist('2026-12-15 09:00');

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    const db = t.db;
    medicine = await createPlacement(t.db);
    surgery = await createPlacement(t.db);
    s.hod = await createUser(db, { role: 'hod', placement: medicine, name: 'Dr. Zoya Khan' });
    s.secondHod = await createUser(db, { role: 'hod', placement: medicine });
    s.blockedHod = await createUser(db, { role: 'hod', placement: medicine, blocked: true });
    s.surgeryHod = await createUser(db, { role: 'hod', placement: surgery });
    s.slow = await createUser(db, { role: 'professor', placement: medicine, name: 'Dr. Meera Pillai' });
    s.busy = await createUser(db, {
      role: 'associate_professor',
      placement: medicine,
      name: 'Dr. Ravi <Nair>',
    });
    s.full = await createUser(db, { role: 'assistant_professor', placement: medicine, name: 'Dr. At Limit' });
    s.recent = await createUser(db, { role: 'professor', placement: medicine, name: 'Dr. Thirteen Days' });
    s.reset = await createUser(db, { role: 'professor', placement: medicine, name: 'Dr. Reset Lately' });
    s.gone = await createUser(db, {
      role: 'professor',
      placement: medicine,
      name: 'Dr. Left Us',
      blocked: true,
    });
    // Joined in November: no month of hers is the HOD's business (months not authenticated) yet.
    s.asha = await createResident(db, medicine, { name: 'Asha Menon', joiningDate: '2026-11-02' });

    const pending = (
      teacher: UserFixture | null,
      extra: Partial<RecordRowOptions> = {},
    ): RecordRowOptions => ({
      kind: 'teaching',
      studentId: s.asha.id,
      placement: medicine,
      teacherId: teacher?.id ?? null,
      ...extra,
    });
    // Meera: three pending, the oldest submitted 15 days before the pass, with a patient.
    await entriesSavedAt(db, ist('2026-11-30 08:00'), [
      pending(s.slow, {
        kind: 'clinical-case',
        summary: 'Dengue fever',
        sensitiveDetails: { name: 'Ramesh Kumar', ipdNo: 'IPD-99812' },
      }),
    ]);
    await entriesSavedAt(db, ist('2026-12-14 10:00'), [pending(s.slow), pending(s.slow)]);
    // Ravi: 26 pending, all recent. The assistant professor: exactly 25, not more.
    await entriesSavedAt(
      db,
      ist('2026-12-12 10:00'),
      Array.from({ length: 26 }, () => pending(s.busy)),
    );
    await entriesSavedAt(
      db,
      ist('2026-12-12 10:00'),
      Array.from({ length: 25 }, () => pending(s.full)),
    );
    // Thirteen days, and a verified one of long ago: neither counts.
    await entriesSavedAt(db, ist('2026-12-02 10:00'), [
      pending(s.recent),
      pending(s.recent, {
        status: 'approved',
        verifiedById: s.recent.id,
        verifiedAt: ist('2026-12-03 10:00'),
      }),
    ]);
    // Submitted a month ago but reset to Pending three days ago: it waits from the reset.
    const [resetId] = await entriesSavedAt(db, ist('2026-11-10 10:00'), [pending(s.reset)]);
    await db
      .update(records)
      .set({ amendedAt: ist('2026-12-12 10:00') })
      .where(eq(records.id, resetId as string));
    // No teacher named (any faculty verifies it), 20 days; a teacher no longer active, 16 days.
    await entriesSavedAt(db, ist('2026-11-25 10:00'), [pending(null, { kind: 'leave' })]);
    await entriesSavedAt(db, ist('2026-11-29 10:00'), [pending(s.gone)]);
    // Surgery: nothing waits long.
    const surgeon = await createUser(db, { role: 'professor', placement: surgery });
    const bala = await createResident(db, surgery, { joiningDate: '2026-11-02' });
    await entriesSavedAt(db, ist('2026-12-14 10:00'), [
      { kind: 'teaching', studentId: bala.id, placement: surgery, teacherId: surgeon.id },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails each HOD once with the verifiers behind: counts and dates, never an entry or a patient', async () => {
    const report = await t.app.reminders.run(tuesday);
    expect(report.ran && report.kinds[1]).toEqual({
      kind: 'hod-summary',
      state: 'sent',
      period: '2026-12-14',
      sent: { recipients: 'hod', count: 2, channels: ['mail'] },
    });
    const [queued, ...more] = await mailTo(t.db, s.hod.email, SUMMARY);
    expect(more).toHaveLength(0);
    expect(queued?.transactional).toBe(false);

    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(s.hod.email);
    expect(mail.subject).toBe('Weekly summary for your department, week of 14-12-2026 to 20-12-2026');
    const lines = mail.text.split('\n');
    const rows = lines.filter((line) => line.startsWith('- '));
    expect(rows).toEqual([
      '- Dr. Meera Pillai (Professor): Pending 3, Over 14 days 1, Waiting since 30-11-2026',
      '- Any faculty of the department (no teacher named): Pending 1, Over 14 days 1, Waiting since 25-11-2026',
      '- Dr. Left Us (Professor, no longer active): Pending 1, Over 14 days 1, Waiting since 29-11-2026',
      '- Dr. Ravi <Nair> (Associate Professor): Pending 26, Over 14 days 0, Waiting since 12-12-2026',
    ]);
    expect(mail.text).toContain('Dear Dr. Zoya Khan,');
    expect(mail.text).toContain(`${APP_URL}/reports?status=pending`);
    // The HTML part holds the same table, names escaped.
    expect(mail.html).toContain('<table');
    expect(mail.html).toContain('Dr. Ravi &lt;Nair&gt;');
    expect(mail.html).not.toContain('<Nair>');
    for (const body of [mail.text, mail.html]) {
      for (const absent of [
        'Dr. At Limit',
        'Dr. Thirteen Days',
        'Dr. Reset Lately',
        'Asha Menon',
        'Ramesh',
        'IPD-99812',
        'Dengue',
        'Teaching',
        'record=',
      ]) {
        expect(body, absent).not.toContain(absent);
      }
    }

    // The department's second HOD gets the same; a blocked HOD and Surgery's (nothing to say) none.
    expect(await mailTo(t.db, s.secondHod.email, SUMMARY)).toHaveLength(1);
    expect(await mailTo(t.db, s.blockedHod.email, SUMMARY)).toHaveLength(0);
    expect(await mailTo(t.db, s.surgeryHod.email, SUMMARY)).toHaveLength(0);
    expect(await sentTo(t.db, s.hod.id, 'hod-summary')).toMatchObject([
      { subjectId: medicine.department.id, period: '2026-12-14', collegeId: medicine.college.id },
    ]);
  });

  it('one a week per HOD, however often the pass runs', async () => {
    const again = await t.app.reminders.run(ist('2026-12-20 23:00'));
    expect(again.ran && again.kinds[1]).toEqual({
      kind: 'hod-summary',
      state: 'done-earlier',
      period: '2026-12-14',
    });
    const direct = await hodSummaryReminder.send(
      { db: t.db, now: ist('2026-12-18 09:00'), appUrl: APP_URL },
      '2026-12-14',
    );
    expect(direct.count).toBe(0);
    expect(await mailTo(t.db, s.hod.email, SUMMARY)).toHaveLength(1);
  });

  it('the next week brings the next summary, as things then stand', async () => {
    // Meera verified her old entry; Ravi's are now eight days old.
    await t.db
      .update(records)
      .set({ status: 'approved' })
      .where(inArray(records.teacherId, [s.slow.id]));
    await t.db.update(users).set({ blocked: false }).where(eq(users.id, s.blockedHod.id));
    await t.app.reminders.run(ist('2026-12-21 09:00'));
    const [, next] = await mailTo(t.db, s.hod.email, SUMMARY);
    expect(next?.subject).toBe('Weekly summary for your department, week of 21-12-2026 to 27-12-2026');
    expect(next?.text).not.toContain('Dr. Meera Pillai');
    expect(next?.text).toContain('- Dr. Ravi <Nair> (Associate Professor): Pending 26, Over 14 days 0,');
    expect(await mailTo(t.db, s.blockedHod.email, SUMMARY)).toHaveLength(1);
  });
});
