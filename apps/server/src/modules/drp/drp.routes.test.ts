import { addDays } from '@pgel/shared/academic/common';
import { DRP_COORDINATOR_TEXT, DRP_MESSAGES as M, type Posting } from '@pgel/shared/drp/postings';
import { LOGIN_MESSAGES, VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drpPostings, mailOutbox, notifications, users } from '../../db/schema/index';
import { toWhatsAppNumber } from '../../platform/notifier';
import {
  createDrpInstitution,
  type DrpInstitution,
  type DrpWorld,
  dayFromToday,
  withDrpWorld,
} from '../../test/drp-world';
import {
  APP_URL,
  auditRowsFor,
  freshIp,
  get,
  linkFrom,
  login,
  messagesTo,
  post,
  type TestApp,
  temporaryPasswordFrom,
  unique,
  uniquePhone,
} from '../../test/helpers';
import { uploadDocument } from '../../test/records-world';

type Json = Record<string, unknown>;
// The answer's shape is the shared contract's.
type PostingJson = Posting;

describe('DRP postings and coordinator accounts', () => {
  let t: TestApp;
  let w: DrpWorld;

  withDrpWorld((app, world) => {
    t = app;
    w = world;
  });

  const mailTo = (to: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
  const notesTo = (toId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(eq(notifications.toId, toId))
      .orderBy(asc(notifications.createdAt));
  const postingCount = async () => Number((await t.db.select({ n: count() }).from(drpPostings))[0]?.n ?? 0);
  const accountOf = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];

  /** Start dates far in the past, a new one per form: no two of them overlap any posting. */
  let spare = 0;
  const spareFrom = () => dayFromToday(-1000 - 100 * spare++);

  /** A complete Add DRPC form for a new coordinator at `institution`. */
  function form(institution: DrpInstitution, changes: Json = {}): Json {
    return {
      state: institution.state,
      institutionId: institution.id,
      coordinatorName: `Dr. ${unique('Coord')}`,
      coordinatorEmail: `${unique('drpc')}@district.test`,
      coordinatorPhone: uniquePhone(),
      scheduleFrom: spareFrom(),
      ...changes,
    };
  }
  const add = (body: Json, cookie = w.actors.student.cookie) =>
    post(t.app, '/api/v1/drp/postings', body, { cookie });

  it('a student records a posting: a new coordinator gets an account, a credentials mail and a message', async () => {
    const institution = await createDrpInstitution(t.db, 'Kerala');
    const noticeId = await uploadDocument(t, w.actors.student.cookie);
    const body = form(institution, {
      coordinatorEmail: `  ${unique('New.Coord')}@District.test `,
      scheduleFrom: dayFromToday(-200),
      scheduleTo: '2001-01-01',
      noticeFileId: noticeId,
    });
    const email = String(body.coordinatorEmail).trim().toLowerCase();
    const response = await add(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json.message).toBe(M.added);
    const posting = response.json.posting as PostingJson;
    expect(posting).toMatchObject({
      student: { id: w.actors.student.id, name: w.actors.student.name },
      studentCollege: w.home.college.name,
      institution: { id: institution.id, name: institution.name },
      state: 'Kerala',
      coordinator: { name: body.coordinatorName, email, phone: body.coordinatorPhone },
      scheduleFrom: dayFromToday(-200),
      // Always from + 90 days, whatever the client sent.
      scheduleTo: addDays(dayFromToday(-200), 90),
      notice: { id: noticeId, url: `/api/v1/files/${noticeId}`, originalName: 'certificate.pdf' },
      canDelete: true,
    });

    // The account: a coordinator with no college or department, not verified yet.
    const account = await accountOf(email);
    expect(account).toMatchObject({
      id: posting.coordinator.id,
      role: 'drp_coordinator',
      name: body.coordinatorName,
      collegeId: null,
      departmentId: null,
      addedById: w.actors.student.id,
      emailVerifiedAt: null,
    });
    const [stored] = await t.db.select().from(drpPostings).where(eq(drpPostings.id, posting.id));
    expect(stored).toMatchObject({
      collegeId: w.home.college.id,
      departmentId: w.home.department.id,
      coordinatorId: account?.id,
      noticeFileId: noticeId,
      addedById: w.actors.student.id,
    });

    // The mail: the /verifyDRPC link, the temporary password, where to sign in.
    const [mail, ...more] = await mailTo(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(DRP_COORDINATOR_TEXT.subject);
    const text = mail?.text ?? '';
    const { token } = linkFrom(text, 'verifyDRPC');
    const password = temporaryPasswordFrom(text);
    expect(text).toContain('Faculty Login');
    expect(text).toContain(`${APP_URL}/staffLogin`);
    expect(text).toContain(institution.name);

    // The account keeps the phone with the country code; the messaging-app message goes to that
    // stored number and names the student and institution, never the password.
    expect(account?.phone).toBe(`+91${body.coordinatorPhone}`);
    const messages = await messagesTo(t.db, toWhatsAppNumber(account?.phone) ?? '');
    expect(messages.map((m) => m.toPhone)).toEqual([`91${body.coordinatorPhone}`]);
    expect(messages.map((m) => m.text)).toEqual([
      DRP_COORDINATOR_TEXT.message(w.actors.student.name, institution.name),
    ]);
    expect(messages[0]?.text).not.toContain(password);

    // Audited: the posting and the account (without the password).
    expect((await auditRowsFor(t.db, 'drp_posting', posting.id)).map((a) => a.action)).toEqual([
      'drp.posting.create',
    ]);
    const accountAudit = await auditRowsFor(t.db, 'user', account?.id ?? '');
    expect(accountAudit.map((a) => a.action)).toContain('drp.coordinator.create');
    expect(JSON.stringify(accountAudit)).not.toContain(password);

    // Not before verifying; then on the Faculty Login tab.
    const early = await post(
      t.app,
      '/api/v1/auth/staff-login',
      { email, password },
      { remoteAddress: freshIp() },
    );
    expect(early.statusCode).toBe(403);
    expect(early.json.message).toBe(LOGIN_MESSAGES.staffNotVerified);
    const verified = await post(t.app, `/api/v1/auth/verify-drpc/${token}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json.message).toBe(VERIFY_MESSAGES.success);
    await expect(login(t.app, email, password, 'student', { remoteAddress: freshIp() })).rejects.toThrow();
    const cookie = await login(t.app, email, password, 'staff', { remoteAddress: freshIp() });
    const me = await get(t.app, '/api/v1/auth/me', { cookie });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json.user).toMatchObject({
      role: 'drp_coordinator',
      college: null,
      department: null,
      confirmation: 'awaiting',
      mustChangePassword: true,
    });

    // A coordinator the student named chooses a password, then waits for the resident's
    // department (issue 27; staff-confirmation.test.ts covers the rules).
    expect((await get(t.app, '/api/v1/drp/postings', { cookie })).json.message).toBe(
      CONFIRMATION_MESSAGES.mustChangePassword,
    );
    const newPassword = 'Own-Password-42';
    const changed = await post(
      t.app,
      '/api/v1/auth/change-password',
      { currentPassword: password, newPassword, confirmPassword: newPassword },
      { cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const waiting = await get(t.app, '/api/v1/drp/postings', { cookie });
    expect([waiting.statusCode, waiting.json.message]).toEqual([403, CONFIRMATION_MESSAGES.awaiting]);
    const confirmed = await post(
      t.app,
      `/api/v1/staff/${account?.id}/confirmation`,
      { decision: 'confirm' },
      { cookie: w.actors.faculty.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The coordinator sees the started posting and may mark it.
    const list = await get(t.app, '/api/v1/drp/postings', { cookie });
    expect((list.json.items as PostingJson[]).map((p) => p.id)).toEqual([posting.id]);
    expect((list.json.items as PostingJson[])[0]?.canDelete).toBe(false);
    const attendance = await get(t.app, '/api/v1/drp/attendance', { cookie });
    expect(attendance.json.items).toMatchObject([{ postingId: posting.id, daysSoFar: 91, canMark: true }]);
  });

  it('the next posting at the institution uses its coordinator, whatever the form says, and tells them', async () => {
    const institution = await createDrpInstitution(t.db, 'Assam');
    const prefill = (cookie = w.actors.faculty.cookie) =>
      get(t.app, `/api/v1/drp/institutions/${institution.id}/coordinator`, { cookie });
    expect((await prefill()).json).toEqual({ coordinator: null });

    // Faculty record the other student's posting: the coordinator is new.
    const first = form(institution, { studentId: w.actors.otherStudent.id, scheduleFrom: dayFromToday(200) });
    const created = await add(first, w.actors.faculty.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const coordinator = (created.json.posting as PostingJson).coordinator;
    expect((created.json.posting as PostingJson).student.id).toBe(w.actors.otherStudent.id);
    expect((await accountOf(coordinator.email))?.addedById).toBe(w.actors.faculty.id);

    // The form is prefilled from the account (10-digit phone, as the form asks).
    expect((await prefill()).json).toEqual({
      coordinator: { name: first.coordinatorName, email: coordinator.email, phone: first.coordinatorPhone },
    });
    expect((await prefill(w.actors.student.cookie)).statusCode).toBe(200);

    // The student names someone else: the institution's coordinator is used all the same.
    const other = form(institution, { scheduleFrom: dayFromToday(300) });
    const second = await add(other);
    expect(second.statusCode, second.body).toBe(201);
    expect((second.json.posting as PostingJson).coordinator).toEqual(coordinator);
    expect(await accountOf(String(other.coordinatorEmail))).toBeUndefined();
    const mails = await mailTo(coordinator.email);
    expect(mails.map((m) => m.subject)).toEqual([
      DRP_COORDINATOR_TEXT.subject,
      DRP_COORDINATOR_TEXT.postedSubject(w.actors.student.name),
    ]);
    expect(mails[1]?.text).not.toContain('Temporary password');
    const notes = await notesTo(coordinator.id);
    expect(notes.at(-1)?.description).toContain(`${w.actors.student.name} is posted to ${institution.name}`);
    expect(notes.at(-1)?.url).toBe('/drp/attendence');
  });

  it('reuses a coordinator account named by e-mail; refuses the address of a student or staff', async () => {
    const institution = await createDrpInstitution(t.db, 'Goa');
    const reused = await add(
      form(institution, {
        coordinatorEmail: w.actors.otherCoordinator.email.toUpperCase(),
        scheduleFrom: dayFromToday(400),
      }),
    );
    expect(reused.statusCode, reused.body).toBe(201);
    expect((reused.json.posting as PostingJson).coordinator).toMatchObject({
      id: w.actors.otherCoordinator.id,
      name: w.actors.otherCoordinator.name,
      email: w.actors.otherCoordinator.email,
    });

    const before = await postingCount();
    for (const taken of [w.actors.otherStudent.email, w.actors.faculty.email, w.actors.master.email]) {
      const response = await add(form(await createDrpInstitution(t.db), { coordinatorEmail: taken }));
      expect(response.statusCode, taken).toBe(409);
      expect(response.json.message).toBe(M.emailTaken);
    }
    expect(await postingCount()).toBe(before);
  });

  it('answers every form message and writes nothing', async () => {
    const institution = await createDrpInstitution(t.db, 'Bihar');
    const elsewhere = await createDrpInstitution(t.db, 'Sikkim');
    const someoneElsesFile = await uploadDocument(t, w.actors.otherStudent.cookie);
    const before = {
      postings: await postingCount(),
      users: (await t.db.select({ n: count() }).from(users))[0]?.n,
    };
    const cases: Array<[string, Json, number, string, string?]> = [
      ['staff without a student', form(institution), 400, M.studentRequired, w.actors.faculty.cookie],
      [
        'a student of another department',
        form(institution, { studentId: w.actors.otherCollegeStudent.id }),
        404,
        M.studentNotFound,
        w.actors.faculty.cookie,
      ],
      [
        'a malformed student',
        form(institution, { studentId: 'x' }),
        404,
        M.studentNotFound,
        w.actors.hod.cookie,
      ],
      ['no institution', form(institution, { institutionId: ' ' }), 400, M.selectInstitution],
      ['no state', form(institution, { state: '' }), 400, M.fillAll],
      ['no name', form(institution, { coordinatorName: undefined }), 400, M.fillAll],
      ['no e-mail', form(institution, { coordinatorEmail: '' }), 400, M.fillAll],
      ['no phone', form(institution, { coordinatorPhone: '  ' }), 400, M.fillAll],
      ['no schedule', form(institution, { scheduleFrom: undefined }), 400, M.fillAll],
      ['a bad e-mail', form(institution, { coordinatorEmail: 'coord@district' }), 400, M.invalidEmail],
      ['a short phone', form(institution, { coordinatorPhone: '98765' }), 400, M.invalidPhone],
      ['a phone with letters', form(institution, { coordinatorPhone: '98765abcde' }), 400, M.invalidPhone],
      [
        'a phone with a country code',
        form(institution, { coordinatorPhone: '+919876543210' }),
        400,
        M.invalidPhone,
      ],
      ['no such day', form(institution, { scheduleFrom: '2030-02-30' }), 400, M.invalidScheduleFrom],
      // A far year would overflow the +90 days of the end: refused, never a 500.
      ['year 9999', form(institution, { scheduleFrom: '9999-12-31' }), 400, M.invalidScheduleFrom],
      ['before 2000', form(institution, { scheduleFrom: '1999-12-31' }), 400, M.invalidScheduleFrom],
      ['after 2100', form(institution, { scheduleFrom: '2101-01-01' }), 400, M.invalidScheduleFrom],
      [
        'an unknown institution',
        form(institution, { institutionId: crypto.randomUUID() }),
        404,
        M.institutionNotFound,
      ],
      ['a malformed institution', form(institution, { institutionId: 'x' }), 404, M.institutionNotFound],
      ['another state', form(elsewhere, { state: 'Bihar' }), 400, M.stateMismatch],
      [
        'dates overlapping a posting',
        form(institution, { scheduleFrom: addDays(w.posting.to, -1) }),
        409,
        M.overlapping,
      ],
      [
        "someone else's notice",
        form(institution, { noticeFileId: someoneElsesFile }),
        400,
        FILE_MESSAGES.notFound,
      ],
    ];
    for (const [label, body, status, message, cookie] of cases) {
      const response = await add(body, cookie);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(response.json.message, label).toBe(message);
    }
    expect(await postingCount()).toBe(before.postings);
    expect((await t.db.select({ n: count() }).from(users))[0]?.n).toBe(before.users);
  });
});
