import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema/index';
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
import { indiaDay, VerificationDigest } from './verification-digest';

const SUBJECT = '% waiting for your verification';

/** Issue 10: faculty on the daily digest get one mail a day listing what waits for them. */
describe('verification digest', () => {
  let t: TestApp;
  let medicine: Placement;
  let surgery: Placement;
  let professor: UserFixture;
  let hod: UserFixture;
  let eachMode: UserFixture;
  let surgeon: UserFixture;
  let blocked: UserFixture;
  let idle: UserFixture;
  let asha: UserFixture;
  let bala: UserFixture;
  const ids: Record<string, string> = {};
  let queued = 0;

  const job = () =>
    new VerificationDigest({ db: t.db, log: t.app.log, appUrl: APP_URL, hour: 7, onQueued: () => queued++ });
  const digestsTo = (to: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, SUBJECT)));

  beforeAll(async () => {
    t = await buildTestApp();
    medicine = await createPlacement(t.db);
    surgery = await createPlacement(t.db);
    professor = await createUser(t.db, { role: 'professor', placement: medicine, name: 'Dr. Meera Pillai' });
    hod = await createUser(t.db, { role: 'hod', placement: medicine, name: 'Dr. Zoya Khan' });
    eachMode = await createUser(t.db, { role: 'assistant_professor', placement: medicine });
    await t.db.update(users).set({ verificationMail: 'each' }).where(eq(users.id, eachMode.id));
    blocked = await createUser(t.db, { role: 'professor', placement: medicine, blocked: true });
    surgeon = await createUser(t.db, { role: 'professor', placement: surgery });
    idle = await createUser(t.db, { role: 'professor', placement: await createPlacement(t.db) });
    asha = await createUser(t.db, { placement: medicine, name: 'Asha Menon' });
    bala = await createUser(t.db, { placement: medicine, name: 'Bala Subramanian' });
    const patient = {
      sensitiveDetails: { name: 'Ramesh Kumar', ipdNo: 'IPD-99812' },
      summary: 'Dengue fever',
    };
    const rows = await createRecordRows(t.db, [
      // Named teacher: the professor.
      { kind: 'clinical-case', studentId: bala.id, placement: medicine, teacherId: professor.id, ...patient },
      {
        kind: 'teaching',
        studentId: asha.id,
        placement: medicine,
        teacherId: professor.id,
        date: '2026-11-20',
      },
      { kind: 'opd', studentId: asha.id, placement: medicine, teacherId: professor.id, date: '2026-11-21' },
      // No teacher named: the whole department's.
      { kind: 'leave', studentId: asha.id, placement: medicine, date: '2026-11-22' },
      // Not the professor's: another teacher named, already verified, in another department.
      { kind: 'teaching', studentId: bala.id, placement: medicine, teacherId: eachMode.id },
      {
        kind: 'teaching',
        studentId: asha.id,
        placement: medicine,
        teacherId: professor.id,
        status: 'approved',
      },
      { kind: 'leave', studentId: asha.id, placement: surgery },
    ]);
    const names = ['clinicalCase', 'teaching', 'opd', 'leave', 'otherTeacher', 'approved', 'surgeryLeave'];
    for (const [i, name] of names.entries()) ids[name] = rows[i] as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('India time: 01:29 UTC is 06:59 that day, 18:30 UTC is midnight of the next', () => {
    expect(indiaDay(new Date('2026-11-25T01:29:00Z'))).toEqual({
      hour: 6,
      dayStart: new Date('2026-11-24T18:30:00Z'),
    });
    expect(indiaDay(new Date('2026-11-25T18:30:00Z'))).toEqual({
      hour: 0,
      dayStart: new Date('2026-11-25T18:30:00Z'),
    });
  });

  it('sends nothing before the configured hour (India time)', async () => {
    expect(await job().runOnce(new Date('2026-11-25T01:29:00Z'))).toBe(0);
    expect(await digestsTo(professor.email)).toHaveLength(0);
  });

  it('after the hour: one mail per person, pending entries by student with links, no patient data', async () => {
    expect(await job().runOnce(new Date('2026-11-25T01:40:00Z'))).toBe(3);
    expect(queued).toBe(1);

    const [mail, ...more] = await digestsTo(professor.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('4 entries waiting for your verification');
    expect(mail?.transactional).toBe(false);
    const text = mail?.text ?? '';
    expect(text).toContain('Dear Dr. Meera Pillai,');
    // By student name: Asha's three, then Bala's one.
    const asha3 = text.indexOf('Asha Menon (3)');
    const bala1 = text.indexOf('Bala Subramanian (1)');
    expect(asha3).toBeGreaterThan(0);
    expect(bala1).toBeGreaterThan(asha3);
    expect(text).toContain(
      `- Teaching Experience, 20-11-2026: ${APP_URL}/task/teaching?record=${ids.teaching}&verify=1\n`,
    );
    // Each link opens the entry's verification at once (issue 30).
    expect(text).toContain(
      `- Leave Records, 22-11-2026: ${APP_URL}/task/leave?record=${ids.leave}&verify=1\n`,
    );
    expect(text.indexOf(`record=${ids.clinicalCase}`)).toBeGreaterThan(bala1);
    for (const absent of [ids.otherTeacher, ids.approved, ids.surgeryLeave])
      expect(text).not.toContain(absent);
    for (const secret of ['Ramesh', 'IPD-99812', 'Dengue']) expect(text).not.toContain(secret);

    // The HOD is named nowhere: only the department's entry without a teacher.
    const [toHod] = await digestsTo(hod.email);
    expect(toHod?.subject).toBe('1 entry waiting for your verification');
    expect(toHod?.text).toContain(`record=${ids.leave}`);
    expect(toHod?.text).not.toContain(`record=${ids.teaching}`);

    // Surgery's faculty: Surgery's entry only.
    const [toSurgeon] = await digestsTo(surgeon.email);
    expect(toSurgeon?.subject).toBe('1 entry waiting for your verification');
    expect(toSurgeon?.text).toContain(`record=${ids.surgeryLeave}`);

    // One mail per entry chosen, blocked, nothing pending: no digest.
    expect(await digestsTo(eachMode.email)).toHaveLength(0);
    expect(await digestsTo(blocked.email)).toHaveLength(0);
    expect(await digestsTo(idle.email)).toHaveLength(0);
  });

  it('sends nothing more the same day, however often it runs', async () => {
    expect(await job().runOnce(new Date('2026-11-25T02:00:00Z'))).toBe(0);
    expect(await job().runOnce(new Date('2026-11-25T17:00:00Z'))).toBe(0);
    expect(await digestsTo(professor.email)).toHaveLength(1);
  });

  it('the next day, two servers running at once send each person one digest', async () => {
    const now = new Date('2026-11-26T03:00:00Z');
    const [first, second] = await Promise.all([job().runOnce(now), job().runOnce(now)]);
    expect((first ?? 0) + (second ?? 0)).toBe(3);
    expect(await digestsTo(professor.email)).toHaveLength(2);
    expect(await digestsTo(hod.email)).toHaveLength(2);
  });

  it('a faculty member who switches to one mail per entry gets no digest', async () => {
    await t.db.update(users).set({ verificationMail: 'each' }).where(eq(users.id, professor.id));
    expect(await job().runOnce(new Date('2026-11-27T03:00:00Z'))).toBe(2);
    expect(await digestsTo(professor.email)).toHaveLength(2);
    expect(await digestsTo(hod.email)).toHaveLength(3);
  });
});
