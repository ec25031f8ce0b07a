import { clinicalCase } from '@pgel/shared/records/kinds';
import { CHANGE_PASSWORD_MESSAGES } from '@pgel/shared/schemas/auth';
import {
  CONFIRMATION_TEXT,
  CONFIRMATION_MESSAGES as M,
  type ToConfirmItem,
} from '@pgel/shared/schemas/staff-confirmation';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, notifications, users } from '../../db/schema/index';
import { createDrpInstitution, dayFromToday } from '../../test/drp-world';
import {
  freshIp,
  get,
  linkFrom,
  login,
  post,
  type TestApp,
  temporaryPasswordFrom,
  unique,
  uniquePhone,
} from '../../test/helpers';
import {
  type RecordsWorld,
  recordBody,
  validValues,
  verifyInputFor,
  withRecordsWorld,
} from '../../test/records-world';

type Json = Record<string, unknown>;
const OWN_PASSWORD = 'Own-Password-42';

/**
 * Issue 27, part 1: a verifier a student made cannot verify until someone else confirms it. The
 * attack this closes: a student names a mailbox they control as their teacher (or DRP
 * coordinator), opens the mailed link, signs in with the mailed password and approves their own
 * entries. Every account made from a mailed password chooses its own at first sign-in.
 */
describe('verifiers confirmed by someone other than the student', () => {
  let t: TestApp;
  let w: RecordsWorld;
  withRecordsWorld((app, world) => {
    t = app;
    w = world;
  });

  const cookieOf = (who: keyof RecordsWorld['actors']) => ({ cookie: w.actors[who].cookie });
  const mailsTo = (to: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
  const noticesTo = async (toId: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.toId, toId))).map((n) => n.description);
  const accountOf = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];
  const toConfirm = async (who: keyof RecordsWorld['actors']) => {
    const response = await get(t.app, '/api/v1/staff/to-confirm', cookieOf(who));
    expect(response.statusCode, response.body).toBe(200);
    return response.json.items as ToConfirmItem[];
  };
  const decide = (id: string, decision: string, who: keyof RecordsWorld['actors']) =>
    post(t.app, `/api/v1/staff/${id}/confirmation`, { decision }, cookieOf(who));

  /** The student proposes a new teacher; the mailed account signs in (not yet past any hold). */
  async function proposeTeacher() {
    const email = `${unique('mine')}@student-controlled.test`;
    const name = `Dr. ${unique('Friend')}`;
    const added = await post(
      t.app,
      '/api/v1/people/teachers',
      { name, email, phone: uniquePhone().slice(-10) },
      cookieOf('student'),
    );
    expect(added.statusCode, added.body).toBe(201);
    const [mail] = await mailsTo(email);
    const password = temporaryPasswordFrom(mail?.text ?? '');
    const { token } = linkFrom(mail?.text ?? '', 'verifyStaff');
    expect((await post(t.app, `/api/v1/auth/verify-staff/${token}`)).statusCode).toBe(200);
    const cookie = await login(t.app, email, password, 'staff', { remoteAddress: freshIp() });
    const account = await accountOf(email);
    if (!account) throw new Error('the proposed teacher has no account');
    return { id: account.id, name, email, password, cookie };
  }

  async function choosePassword(account: { password: string; cookie: string }) {
    const response = await post(
      t.app,
      '/api/v1/auth/change-password',
      { currentPassword: account.password, newPassword: OWN_PASSWORD, confirmPassword: OWN_PASSWORD },
      { cookie: account.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The Guiding Faculty an entry of the student may name. */
  const teacherChoices = async () =>
    ((await get(t.app, '/api/v1/records/options/teachers', cookieOf('student'))).json.items as Json[]).map(
      (item) => item.id,
    );

  async function pendingCase(): Promise<string> {
    const created = await post(
      t.app,
      '/api/v1/records',
      recordBody(clinicalCase, validValues(clinicalCase, w.refs)),
      cookieOf('student'),
    );
    expect(created.statusCode, created.body).toBe(201);
    return (created.json.record as { id: string }).id;
  }

  it('a proposed teacher chooses a password, then is refused everywhere but its own profile until the HOD confirms it', async () => {
    const recordId = await pendingCase();
    const teacher = await proposeTeacher();
    expect(await accountOf(teacher.email)).toMatchObject({
      confirmation: 'awaiting',
      mustChangePassword: true,
    });
    // The HOD is told in the app and by mail; faculty are not asked about teachers.
    expect(await noticesTo(w.actors.hod.id)).toContain(
      CONFIRMATION_TEXT.proposed(w.actors.student.name, teacher.name, 'teacher'),
    );
    expect((await mailsTo(w.actors.hod.email)).map((m) => m.text).join('\n')).toContain(teacher.name);

    // First sign-in: the mailed password must be replaced before anything else.
    const me = await get(t.app, '/api/v1/auth/me', { cookie: teacher.cookie });
    expect(me.json.user).toMatchObject({ mustChangePassword: true, confirmation: 'awaiting' });
    const early = await get(t.app, `/api/v1/records/${recordId}`, { cookie: teacher.cookie });
    expect([early.statusCode, early.json.message]).toEqual([403, M.mustChangePassword]);
    const same = await post(
      t.app,
      '/api/v1/auth/change-password',
      { currentPassword: teacher.password, newPassword: teacher.password, confirmPassword: teacher.password },
      { cookie: teacher.cookie },
    );
    expect([same.statusCode, same.json.message]).toEqual([400, CHANGE_PASSWORD_MESSAGES.sameAsCurrent]);
    await choosePassword(teacher);
    const waiting = await get(t.app, '/api/v1/auth/me', { cookie: teacher.cookie });
    expect(waiting.json.user).toMatchObject({ mustChangePassword: false, confirmation: 'awaiting' });
    expect(String((waiting.json.user as Json).waitsFor)).toContain(w.actors.hod.name);

    // The attack: approve the student's own case, read the patient, list the students, print.
    const verify = verifyInputFor(clinicalCase, validValues(clinicalCase, w.refs));
    const refused = [
      await post(
        t.app,
        `/api/v1/records/${recordId}/verification`,
        { status: 'approved', remark: 'ok', ...verify },
        {
          cookie: teacher.cookie,
        },
      ),
      await get(t.app, `/api/v1/records/${recordId}`, { cookie: teacher.cookie }),
      await get(t.app, '/api/v1/records?kind=clinical-case', { cookie: teacher.cookie }),
      await get(t.app, '/api/v1/students', { cookie: teacher.cookie }),
      await get(t.app, `/api/v1/print-logbook/${w.actors.student.id}`, { cookie: teacher.cookie }),
      await get(t.app, '/api/v1/reports', { cookie: teacher.cookie }),
      await get(t.app, '/api/v1/staff/to-confirm', { cookie: teacher.cookie }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json.message])).toEqual(refused.map(() => [403, M.awaiting]));
    // Its own profile and notifications stay open.
    expect((await get(t.app, '/api/v1/profile', { cookie: teacher.cookie })).statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/notifications', { cookie: teacher.cookie })).statusCode).toBe(200);

    // Not a teacher an entry may name, so it is told of no entry (and no digest lists one).
    expect(await teacherChoices()).not.toContain(teacher.id);

    // Who sees it to confirm: the HOD and Master; not faculty, not another department, not students.
    const listed = (await toConfirm('hod')).find((item) => item.id === teacher.id);
    expect(listed).toMatchObject({
      kind: 'teacher',
      name: teacher.name,
      proposedBy: { id: w.actors.student.id, name: w.actors.student.name },
    });
    expect((await toConfirm('master')).map((item) => item.id)).toContain(teacher.id);
    expect((await toConfirm('faculty')).map((item) => item.id)).not.toContain(teacher.id);
    expect((await toConfirm('facultyOtherDepartment')).map((item) => item.id)).not.toContain(teacher.id);
    expect((await get(t.app, '/api/v1/staff/to-confirm', cookieOf('student'))).statusCode).toBe(403);

    // Only the HOD of the department (or Master) decides.
    expect((await decide(teacher.id, 'confirm', 'student')).statusCode).toBe(403);
    expect((await decide(teacher.id, 'confirm', 'faculty')).statusCode).toBe(403);
    expect((await decide(teacher.id, 'confirm', 'facultyOtherDepartment')).statusCode).toBe(404);
    expect((await decide(teacher.id, 'maybe', 'hod')).json.message).toBe(M.chooseDecision);
    const confirmed = await decide(teacher.id, 'confirm', 'hod');
    expect([confirmed.statusCode, confirmed.json.message]).toEqual([200, M.confirmed]);
    expect((await decide(teacher.id, 'confirm', 'hod')).statusCode).toBe(409);
    expect(await accountOf(teacher.email)).toMatchObject({
      confirmation: 'confirmed',
      confirmedById: w.actors.hod.id,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, teacher.id), eq(auditLog.action, 'staff.confirm')));
    expect(audit.map((row) => row.actorId)).toEqual([w.actors.hod.id]);
    // The account and the proposer are told, in the app and by mail.
    expect(await noticesTo(teacher.id)).toContain(CONFIRMATION_TEXT.accountConfirmed(w.actors.hod.name));
    expect(await noticesTo(w.actors.student.id)).toContain(
      CONFIRMATION_TEXT.proposerConfirmed(w.actors.hod.name, teacher.name),
    );
    expect((await mailsTo(teacher.email)).map((m) => m.subject)).toContain(
      CONFIRMATION_TEXT.subjectConfirmed,
    );
    expect((await mailsTo(w.actors.student.email)).map((m) => m.subject)).toContain(
      CONFIRMATION_TEXT.subjectProposerConfirmed,
    );
    expect((await toConfirm('hod')).map((item) => item.id)).not.toContain(teacher.id);

    expect(await teacherChoices()).toContain(teacher.id);

    // Confirmed: the same session now verifies (another person than the student confirmed it).
    const verified = await post(
      t.app,
      `/api/v1/records/${recordId}/verification`,
      { status: 'approved', remark: 'Well examined', ...verify },
      { cookie: teacher.cookie },
    );
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('a declined teacher is signed out and cannot sign in; the student sees it declined', async () => {
    const teacher = await proposeTeacher();
    await choosePassword(teacher);
    const declined = await decide(teacher.id, 'decline', 'master');
    expect([declined.statusCode, declined.json.message]).toEqual([200, M.declined]);
    expect((await get(t.app, '/api/v1/auth/me', { cookie: teacher.cookie })).statusCode).toBe(401);
    const again = await post(
      t.app,
      '/api/v1/auth/staff-login',
      { email: teacher.email, password: OWN_PASSWORD },
      { remoteAddress: freshIp() },
    );
    expect([again.statusCode, again.json.message]).toEqual([403, M.declinedLogin]);
    const mine = await get(t.app, '/api/v1/people/teachers/mine', cookieOf('student'));
    expect(mine.json.items).toContainEqual(expect.objectContaining({ id: teacher.id, status: 'declined' }));
    expect(await noticesTo(w.actors.student.id)).toContain(
      CONFIRMATION_TEXT.proposerDeclined(w.actors.master.name, teacher.name),
    );
    // Master decided: the HOD's notice asking them to is read (issue 28).
    const asked = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toId, w.actors.hod.id), eq(notifications.subjectId, teacher.id)));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.readAt).toBeInstanceOf(Date);
    expect((await decide(teacher.id, 'confirm', 'hod')).statusCode).toBe(409);
  });

  it('staff an HOD adds are confirmed at creation, and choose their own password at first sign-in', async () => {
    const email = `${unique('colleague')}@example.org`;
    const added = await post(
      t.app,
      '/api/v1/staff',
      { name: 'Dr. Colleague', email, phone: '+919812345671', role: 'assistant_professor' },
      cookieOf('hod'),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(await accountOf(email)).toMatchObject({ confirmation: 'confirmed', mustChangePassword: true });
    expect((await toConfirm('hod')).map((item) => item.id)).not.toContain(added.json.id);
    const [mail] = await mailsTo(email);
    const password = temporaryPasswordFrom(mail?.text ?? '');
    const { token } = linkFrom(mail?.text ?? '', 'verifyStaff');
    await post(t.app, `/api/v1/auth/verify-staff/${token}`);
    const cookie = await login(t.app, email, password, 'staff', { remoteAddress: freshIp() });
    const early = await get(t.app, '/api/v1/students', { cookie });
    expect([early.statusCode, early.json.message]).toEqual([403, M.mustChangePassword]);
    await choosePassword({ password, cookie });
    expect((await get(t.app, '/api/v1/students', { cookie })).statusCode).toBe(200);
  });

  it("a password Master sets is replaced by the owner's at the next sign-in", async () => {
    const reset = await post(
      t.app,
      `/api/v1/students/${w.actors.otherStudent.id}/password`,
      { newPassword: 'Master-Chose-1' },
      cookieOf('master'),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const cookie = await login(t.app, w.actors.otherStudent.email, 'Master-Chose-1', 'student', {
      remoteAddress: freshIp(),
    });
    const early = await get(t.app, '/api/v1/records?kind=opd', { cookie });
    expect([early.statusCode, early.json.message]).toEqual([403, M.mustChangePassword]);
    await choosePassword({ password: 'Master-Chose-1', cookie });
    expect((await get(t.app, '/api/v1/records?kind=opd', { cookie })).statusCode).toBe(200);
  });

  it("a DRP coordinator a student names waits for the department's HOD or faculty; one faculty name is confirmed", async () => {
    const institution = await createDrpInstitution(t.db, 'Kerala');
    const posting = (cookie: string, scheduleFrom: string, extra: Json = {}) =>
      post(
        t.app,
        '/api/v1/drp/postings',
        {
          state: institution.state,
          institutionId: institution.id,
          coordinatorName: `Dr. ${unique('Coord')}`,
          coordinatorEmail: `${unique('drpc')}@district.test`,
          coordinatorPhone: uniquePhone().slice(-10),
          scheduleFrom,
          ...extra,
        },
        { cookie },
      );
    const named = await posting(w.actors.student.cookie, dayFromToday(-20));
    expect(named.statusCode, named.body).toBe(201);
    const coordinatorId = (named.json.posting as { coordinator: { id: string } }).coordinator.id;
    expect(await t.db.select().from(users).where(eq(users.id, coordinatorId))).toEqual([
      expect.objectContaining({ confirmation: 'awaiting', mustChangePassword: true }),
    ]);
    // Faculty of the resident's department see and confirm coordinators; faculty elsewhere do not.
    expect((await toConfirm('faculty')).find((item) => item.id === coordinatorId)).toMatchObject({
      kind: 'coordinator',
      where: institution.name,
      residents: [w.actors.student.name],
      proposedBy: { id: w.actors.student.id },
    });
    expect((await toConfirm('facultyOtherDepartment')).map((item) => item.id)).not.toContain(coordinatorId);
    expect((await decide(coordinatorId, 'confirm', 'facultyOtherDepartment')).statusCode).toBe(404);
    expect((await decide(coordinatorId, 'confirm', 'faculty')).statusCode).toBe(200);

    // A coordinator faculty name for their resident is confirmed at creation.
    const byFaculty = await posting(w.actors.faculty.cookie, dayFromToday(-400), {
      studentId: w.actors.otherStudent.id,
    });
    expect(byFaculty.statusCode, byFaculty.body).toBe(201);
    const facultyNamed = (byFaculty.json.posting as { coordinator: { id: string } }).coordinator.id;
    expect(await t.db.select().from(users).where(eq(users.id, facultyNamed))).toEqual([
      expect.objectContaining({ confirmation: 'confirmed', mustChangePassword: true }),
    ]);
  });
});
