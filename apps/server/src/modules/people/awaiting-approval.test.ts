import {
  awaitingApprovalPath,
  NOTIFICATION_TEXT,
  NotificationListSchema,
} from '@pgel/shared/schemas/notifications';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createCourse,
  createDepartment,
  createPlacement,
  createUser,
  freshIp,
  get,
  linkDepartment,
  linkFrom,
  login,
  type Placement,
  post,
  type TestApp,
  type UserFixture,
  unique,
  uniquePhone,
} from '../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { VerificationDigest } from '../records/verification-digest';

const PASSWORD = 'Signup-Pass-1';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 28: a resident who signs up and verifies their address waits for approval; the HOD and
 * faculty of their college and department are told in the app and by mail, the day's first at
 * once and later ones in the next daily digest; approving the resident marks the notices read.
 */
describe('a new resident awaiting approval', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let medicine: Placement;
  let hod: UserFixture;
  let professor: UserFixture;
  let perEntry: UserFixture;
  /** Staff who must hear nothing: other department, other college, blocked, unconfirmed, deleted, Master. */
  let untold: UserFixture[];
  const residents: Array<{ id: string; name: string; email: string }> = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    medicine = await createPlacement(t.db);
    const surgeryDepartment = await createDepartment(t.db);
    await linkDepartment(t.db, medicine.college.id, surgeryDepartment.id);
    const surgery: Placement = {
      college: medicine.college,
      department: surgeryDepartment,
      course: await createCourse(t.db, surgeryDepartment.id),
    };
    // The same department in another college.
    const elsewhere = await createPlacement(t.db, { departmentName: medicine.department.name });

    hod = await createUser(t.db, { role: 'hod', placement: medicine, name: 'Dr. Zoya Khan' });
    professor = await createUser(t.db, { role: 'professor', placement: medicine, name: 'Dr. Meera Pillai' });
    perEntry = await createUser(t.db, { role: 'assistant_professor', placement: medicine });
    await t.db.update(users).set({ verificationMail: 'each' }).where(eq(users.id, perEntry.id));
    const unconfirmed = await createUser(t.db, { role: 'professor', placement: medicine });
    await t.db.update(users).set({ confirmation: 'awaiting' }).where(eq(users.id, unconfirmed.id));
    untold = [
      await createUser(t.db, { role: 'professor', placement: surgery }),
      await createUser(t.db, { role: 'hod', placement: surgery }),
      await createUser(t.db, { role: 'hod', placement: elsewhere }),
      await createUser(t.db, { role: 'professor', placement: elsewhere }),
      await createUser(t.db, { role: 'professor', placement: medicine, blocked: true }),
      await createUser(t.db, { role: 'professor', placement: medicine, deleted: true }),
      unconfirmed,
      await createUser(t.db, { role: 'master' }),
    ];
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Signs a resident up to Medicine and opens the verification link from the mail. */
  async function signUpAndVerify(name: string) {
    const email = `${unique('resident')}@example.org`;
    const signup = await post(
      t.app,
      '/api/v1/auth/signup',
      {
        collegeId: medicine.college.id,
        departmentId: medicine.department.id,
        courseId: medicine.course.id,
        name,
        phone: uniquePhone(),
        email,
        acceptTerms: true,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      { remoteAddress: freshIp() },
    );
    expect(signup.statusCode, signup.body).toBe(201);
    await t.app.outbox.drain();
    const { token } = linkFrom((await smtp.waitForMail(email)).text, 'verify');
    const verified = await post(t.app, `/api/v1/auth/verify/${token}`);
    expect(verified.statusCode, verified.body).toBe(200);
    await t.app.outbox.drain();
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const resident = { id: String(row?.id), name, email };
    residents.push(resident);
    return resident;
  }

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email.toLowerCase()));
  const notesAbout = (subjectId: string) =>
    t.db.select().from(notifications).where(eq(notifications.subjectId, subjectId));

  it("tells the department's HOD and faculty in the app and by one mail each, nobody else", async () => {
    const asha = await signUpAndVerify('Asha Menon');
    const told = [hod, professor, perEntry];

    const notes = await notesAbout(asha.id);
    expect(notes.map((n) => n.toId).sort()).toEqual(told.map((s) => s.id).sort());
    for (const note of notes) {
      expect(note).toMatchObject({
        fromId: asha.id,
        description: NOTIFICATION_TEXT.awaitingApproval('Asha Menon'),
        url: awaitingApprovalPath(asha.email),
        readAt: null,
        collegeId: medicine.college.id,
      });
    }

    for (const staff of told) {
      const mail = await smtp.waitForMail(staff.email);
      expect(mail.subject).toBe('Asha Menon is awaiting your approval');
      expect(mail.text).toContain(`Dear ${staff.name},`);
      expect(mail.text).toContain(
        `${APP_URL}/allStudent?verified=false&search=${encodeURIComponent(asha.email)}`,
      );
      expect(mailsTo(staff.email)).toHaveLength(1);
    }
    for (const staff of untold) expect(mailsTo(staff.email)).toHaveLength(0);

    // The HOD's bell lists it, leading to the student list on this resident.
    const cookie = await login(t.app, hod.email, hod.password, 'staff', { remoteAddress: freshIp() });
    const list = NotificationListSchema.parse((await get(t.app, '/api/v1/notifications', { cookie })).json);
    expect(list.items[0]).toMatchObject({
      fromName: 'Asha Menon',
      url: `/allStudent?verified=false&search=${encodeURIComponent(asha.email)}`,
      read: false,
    });
  });

  it('later sign-ups of the day: notices at once, mail only in the next daily digest', async () => {
    const bala = await signUpAndVerify('Bala Subramanian');
    const chitra = await signUpAndVerify('Chitra Iyer');
    const dev = await signUpAndVerify('Dev Anand');
    for (const resident of [bala, chitra, dev]) expect(await notesAbout(resident.id)).toHaveLength(3);
    for (const staff of [hod, professor, perEntry]) expect(mailsTo(staff.email)).toHaveLength(1);

    // The HOD approves Bala: every notice about Bala is read, the professor's too.
    const cookie = await login(t.app, hod.email, hod.password, 'staff', { remoteAddress: freshIp() });
    const approved = await post(
      t.app,
      `/api/v1/students/${bala.id}/verification`,
      { verifyByHod: true },
      { cookie },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    for (const note of await notesAbout(bala.id)) expect(note.readAt).toBeInstanceOf(Date);
    for (const note of await notesAbout(chitra.id)) expect(note.readAt).toBeNull();

    // Next morning two servers run the digest at once: each member of staff gets one mail,
    // naming who still waits (not Asha, mailed at once; not Bala, approved).
    const job = () =>
      new VerificationDigest({ db: t.db, log: t.app.log, appUrl: APP_URL, hour: 0, onQueued: () => {} });
    const tomorrow = new Date(Date.now() + DAY_MS);
    const [first, second] = await Promise.all([job().runOnce(tomorrow), job().runOnce(tomorrow)]);
    expect((first ?? 0) + (second ?? 0)).toBe(3);
    await t.app.outbox.drain();
    for (const staff of [hod, professor, perEntry]) {
      const digest = await smtp.waitForMail(staff.email);
      expect(digest.subject).toBe('2 residents awaiting your approval');
      expect(digest.text).toContain('- Chitra Iyer');
      expect(digest.text).toContain('- Dev Anand');
      expect(digest.text).not.toContain('Asha Menon');
      expect(digest.text).not.toContain('Bala Subramanian');
      expect(digest.text).toContain(`${APP_URL}/allStudent?verified=false`);
      expect(mailsTo(staff.email)).toHaveLength(2);
    }
    for (const staff of untold) expect(mailsTo(staff.email)).toHaveLength(0);

    // Run again that day: nothing more.
    expect(await job().runOnce(new Date(tomorrow.getTime() + 60 * 60 * 1000))).toBe(0);
  });

  it('a new day: its first sign-up is mailed at once again', async () => {
    // The sign-ups so far, a day older: today has had none yet.
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - DAY_MS) })
      .where(
        inArray(
          notifications.fromId,
          residents.map((r) => r.id),
        ),
      );
    const before = mailsTo(hod.email).length;
    await signUpAndVerify('Esha Gupta');
    const mail = await smtp.waitForMail(hod.email);
    expect(mail.subject).toBe('Esha Gupta is awaiting your approval');
    expect(mailsTo(hod.email)).toHaveLength(before + 1);
  });
});
