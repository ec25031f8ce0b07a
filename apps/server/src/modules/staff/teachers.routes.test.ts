import { LOGIN_MESSAGES, VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { STAFF_ACCOUNT_TEXT, TEACHER_MESSAGES, TEACHER_ROLE } from '@pgel/shared/schemas/staff-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messageOutbox, oneTimeTokens, staffStudents, users } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createUser,
  freshIp,
  get,
  linkFrom,
  linkStaffStudent,
  login,
  messagesTo,
  post,
  put,
  type TestApp,
  temporaryPasswordFrom,
  unique,
} from '../../test/helpers';
import { createReferenceWorld, type ReferenceWorld } from '../../test/reference-world';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';

type Item = Record<string, unknown> & { id: string };

describe('people: a student adds their teachers', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let smtp: SmtpCatcher;
  let phoneSerial = 0;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    w = await createReferenceWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const phone10 = () => {
    phoneSerial += 1;
    return `94${String(phoneSerial).padStart(8, '0')}`;
  };
  const teacherBody = (extra: Record<string, unknown> = {}) => ({
    name: `Dr. ${unique('Teacher')}`,
    email: `${unique('teacher')}@example.org`,
    phone: phone10(),
    ...extra,
  });
  /** A student of North Medicine with their own session. */
  const newStudent = async (placement = w.north) => {
    const s = await createUser(t.db, { placement });
    const cookie = await login(t.app, s.email, s.password, 'student', { remoteAddress: freshIp() });
    return { ...s, cookie };
  };
  const usersWithEmail = (email: string) => t.db.select().from(users).where(eq(users.email, email));
  const linksOfStudent = (studentId: string) =>
    t.db.select().from(staffStudents).where(eq(staffStudents.studentId, studentId));
  const teacherAudit = (entityId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, entityId)))
      .then((rows) => rows.filter((r) => r.action.startsWith('teacher.')).map((r) => r.action));

  it('401 anonymous, 403 staff, 400 with the form messages', async () => {
    expect((await post(t.app, '/api/v1/people/teachers', teacherBody())).statusCode).toBe(401);
    expect((await get(t.app, '/api/v1/people/teachers/mine')).statusCode).toBe(401);
    for (const who of ['facultyOtherDepartment', 'hod', 'master'] as const) {
      const cookie = w.actors[who].cookie;
      expect((await post(t.app, '/api/v1/people/teachers', {}, { cookie })).statusCode).toBe(403);
      expect((await get(t.app, '/api/v1/people/teachers/mine', { cookie })).statusCode).toBe(403);
    }
    const student = { cookie: w.actors.student.cookie };
    const email = `${unique('bad')}@example.org`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, TEACHER_MESSAGES.fillAll],
      [teacherBody({ name: ' ', email }), TEACHER_MESSAGES.fillAll],
      [teacherBody({ email: 'nope' }), TEACHER_MESSAGES.invalidEmail],
      [teacherBody({ email, phone: '' }), TEACHER_MESSAGES.fillAll],
      [teacherBody({ email, phone: '98765' }), TEACHER_MESSAGES.invalidPhone],
      [teacherBody({ email, phone: '+919876543210' }), TEACHER_MESSAGES.invalidPhone],
    ];
    for (const [body, message] of cases) {
      const res = await post(t.app, '/api/v1/people/teachers', body, student);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(await usersWithEmail(email)).toHaveLength(0);

    const unplaced = await createUser(t.db);
    const cookie = await login(t.app, unplaced.email, unplaced.password, 'student', {
      remoteAddress: freshIp(),
    });
    const noPlacement = await post(t.app, '/api/v1/people/teachers', teacherBody({ email }), { cookie });
    expect(noPlacement.statusCode).toBe(400);
    expect(noPlacement.json.message).toBe(TEACHER_MESSAGES.noPlacement);
    expect(await usersWithEmail(email)).toHaveLength(0);
    expect((await get(t.app, '/api/v1/people/teachers/mine', { cookie })).json).toEqual({ items: [] });
  });

  it('a new address becomes a professor of the student’s department, linked, mailed and messaged', async () => {
    const s = await newStudent();
    const body = teacherBody({ email: `${unique('NewTeacher')}@Example.org` });
    const email = body.email.toLowerCase();
    const res = await post(t.app, '/api/v1/people/teachers', body, { cookie: s.cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json).toEqual({
      message: TEACHER_MESSAGES.added,
      // A teacher a student proposed waits for the HOD (issue 27).
      teacher: { id: expect.any(String), name: body.name, email, role: TEACHER_ROLE, status: 'awaiting' },
    });
    const id = (res.json.teacher as Item).id;

    const [created] = await usersWithEmail(email);
    expect(created).toMatchObject({
      id,
      role: 'professor',
      phone: `+91${body.phone}`,
      collegeId: w.north.college.id,
      departmentId: w.north.department.id,
      addedById: s.id,
      emailVerifiedAt: null,
      blocked: false,
      confirmation: 'awaiting',
      mustChangePassword: true,
    });
    expect(await linksOfStudent(s.id)).toEqual([
      expect.objectContaining({ staffId: id, studentId: s.id, assignedById: s.id }),
    ]);
    const tokens = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, id));
    expect(tokens.map((x) => x.purpose)).toEqual(['verify_email']);
    expect(await teacherAudit(id)).toEqual(['teacher.add']);

    // Listed as the student's teacher and as a teacher of the department (the unit-head choice).
    const mine = await get(t.app, '/api/v1/people/teachers/mine', { cookie: s.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json.items).toEqual([res.json.teacher]);
    const department = await get(t.app, '/api/v1/people/teachers', { cookie: s.cookie });
    expect((department.json.items as Item[]).map((i) => i.id)).toContain(id);
    // Another student of the department has not added them.
    const other = await get(t.app, '/api/v1/people/teachers/mine', { cookie: w.actors.student.cookie });
    expect((other.json.items as Item[]).map((i) => i.id)).not.toContain(id);

    const queued = await messagesTo(t.db, `91${body.phone}`);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.text).toBe(STAFF_ACCOUNT_TEXT.message(s.name));

    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe(STAFF_ACCOUNT_TEXT.subject);
    expect(mail.text).toContain(s.name);
    expect(mail.text).toContain('Professor');
    expect(mail.text).toContain(`${APP_URL}/staffLogin`);
    const password = temporaryPasswordFrom(mail.text);
    expect(queued[0]?.text).not.toContain(password);
    const { token } = linkFrom(mail.text, 'verifyStaff');

    const early = await post(
      t.app,
      '/api/v1/auth/staff-login',
      { email, password },
      { remoteAddress: freshIp() },
    );
    expect(early.json.message).toBe(LOGIN_MESSAGES.staffNotVerified);
    const verified = await post(t.app, `/api/v1/auth/verify-staff/${token}`);
    expect(verified.json.message).toBe(VERIFY_MESSAGES.success);
    const cookie = await login(t.app, email, password, 'staff', { remoteAddress: freshIp() });
    expect((await get(t.app, '/api/v1/auth/me', { cookie })).json.user).toMatchObject({
      id,
      role: 'professor',
      confirmation: 'awaiting',
      mustChangePassword: true,
    });
    // Verified by its link, still awaiting the HOD (staff-confirmation.test.ts follows it further).
    const after = await get(t.app, '/api/v1/people/teachers/mine', { cookie: s.cookie });
    expect(after.json.items).toEqual([expect.objectContaining({ id, status: 'awaiting' })]);

    // The HOD sees them on /allStaff, added by the student.
    const list = await get(t.app, `/api/v1/staff?search=${encodeURIComponent(email)}`, {
      cookie: w.actors.hod.cookie,
    });
    expect(list.json.items).toEqual([
      expect.objectContaining({ id, addedByName: s.name, assignedStudentCount: 1, role: 'professor' }),
    ]);
  });

  it('adding the same teacher again links without a new account; another student is linked too', async () => {
    const s = await newStudent();
    const body = teacherBody();
    const first = await post(t.app, '/api/v1/people/teachers', body, { cookie: s.cookie });
    expect(first.statusCode).toBe(201);
    const id = (first.json.teacher as Item).id;
    await t.app.outbox.drain();
    await smtp.waitForMail(body.email);

    const again = await post(
      t.app,
      '/api/v1/people/teachers',
      { ...body, email: body.email.toUpperCase(), name: 'Someone Else' },
      { cookie: s.cookie },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json).toEqual({ message: TEACHER_MESSAGES.added, teacher: first.json.teacher });
    expect(await usersWithEmail(body.email)).toHaveLength(1);
    expect(await linksOfStudent(s.id)).toHaveLength(1);
    expect(await messagesTo(t.db, `91${body.phone}`)).toHaveLength(1);

    const s2 = await newStudent();
    const linked = await post(t.app, '/api/v1/people/teachers', teacherBody({ email: body.email }), {
      cookie: s2.cookie,
    });
    expect(linked.statusCode).toBe(200);
    expect((linked.json.teacher as Item).id).toBe(id);
    expect(await linksOfStudent(s2.id)).toEqual([
      expect.objectContaining({ staffId: id, studentId: s2.id, assignedById: s2.id }),
    ]);
    expect(await usersWithEmail(body.email)).toHaveLength(1);
    expect(await teacherAudit(id)).toEqual(['teacher.add', 'teacher.link']);
    await t.app.outbox.drain();
    await expect(smtp.waitForMail(body.email, 300)).rejects.toThrow();
  });

  it('links an existing staff member of the department, whatever their role', async () => {
    const s = await newStudent();
    const hodOfDepartment = await createUser(t.db, { placement: w.north, role: 'hod', blocked: true });
    const res = await post(t.app, '/api/v1/people/teachers', teacherBody({ email: hodOfDepartment.email }), {
      cookie: s.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.teacher).toEqual({
      id: hodOfDepartment.id,
      name: hodOfDepartment.name,
      email: hodOfDepartment.email,
      role: 'hod',
      status: 'blocked',
    });
    expect((await get(t.app, '/api/v1/people/teachers/mine', { cookie: s.cookie })).json.items).toEqual([
      res.json.teacher,
    ]);
  });

  it("409 for the address of a student, of another department's staff, of Master, Admin or a deleted account", async () => {
    const s = await newStudent();
    const others = [
      w.actors.student.id,
      w.actors.facultyOtherDepartment.id,
      w.actors.hodOtherCollege.id,
      w.actors.master.id,
      (await createUser(t.db, { placement: w.north, role: 'admin' })).id,
      (await createUser(t.db, { placement: w.north, role: 'professor', deleted: true })).id,
      s.id,
    ];
    const outboxBefore = (await t.db.select().from(messageOutbox)).length;
    for (const id of others) {
      const [account] = await t.db.select().from(users).where(eq(users.id, id));
      const res = await post(
        t.app,
        '/api/v1/people/teachers',
        teacherBody({ email: account?.email.toUpperCase() }),
        { cookie: s.cookie },
      );
      expect(res.statusCode, account?.role ?? 'student').toBe(409);
      expect(res.json.message).toBe(TEACHER_MESSAGES.emailTaken);
    }
    expect(await linksOfStudent(s.id)).toHaveLength(0);
    expect(await t.db.select().from(messageOutbox)).toHaveLength(outboxBefore);
  });

  it('lists teachers the HOD assigned, by name, and no deleted ones', async () => {
    const s = await newStudent();
    const tag = unique('Mine');
    const zed = await createUser(t.db, {
      placement: w.north,
      role: 'clerk',
      name: `${tag} Zed`,
      verified: false,
    });
    const amy = await createUser(t.db, { placement: w.north, role: 'professor', name: `${tag} Amy` });
    const gone = await createUser(t.db, { placement: w.north, role: 'professor', deleted: true });
    const assigned = await put(
      t.app,
      `/api/v1/staff/${amy.id}/students`,
      { studentIds: [s.id] },
      {
        cookie: w.actors.hod.cookie,
      },
    );
    expect(assigned.statusCode).toBe(200);
    await linkStaffStudent(t.db, zed.id, s.id);
    await linkStaffStudent(t.db, gone.id, s.id);
    const res = await get(t.app, '/api/v1/people/teachers/mine', { cookie: s.cookie });
    expect(res.json.items).toEqual([
      { id: amy.id, name: amy.name, email: amy.email, role: 'professor', status: 'active' },
      { id: zed.id, name: zed.name, email: zed.email, role: 'clerk', status: 'unverified' },
    ]);
  });
});
