import { PASSWORD_MESSAGES } from '@pgel/shared/schemas/auth';
import { STUDENT_ADMIN_MESSAGES as M } from '@pgel/shared/schemas/students-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessions, users } from '../../db/schema/index';
import { listPage } from '../../platform/list';
import {
  auditRowsFor,
  buildTestApp,
  createUser,
  DEFAULT_PASSWORD,
  del,
  freshIp,
  get,
  login,
  messagesTo,
  post,
  type TestApp,
  unique,
} from '../../test/helpers';
import { type HttpRecorder, startHttpRecorder } from '../../test/http-recorder';
import { createReferenceWorld, type ReferenceWorld } from '../../test/reference-world';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { studentListColumns, studentListQueries, studentsWhere } from './students.repository';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('students: /allStudent API', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let smtp: SmtpCatcher;
  let whatsapp: HttpRecorder;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    whatsapp = await startHttpRecorder();
    t = await buildTestApp({
      smtpUrl: smtp.smtpUrl,
      env: { WHATSAPP_API_URL: `${whatsapp.url}/messages`, WHATSAPP_TOKEN: 'wa-token' },
    });
    w = await createReferenceWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await whatsapp?.close();
  });

  const student = (options: Parameters<typeof createUser>[1] = {}) =>
    createUser(t.db, { placement: w.north, ...options });
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const hod = () => ({ cookie: w.actors.hod.cookie });
  const master = () => ({ cookie: w.actors.master.cookie });
  /** This module's audit rows about a student (sign-ins are audited on the same entity). */
  const studentAudit = async (id: string) =>
    (await auditRowsFor(t.db, 'user', id)).filter((a) => a.action.startsWith('student.'));

  describe('GET /students', () => {
    it('401 anonymous, 403 student, 400 bad page size', async () => {
      expect((await get(t.app, '/api/v1/students')).statusCode).toBe(401);
      expect((await get(t.app, '/api/v1/students', { cookie: w.actors.student.cookie })).statusCode).toBe(
        403,
      );
      const bad = await get(t.app, '/api/v1/students?pageSize=7', hod());
      expect(bad.statusCode).toBe(400);
    });

    it("lists the HOD's own department's live students with the columns, searching name, e-mail and phone", async () => {
      const tag = unique('list');
      const a = await student({
        name: `Dr. ${tag} Alpha`,
        phone: '9000000001',
        paid: true,
        joiningDate: '2024-07-01',
      });
      await student({ name: `Dr. ${tag} Deleted`, deleted: true });
      await createUser(t.db, { name: `Dr. ${tag} Staff`, role: 'professor', placement: w.north });
      await createUser(t.db, { name: `Dr. ${tag} Surgery`, placement: w.surgery });
      await createUser(t.db, { name: `Dr. ${tag} South`, placement: w.south });

      const res = await get(t.app, `/api/v1/students?search=${tag}`, hod());
      expect(res.statusCode).toBe(200);
      expect(res.json.total).toBe(1);
      expect(res.json.items).toEqual([
        {
          id: a.id,
          name: a.name,
          email: a.email,
          phone: '9000000001',
          departmentName: 'Medicine',
          collegeName: 'North Medical College',
          courseTitle: w.north.course.title,
          paid: true,
          verifyByHod: false,
          certified: false,
          // No father's or mother's name yet: the certificate could not be issued.
          bonafideMissing: ["Father's or mother's name"],
          joiningDate: '2024-07-01',
          createdAt: expect.any(String),
          idProofUrl: null,
          idProofContentType: null,
        },
      ]);
      const byPhone = await get(t.app, '/api/v1/students?search=9000000001', hod());
      expect((byPhone.json.items as Array<{ id: string }>).map((i) => i.id)).toContain(a.id);
      const byEmail = await get(t.app, `/api/v1/students?search=${encodeURIComponent(a.email)}`, hod());
      expect(byEmail.json.total).toBe(1);

      const all = await get(t.app, `/api/v1/students?search=${tag}&pageSize=20`, master());
      expect(all.json.total).toBe(3);
      const paid = await get(t.app, `/api/v1/students?search=${tag}&paid=false&pageSize=20`, master());
      expect(paid.json.total).toBe(2);
      const verified = await get(t.app, `/api/v1/students?search=${tag}&verified=true`, master());
      expect(verified.json.total).toBe(0);
    });

    it("counts at most the cap (Master's list at national scale): the cap when more match", async () => {
      for (let i = 0; i < 3; i++) await student();
      const query = { page: 1, pageSize: 10, order: 'desc' as const };
      const spec = {
        where: studentsWhere({ kind: 'all' }),
        searchIn: studentListColumns.search,
        sortable: studentListColumns.sortable,
        defaultSort: 'createdAt' as const,
        defaultOrder: 'desc' as const,
        tieBreaker: studentListColumns.tieBreaker,
      };
      const exact = await listPage(query, studentListQueries(t.db, 1_000_000), spec);
      expect(exact.total).toBeGreaterThan(3);
      const capped = await listPage(query, studentListQueries(t.db, 3), spec);
      expect(capped.total).toBe(3);
      expect(capped.items).toEqual(exact.items);
      // Below the real cap Master's total is exact.
      const response = await get(t.app, '/api/v1/students?pageSize=10', master());
      expect(response.json.total).toBe(exact.total);
    });
  });

  describe('POST /students/:id/verification', () => {
    it('401, 403 for a student, 400 without verifyByHod, 404 unknown / malformed / outside scope', async () => {
      const s = await student();
      const url = `/api/v1/students/${s.id}/verification`;
      expect((await post(t.app, url, { verifyByHod: true })).statusCode).toBe(401);
      const asStudent = await post(t.app, url, { verifyByHod: true }, { cookie: w.actors.student.cookie });
      expect(asStudent.statusCode).toBe(403);
      const bad = await post(t.app, url, {}, hod());
      expect(bad.statusCode).toBe(400);
      expect(bad.json.message).toBe(M.noRecord);
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const res = await post(t.app, `/api/v1/students/${id}/verification`, { verifyByHod: true }, hod());
        expect(res.statusCode).toBe(404);
        expect(res.json.message).toBe(M.notFound);
      }
      const other = await post(
        t.app,
        url,
        { verifyByHod: true },
        { cookie: w.actors.hodOtherCollege.cookie },
      );
      expect(other.statusCode).toBe(404);
      expect(other.json.message).toBe(M.notFound);
      expect((await row(s.id))?.verifyByHod).toBe(false);
    });

    it('approval tells the student in the app, by e-mail and on WhatsApp; ban does not', async () => {
      const s = await student({ phone: '9123456780' });
      const res = await post(t.app, `/api/v1/students/${s.id}/verification`, { verifyByHod: true }, hod());
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: M.activeBan });
      expect((await row(s.id))?.verifyByHod).toBe(true);

      const hodName = (await row(w.actors.hod.id))?.name ?? '';
      const notes = await t.db.select().from(notifications).where(eq(notifications.toId, s.id));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        fromId: w.actors.hod.id,
        description: M.approved(hodName),
        url: '/dashboard',
        collegeId: w.north.college.id,
      });

      await t.app.outbox.drain();
      const mail = await smtp.waitForMail(s.email);
      expect(mail.subject).toBe(M.approvedTitle);
      expect(mail.text).toContain(M.approved(hodName));

      await t.app.messages.drain();
      const queued = await messagesTo(t.db, '919123456780');
      expect(queued).toHaveLength(1);
      expect(queued[0]?.status).toBe('sent');
      const sent = whatsapp.requests.find((r) => r.body.includes('919123456780'));
      expect(sent?.headers.authorization).toBe('Bearer wa-token');
      expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
        messaging_product: 'whatsapp',
        to: '919123456780',
        type: 'text',
      });

      const audit = await studentAudit(s.id);
      expect(audit.map((a) => a.action)).toEqual(['student.verify']);
      expect(audit[0]).toMatchObject({
        actorId: w.actors.hod.id,
        before: expect.objectContaining({ verifyByHod: false }),
      });
      expect(JSON.stringify(audit[0])).not.toContain('argon2');

      // Approving again changes nothing and sends nothing; banning sends nothing either.
      await post(t.app, `/api/v1/students/${s.id}/verification`, { verifyByHod: true }, hod());
      const ban = await post(
        t.app,
        `/api/v1/students/${s.id}/verification`,
        { verifyByHod: false },
        master(),
      );
      expect(ban.json).toEqual({ message: M.activeBan });
      expect((await row(s.id))?.verifyByHod).toBe(false);
      expect(await t.db.select().from(notifications).where(eq(notifications.toId, s.id))).toHaveLength(1);
      expect(await messagesTo(t.db, '919123456780')).toHaveLength(1);
      expect((await studentAudit(s.id)).map((a) => a.action)).toEqual(['student.verify', 'student.unverify']);
    });
  });

  describe('POST /students/bulk-verification', () => {
    it('401, 403 for a HOD, 400 with no students', async () => {
      const url = '/api/v1/students/bulk-verification';
      expect((await post(t.app, url, { studentIds: [UNKNOWN_ID] })).statusCode).toBe(401);
      expect((await post(t.app, url, { studentIds: [UNKNOWN_ID] }, hod())).statusCode).toBe(403);
      for (const body of [{}, { studentIds: [] }, { studentIds: ['nope'] }]) {
        const res = await post(t.app, url, body, master());
        expect(res.statusCode).toBe(400);
        expect(res.json.message).toBe(M.selectStudent);
      }
    });

    it('verifies only the unverified live students and tells each', async () => {
      const a = await student({ phone: '9111111111' });
      const b = await student({ placement: w.south, phone: '9222222222' });
      const done = await student({ verifyByHod: true });
      const gone = await student({ deleted: true });
      const staff = await createUser(t.db, { role: 'professor', placement: w.north });
      const res = await post(
        t.app,
        '/api/v1/students/bulk-verification',
        { studentIds: [a.id, b.id, done.id, gone.id, staff.id, UNKNOWN_ID] },
        master(),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: M.bulkVerified(2), updatedCount: 2 });
      expect((await row(a.id))?.verifyByHod).toBe(true);
      expect((await row(b.id))?.verifyByHod).toBe(true);
      expect((await row(gone.id))?.verifyByHod).toBe(false);
      expect((await row(staff.id))?.verifyByHod).toBe(false);
      for (const s of [a, b]) {
        expect(await t.db.select().from(notifications).where(eq(notifications.toId, s.id))).toHaveLength(1);
        expect((await studentAudit(s.id)).map((x) => x.action)).toEqual(['student.verify']);
      }
      expect(await t.db.select().from(notifications).where(eq(notifications.toId, done.id))).toHaveLength(0);
      expect(await messagesTo(t.db, '919111111111')).toHaveLength(1);
      expect(await messagesTo(t.db, '919222222222')).toHaveLength(1);
      await t.app.outbox.drain();
      await smtp.waitForMail(a.email);
      await smtp.waitForMail(b.email);
    });
  });

  describe('POST /students/:id/payment', () => {
    it('401, 403 for a HOD, 400, 404, then sets the status', async () => {
      const s = await student();
      const url = `/api/v1/students/${s.id}/payment`;
      expect((await post(t.app, url, { paid: true })).statusCode).toBe(401);
      expect((await post(t.app, url, { paid: true }, hod())).statusCode).toBe(403);
      const bad = await post(t.app, url, { paid: 'yes' }, master());
      expect(bad.statusCode).toBe(400);
      expect(bad.json.message).toBe(M.noRecord);
      expect(
        (await post(t.app, `/api/v1/students/${UNKNOWN_ID}/payment`, { paid: true }, master())).statusCode,
      ).toBe(404);
      const res = await post(t.app, url, { paid: true }, master());
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: M.paymentUpdated });
      expect((await row(s.id))?.paid).toBe(true);
      const audit = await studentAudit(s.id);
      expect(audit.map((a) => a.action)).toEqual(['student.payment']);
      expect(audit[0]?.after).toMatchObject({ paid: true });
    });
  });

  describe('DELETE /students/:id', () => {
    it('401, 403 for a HOD, 404, then closes the account and keeps the row', async () => {
      const s = await student();
      const cookie = await login(t.app, s.email, s.password, 'student', { remoteAddress: freshIp() });
      const url = `/api/v1/students/${s.id}`;
      expect((await del(t.app, url)).statusCode).toBe(401);
      expect((await del(t.app, url, hod())).statusCode).toBe(403);
      expect((await del(t.app, `/api/v1/students/${UNKNOWN_ID}`, master())).statusCode).toBe(404);
      const res = await del(t.app, url, master());
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: M.deleted });
      expect((await row(s.id))?.deletedAt).toBeInstanceOf(Date);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, s.id))).toHaveLength(0);
      expect((await get(t.app, '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
      const again = await post(
        t.app,
        '/api/v1/auth/login',
        { email: s.email, password: s.password },
        { remoteAddress: freshIp() },
      );
      expect(again.statusCode).not.toBe(200);
      expect((await del(t.app, url, master())).statusCode).toBe(404);
      expect((await studentAudit(s.id)).map((a) => a.action)).toEqual(['student.delete']);
    });
  });

  describe('POST /students/:id/password', () => {
    it('401, 403 for a HOD, 400 short password, 404, then sets it and signs the student out', async () => {
      const s = await student();
      const cookie = await login(t.app, s.email, s.password, 'student', { remoteAddress: freshIp() });
      const url = `/api/v1/students/${s.id}/password`;
      const body = { newPassword: 'Brand-New-Pass-7' };
      expect((await post(t.app, url, body)).statusCode).toBe(401);
      expect((await post(t.app, url, body, hod())).statusCode).toBe(403);
      const short = await post(t.app, url, { newPassword: 'x' }, master());
      expect(short.statusCode).toBe(400);
      expect(short.json.message).toBe(PASSWORD_MESSAGES.tooShort);
      expect((await post(t.app, `/api/v1/students/${UNKNOWN_ID}/password`, body, master())).statusCode).toBe(
        404,
      );
      const res = await post(t.app, url, body, master());
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: M.passwordReset });
      expect((await get(t.app, '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
      await expect(
        login(t.app, s.email, DEFAULT_PASSWORD, 'student', { remoteAddress: freshIp() }),
      ).rejects.toThrow();
      await login(t.app, s.email, body.newPassword, 'student', { remoteAddress: freshIp() });
      const audit = await studentAudit(s.id);
      expect(audit.map((a) => a.action)).toEqual(['student.password.reset']);
      expect(JSON.stringify(audit)).not.toContain('argon2');
      const live = await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, s.id)));
      expect(live).toHaveLength(1);
    });
  });
});
