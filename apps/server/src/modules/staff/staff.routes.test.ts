import type { StaffRole } from '@pgel/shared/roles';
import {
  AdminSetPasswordSchema,
  LOGIN_MESSAGES,
  PASSWORD_MESSAGES,
  VERIFY_MESSAGES,
} from '@pgel/shared/schemas/auth';
import { ADD_HOD_MESSAGES, STAFF_MESSAGES as M, STAFF_ACCOUNT_TEXT } from '@pgel/shared/schemas/staff-admin';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, oneTimeTokens, sessions, staffStudents, users } from '../../db/schema/index';
import { newTemporaryPassword } from '../../platform/secrets';
import {
  APP_URL,
  auditRowsFor,
  buildTestApp,
  createUser,
  DEFAULT_PASSWORD,
  freshIp,
  get,
  linkFrom,
  linkStaffStudent,
  login,
  messagesTo,
  type Placement,
  post,
  put,
  type TestApp,
  temporaryPasswordFrom,
  type UserFixtureOptions,
  unique,
} from '../../test/helpers';
import { type HttpRecorder, startHttpRecorder } from '../../test/http-recorder';
import { createReferenceWorld, type ReferenceWorld } from '../../test/reference-world';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import * as repo from './staff.repository';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Item = Record<string, unknown> & { id: string };

describe('staff: /allStaff, /allHod and Add HOD API', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let smtp: SmtpCatcher;
  let whatsapp: HttpRecorder;
  let phoneSerial = 0;

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

  /** A ten-digit mobile number no other test of this file uses. */
  const phone10 = () => {
    phoneSerial += 1;
    return `95${String(phoneSerial).padStart(8, '0')}`;
  };
  const hod = () => ({ cookie: w.actors.hod.cookie });
  const master = () => ({ cookie: w.actors.master.cookie });
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const rowByEmail = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];
  const staffAudit = async (id: string) =>
    (await auditRowsFor(t.db, 'user', id)).filter((a) => a.action.startsWith('staff.'));
  const linksOf = async (staffId: string) =>
    (
      await t.db
        .select({ id: staffStudents.studentId })
        .from(staffStudents)
        .where(eq(staffStudents.staffId, staffId))
        .orderBy(asc(staffStudents.studentId))
    ).map((r) => r.id);
  const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));
  const staffLogin = (email: string, password: string) =>
    post(t.app, '/api/v1/auth/staff-login', { email, password }, { remoteAddress: freshIp() });
  const newStaffBody = (extra: Record<string, unknown> = {}) => ({
    name: `Dr. ${unique('New')}`,
    email: `${unique('staff')}@example.org`,
    phone: `+91${phone10()}`,
    role: 'professor',
    ...extra,
  });

  it('documents every route in the OpenAPI document with its tag, summary and schemas', async () => {
    const doc = (await get(t.app, '/api/v1/openapi.json')).json as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses?: object; requestBody?: object }>
      >;
    };
    const routes: Array<[string, string, string, boolean]> = [
      ['/api/v1/staff', 'get', 'staff', false],
      ['/api/v1/staff', 'post', 'staff', true],
      ['/api/v1/staff/hods', 'post', 'staff', true],
      ['/api/v1/staff/{id}', 'put', 'staff', true],
      ['/api/v1/staff/{id}/status', 'post', 'staff', true],
      ['/api/v1/staff/{id}/password', 'post', 'staff', true],
      ['/api/v1/staff/{id}/students', 'get', 'staff', false],
      ['/api/v1/staff/{id}/students', 'put', 'staff', true],
      ['/api/v1/people/teachers/mine', 'get', 'people', false],
      ['/api/v1/people/teachers', 'post', 'people', true],
    ];
    for (const [path, method, tag, hasBody] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.tags).toEqual([tag]);
      expect(operation?.summary).toEqual(expect.any(String));
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
      if (hasBody) expect(operation?.requestBody, `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/people/teachers']?.get).toBeDefined();
  });

  describe('newTemporaryPassword', () => {
    it('is 12 readable characters with upper, lower and digit, and passes the password rules', () => {
      const seen = new Set<string>();
      for (let i = 0; i < 200; i += 1) {
        const password = newTemporaryPassword();
        seen.add(password);
        expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{12}$/);
        expect(password).toMatch(/[A-Z]/);
        expect(password).toMatch(/[a-z]/);
        expect(password).toMatch(/[2-9]/);
        expect(AdminSetPasswordSchema.safeParse({ newPassword: password }).success).toBe(true);
      }
      expect(seen.size).toBe(200);
    });
  });

  describe('POST /staff', () => {
    it('401 anonymous, 403 student and professor, before the body is looked at', async () => {
      expect((await post(t.app, '/api/v1/staff', {})).statusCode).toBe(401);
      for (const who of ['student', 'facultyOtherDepartment'] as const) {
        const res = await post(t.app, '/api/v1/staff', {}, { cookie: w.actors[who].cookie });
        expect(res.statusCode).toBe(403);
      }
    });

    it("400 with the form's messages, and nothing is written", async () => {
      const email = `${unique('invalid')}@example.org`;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, M.fillAll],
        [newStaffBody({ name: '   ', email }), M.fillAll],
        [newStaffBody({ email: '' }), M.fillAll],
        [newStaffBody({ email: 'not-an-email' }), M.invalidEmail],
        [newStaffBody({ email, phone: '' }), M.fillAll],
        [newStaffBody({ email, phone: '987654321' }), M.phoneCountryCode],
        [newStaffBody({ email, phone: '+91 98765' }), M.phoneCountryCode],
        [newStaffBody({ email, role: undefined }), M.fillAll],
        [newStaffBody({ email, role: 'master' }), M.fillAll],
        [newStaffBody({ email, role: 'drp_coordinator' }), M.fillAll],
      ];
      for (const [body, message] of cases) {
        const res = await post(t.app, '/api/v1/staff', body, hod());
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json.message, JSON.stringify(body)).toBe(message);
      }
      // Master must name a college and department the college runs.
      const noCollege = await post(t.app, '/api/v1/staff', newStaffBody({ email }), master());
      expect(noCollege.statusCode).toBe(400);
      expect(noCollege.json.message).toBe(M.selectCollege);
      const onlyCollege = await post(
        t.app,
        '/api/v1/staff',
        newStaffBody({ email, collegeId: w.north.college.id }),
        master(),
      );
      expect(onlyCollege.json.message).toBe(M.selectCollege);
      const notLinked = await post(
        t.app,
        '/api/v1/staff',
        newStaffBody({ email, collegeId: w.south.college.id, departmentId: w.surgery.department.id }),
        master(),
      );
      expect(notLinked.statusCode).toBe(400);
      expect(notLinked.json.message).toBe(M.departmentNotInCollege);
      expect(await rowByEmail(email)).toBeUndefined();
    });

    it('an HOD adds staff to their own department, whatever the body names; the credentials work after verification', async () => {
      const mobile = phone10();
      const email = `${unique('Prof')}@Example.org`;
      const res = await post(
        t.app,
        '/api/v1/staff',
        {
          name: '  Dr. Asha Varma ',
          email,
          phone: `+91 ${mobile.slice(0, 5)}-${mobile.slice(5)}`,
          role: 'associate_professor',
          // Ignored for an HOD: the scope comes from the session.
          collegeId: w.south.college.id,
          departmentId: w.surgery.department.id,
        },
        hod(),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json).toEqual({ message: M.added, id: expect.any(String) });
      const id = res.json.id as string;
      const created = await row(id);
      expect(created).toMatchObject({
        name: 'Dr. Asha Varma',
        email: email.toLowerCase(),
        phone: `+91${mobile}`,
        role: 'associate_professor',
        collegeId: w.north.college.id,
        departmentId: w.north.department.id,
        addedById: w.actors.hod.id,
        emailVerifiedAt: null,
        blocked: false,
        deletedAt: null,
      });

      const tokens = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.purpose).toBe('verify_email');
      const days = ((tokens[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);

      const audit = await staffAudit(id);
      expect(audit.map((a) => a.action)).toEqual(['staff.create']);
      expect(audit[0]).toMatchObject({
        actorId: w.actors.hod.id,
        collegeId: w.north.college.id,
        after: expect.objectContaining({ role: 'associate_professor', verified: false }),
      });

      await t.app.outbox.drain();
      const mail = await smtp.waitForMail(email.toLowerCase());
      expect(mail.subject).toBe(STAFF_ACCOUNT_TEXT.subject);
      const hodName = (await row(w.actors.hod.id))?.name ?? '';
      expect(mail.text).toContain(hodName);
      expect(mail.text).toContain('Associate Professor');
      expect(mail.text).toContain('North Medical College');
      expect(mail.text).toContain('Medicine');
      expect(mail.text).toContain(`${APP_URL}/staffLogin`);
      const password = temporaryPasswordFrom(mail.text);
      expect(password).toHaveLength(12);
      const { token } = linkFrom(mail.text, 'verifyStaff');
      expect(JSON.stringify(audit)).not.toContain(password);
      expect(JSON.stringify(audit)).not.toContain('argon2');

      await t.app.messages.drain();
      const queued = await messagesTo(t.db, `91${mobile}`);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ text: STAFF_ACCOUNT_TEXT.message(hodName), status: 'sent' });
      expect(queued[0]?.text).not.toContain(password);
      const sent = whatsapp.requests.find((r) => r.body.includes(`91${mobile}`));
      expect(sent?.body).not.toContain(password);

      // Not before the link is opened; then with the mailed password through the faculty tab.
      const early = await staffLogin(email, password);
      expect(early.statusCode).toBe(403);
      expect(early.json.message).toBe(LOGIN_MESSAGES.staffNotVerified);
      const wrongPage = await post(t.app, `/api/v1/auth/verify/${token}`);
      expect(wrongPage.statusCode).toBe(400);
      const verified = await post(t.app, `/api/v1/auth/verify-staff/${token}`);
      expect(verified.statusCode).toBe(200);
      expect(verified.json.message).toBe(VERIFY_MESSAGES.success);
      const cookie = await login(t.app, email, password, 'staff', { remoteAddress: freshIp() });
      const me = await get(t.app, '/api/v1/auth/me', { cookie });
      expect(me.statusCode).toBe(200);
      expect(me.json.user).toMatchObject({ id, role: 'associate_professor' });
      // A professor does not manage staff.
      expect((await get(t.app, '/api/v1/staff', { cookie })).statusCode).toBe(403);

      const list = await get(t.app, `/api/v1/staff?search=${encodeURIComponent(email)}`, hod());
      expect(list.json.items).toEqual([
        expect.objectContaining({ id, verified: true, blocked: false, addedByName: hodName }),
      ]);
    });

    it('Master adds staff to the college and department named', async () => {
      const body = newStaffBody({
        role: 'clerk',
        collegeId: w.north.college.id,
        departmentId: w.surgery.department.id,
      });
      const res = await post(t.app, '/api/v1/staff', body, master());
      expect(res.statusCode, res.body).toBe(201);
      expect(await row(res.json.id as string)).toMatchObject({
        role: 'clerk',
        collegeId: w.north.college.id,
        departmentId: w.surgery.department.id,
        addedById: w.actors.master.id,
      });
      await t.app.outbox.drain();
      const mail = await smtp.waitForMail(body.email as string);
      expect(mail.text).toContain('Surgery');
      expect(mail.text).toContain('Clerk');
    });

    it('409 for an address already in use, in any case, deleted accounts included', async () => {
      const existing = await createUser(t.db, { placement: w.south });
      const gone = await createUser(t.db, { placement: w.north, role: 'professor', deleted: true });
      for (const email of [existing.email.toUpperCase(), gone.email]) {
        const res = await post(t.app, '/api/v1/staff', newStaffBody({ email }), hod());
        expect(res.statusCode).toBe(409);
        expect(res.json.message).toBe(M.emailTaken);
      }
      expect(await t.db.select().from(users).where(eq(users.email, existing.email))).toHaveLength(1);
    });
  });

  describe('POST /staff/hods', () => {
    it('401, 403 for Master and faculty, 400 with the Add HOD messages', async () => {
      const body = { name: 'Dr. Hod', email: `${unique('hod')}@example.org`, phone: phone10() };
      expect((await post(t.app, '/api/v1/staff/hods', body)).statusCode).toBe(401);
      expect((await post(t.app, '/api/v1/staff/hods', body, master())).statusCode).toBe(403);
      const faculty = { cookie: w.actors.facultyOtherDepartment.cookie };
      expect((await post(t.app, '/api/v1/staff/hods', body, faculty)).statusCode).toBe(403);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, ADD_HOD_MESSAGES.missing],
        [{ ...body, name: '' }, ADD_HOD_MESSAGES.missing],
        [{ ...body, email: 'nope' }, ADD_HOD_MESSAGES.invalidEmail],
        [{ ...body, phone: '+919876543210' }, ADD_HOD_MESSAGES.invalidPhone],
        [{ ...body, phone: '98765' }, ADD_HOD_MESSAGES.invalidPhone],
      ];
      for (const [input, message] of cases) {
        const res = await post(t.app, '/api/v1/staff/hods', input, hod());
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(res.json.message).toBe(message);
      }
      expect(await rowByEmail(body.email)).toBeUndefined();
    });

    it("adds an HOD to the caller's college and department, with mail and message", async () => {
      const mobile = phone10();
      const body = { name: 'Dr. Second Hod', email: `${unique('hod')}@example.org`, phone: mobile };
      const res = await post(t.app, '/api/v1/staff/hods', body, hod());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json).toEqual({ message: ADD_HOD_MESSAGES.added, id: expect.any(String) });
      expect(await row(res.json.id as string)).toMatchObject({
        role: 'hod',
        phone: `+91${mobile}`,
        collegeId: w.north.college.id,
        departmentId: w.north.department.id,
        addedById: w.actors.hod.id,
        emailVerifiedAt: null,
      });
      expect((await staffAudit(res.json.id as string)).map((a) => a.action)).toEqual(['staff.create']);
      expect(await messagesTo(t.db, `91${mobile}`)).toHaveLength(1);
      await t.app.outbox.drain();
      const mail = await smtp.waitForMail(body.email);
      expect(mail.text).toContain('HOD');
      linkFrom(mail.text, 'verifyStaff');
      temporaryPasswordFrom(mail.text);

      const again = await post(t.app, '/api/v1/staff/hods', body, hod());
      expect(again.statusCode).toBe(409);
      expect(again.json.message).toBe(M.emailTaken);
    });
  });

  describe('GET /staff', () => {
    it('401, 403 for students and faculty, 400 for a bad page size or role', async () => {
      expect((await get(t.app, '/api/v1/staff')).statusCode).toBe(401);
      expect((await get(t.app, '/api/v1/staff', { cookie: w.actors.student.cookie })).statusCode).toBe(403);
      const faculty = { cookie: w.actors.facultyOtherDepartment.cookie };
      expect((await get(t.app, '/api/v1/staff', faculty)).statusCode).toBe(403);
      expect((await get(t.app, '/api/v1/staff?pageSize=7', hod())).statusCode).toBe(400);
      expect((await get(t.app, '/api/v1/staff?role=student', hod())).statusCode).toBe(400);
    });

    it("an HOD sees their own department's live staff (self included); Master all but Masters", async () => {
      const tag = unique('list');
      const mk = (placement: Placement | undefined, role: StaffRole | null, extra: UserFixtureOptions = {}) =>
        createUser(t.db, { placement, role, name: `Dr. ${tag} ${unique()}`, ...extra });
      const a = await mk(w.north, 'professor', { phone: '+919812345670' });
      const b = await mk(w.north, 'clerk', { verified: false, blocked: true });
      const surgery = await mk(w.surgery, 'professor');
      const south = await mk(w.south, 'hod');
      await mk(w.north, 'professor', { deleted: true });
      await mk(w.north, null);
      await mk(undefined, 'master');
      const s1 = await createUser(t.db, { placement: w.north });
      const s2 = await createUser(t.db, { placement: w.north, deleted: true });
      await linkStaffStudent(t.db, a.id, s1.id);
      await linkStaffStudent(t.db, a.id, s2.id);
      // Master sees the identity document.
      const [file] = await t.db
        .insert(files)
        .values({
          ownerId: a.id,
          purpose: 'id_proof',
          originalName: 'id.pdf',
          contentType: 'application/pdf',
          size: 10,
          storageKey: unique('key'),
        })
        .returning();
      await t.db
        .update(users)
        .set({ idProofFileId: file?.id ?? null, addedById: w.actors.hod.id })
        .where(eq(users.id, a.id));

      const res = await get(t.app, `/api/v1/staff?search=${tag}&pageSize=20`, hod());
      expect(res.statusCode).toBe(200);
      expect(res.json.total).toBe(2);
      const items = res.json.items as Item[];
      expect(items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
      const hodName = (await row(w.actors.hod.id))?.name;
      expect(items.find((i) => i.id === a.id)).toEqual({
        id: a.id,
        name: a.name,
        email: a.email,
        phone: '+919812345670',
        role: 'professor',
        collegeId: w.north.college.id,
        collegeName: 'North Medical College',
        departmentId: w.north.department.id,
        departmentName: 'Medicine',
        verified: true,
        blocked: false,
        confirmation: 'confirmed',
        addedByName: hodName,
        assignedStudentCount: 1,
        identityUrl: null,
        identityContentType: null,
        createdAt: null,
      });
      expect(items.find((i) => i.id === b.id)).toMatchObject({
        verified: false,
        blocked: true,
        addedByName: null,
        assignedStudentCount: 0,
      });

      // The HOD themself is on their own list.
      const all = await get(t.app, '/api/v1/staff?pageSize=20&role=hod', hod());
      expect((all.json.items as Item[]).map((i) => i.id)).toContain(w.actors.hod.id);

      const other = await get(t.app, `/api/v1/staff?search=${tag}&pageSize=20`, {
        cookie: w.actors.hodOtherCollege.cookie,
      });
      expect((other.json.items as Item[]).map((i) => i.id)).toEqual([south.id]);

      const m = await get(t.app, `/api/v1/staff?search=${tag}&pageSize=20`, master());
      expect(m.json.total).toBe(4);
      expect((m.json.items as Item[]).map((i) => i.id).sort()).toEqual(
        [a.id, b.id, surgery.id, south.id].sort(),
      );
      const mine = (m.json.items as Item[]).find((i) => i.id === a.id);
      expect(mine).toMatchObject({
        identityUrl: `/api/v1/files/${file?.id}`,
        identityContentType: 'application/pdf',
        createdAt: expect.any(String),
      });
      const masterSelf = await get(t.app, '/api/v1/staff?role=master', master());
      expect(masterSelf.json.total).toBe(0);

      const south2 = await get(
        t.app,
        `/api/v1/staff?search=${tag}&collegeId=${w.south.college.id}&pageSize=20`,
        master(),
      );
      expect((south2.json.items as Item[]).map((i) => i.id)).toEqual([south.id]);
      // An HOD's collegeId is ignored: the scope is their own department.
      const ignored = await get(
        t.app,
        `/api/v1/staff?search=${tag}&collegeId=${w.south.college.id}&pageSize=20`,
        hod(),
      );
      expect(ignored.json.total).toBe(2);
      const clerks = await get(t.app, `/api/v1/staff?search=${tag}&role=clerk`, master());
      expect((clerks.json.items as Item[]).map((i) => i.id)).toEqual([b.id]);
      const byPhone = await get(t.app, '/api/v1/staff?search=9812345670', master());
      expect((byPhone.json.items as Item[]).map((i) => i.id)).toContain(a.id);

      // Paging and sorting happen in SQL.
      const page = await get(
        t.app,
        `/api/v1/staff?search=${tag}&pageSize=5&page=1&sort=role&order=desc`,
        master(),
      );
      expect((page.json.items as Item[]).map((i) => i.role)).toEqual([
        'professor',
        'professor',
        'hod',
        'clerk',
      ]);
      const page2 = await get(t.app, `/api/v1/staff?search=${tag}&pageSize=5&page=2`, master());
      expect(page2.json).toMatchObject({ items: [], total: 4, page: 2, pageSize: 5 });
    });

    it('on PostgreSQL the scoped list reads users_scope_idx and users_role_idx', async () => {
      if (t.kind !== 'postgres') return;
      const plan = async (where: ReturnType<typeof repo.staffWhere>) => {
        const { sql: text, params } = t.db.select({ id: users.id }).from(users).where(where).toSQL();
        const inlined = params.reduce<string>(
          (acc, p, i) => acc.replace(`$${i + 1}`, `'${String(p)}'`),
          text,
        );
        await t.db.execute(sql`analyze users`);
        // One transaction, so the setting and the plan share a connection of the pool.
        return t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const result = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as {
            rows: Array<Record<string, string>>;
          };
          return result.rows.map((r) => Object.values(r)[0]).join('\n');
        });
      };
      expect(
        await plan(
          repo.staffWhere({
            kind: 'department',
            collegeId: w.north.college.id,
            departmentId: w.north.department.id,
          }),
        ),
      ).toContain('users_scope_idx');
      expect(await plan(repo.staffWhere({ kind: 'all' }))).toContain('users_role_idx');
    });
  });

  describe('PUT /staff/:id', () => {
    it('400 with the messages; 404 unknown, malformed, other departments and Master; 403 for an Admin', async () => {
      const staff = await createUser(t.db, { placement: w.north, role: 'professor' });
      const body = { name: 'Dr. Edited', phone: '+919800000001', active: true };
      const url = `/api/v1/staff/${staff.id}`;
      expect((await put(t.app, url, body)).statusCode).toBe(401);
      expect((await put(t.app, url, body, { cookie: w.actors.student.cookie })).statusCode).toBe(403);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, M.fillAll],
        [{ ...body, name: '' }, M.fillAll],
        [{ ...body, phone: '980000001' }, M.phoneCountryCode],
        [{ ...body, active: 'yes' }, M.fillAll],
      ];
      for (const [input, message] of cases) {
        const res = await put(t.app, url, input, hod());
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(res.json.message).toBe(message);
      }
      const surgeon = await createUser(t.db, { placement: w.surgery, role: 'professor' });
      const student = await createUser(t.db, { placement: w.north });
      for (const id of [UNKNOWN_ID, 'not-a-uuid', surgeon.id, student.id, w.actors.master.id]) {
        const res = await put(t.app, `/api/v1/staff/${id}`, body, hod());
        expect(res.statusCode, id).toBe(404);
        expect(res.json.message).toBe(M.notFound);
      }
      const fromSouth = await put(t.app, url, body, { cookie: w.actors.hodOtherCollege.cookie });
      expect(fromSouth.statusCode).toBe(404);
      // Master cannot edit another Master (nor themselves) here either.
      const otherMaster = await createUser(t.db, { role: 'master' });
      expect((await put(t.app, `/api/v1/staff/${otherMaster.id}`, body, master())).statusCode).toBe(404);
      const admin = await createUser(t.db, { placement: w.north, role: 'admin' });
      expect((await put(t.app, `/api/v1/staff/${admin.id}`, body, hod())).statusCode).toBe(403);

      for (const id of [staff.id, surgeon.id, student.id, otherMaster.id, admin.id]) {
        expect((await row(id))?.name).not.toBe('Dr. Edited');
      }
    });

    it('saves name, phone and status; blocking signs the member out; nobody blocks themselves', async () => {
      const staff = await createUser(t.db, { placement: w.north, role: 'professor' });
      const cookie = await login(t.app, staff.email, staff.password, 'staff', { remoteAddress: freshIp() });
      const url = `/api/v1/staff/${staff.id}`;
      const res = await put(
        t.app,
        url,
        { name: 'Dr. Renamed', phone: '+91 98000-00002', active: true },
        hod(),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: M.updated });
      expect(await row(staff.id)).toMatchObject({
        name: 'Dr. Renamed',
        phone: '+919800000002',
        blocked: false,
      });
      expect(await sessionsOf(staff.id)).toHaveLength(1);

      const block = await put(
        t.app,
        url,
        { name: 'Dr. Renamed', phone: '+919800000002', active: false },
        master(),
      );
      expect(block.statusCode).toBe(200);
      expect((await row(staff.id))?.blocked).toBe(true);
      expect(await sessionsOf(staff.id)).toHaveLength(0);
      expect((await get(t.app, '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
      const refused = await staffLogin(staff.email, staff.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json.message).toBe(LOGIN_MESSAGES.blocked);

      const audit = await staffAudit(staff.id);
      expect(audit.map((a) => a.action)).toEqual(['staff.update', 'staff.update']);
      expect(audit[0]).toMatchObject({
        actorId: w.actors.hod.id,
        before: expect.objectContaining({ name: staff.name }),
        after: expect.objectContaining({ name: 'Dr. Renamed', phone: '+919800000002' }),
      });
      expect(audit[1]?.after).toMatchObject({ blocked: true });
      expect(JSON.stringify(audit)).not.toContain('argon2');

      // Saving the same values changes and records nothing.
      await put(t.app, url, { name: 'Dr. Renamed', phone: '+919800000002', active: false }, hod());
      expect(await staffAudit(staff.id)).toHaveLength(2);

      const hodRow = await row(w.actors.hod.id);
      const self = await put(
        t.app,
        `/api/v1/staff/${w.actors.hod.id}`,
        { name: hodRow?.name, phone: '+919800000003', active: false },
        hod(),
      );
      expect(self.statusCode).toBe(403);
      expect(self.json.message).toBe(M.ownStatus);
      expect((await row(w.actors.hod.id))?.blocked).toBe(false);
      expect((await row(w.actors.hod.id))?.phone).toBe(hodRow?.phone);
    });
  });

  describe('POST /staff/:id/status', () => {
    it('blocks (ending sessions) and unblocks; an HOD cannot block themselves; 404 out of scope', async () => {
      const staff = await createUser(t.db, { placement: w.north, role: 'assistant_professor' });
      const cookie = await login(t.app, staff.email, staff.password, 'staff', { remoteAddress: freshIp() });
      const url = `/api/v1/staff/${staff.id}/status`;
      const bad = await post(t.app, url, {}, hod());
      expect(bad.statusCode).toBe(400);
      expect(bad.json.message).toBe(M.failedStatus);
      const south = await post(t.app, url, { active: false }, { cookie: w.actors.hodOtherCollege.cookie });
      expect(south.statusCode).toBe(404);
      expect(south.json.message).toBe(M.notFound);
      for (const id of [w.actors.master.id, w.actors.facultyOtherDepartment.id, w.actors.student.id]) {
        const res = await post(t.app, `/api/v1/staff/${id}/status`, { active: false }, hod());
        expect(res.statusCode, id).toBe(404);
        expect((await row(id))?.blocked).toBe(false);
      }

      const block = await post(t.app, url, { active: false }, hod());
      expect(block.statusCode).toBe(200);
      expect(block.json).toEqual({ message: M.statusUpdated });
      expect((await row(staff.id))?.blocked).toBe(true);
      expect(await sessionsOf(staff.id)).toHaveLength(0);
      expect((await get(t.app, '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
      expect((await staffLogin(staff.email, staff.password)).json.message).toBe(LOGIN_MESSAGES.blocked);

      const unblock = await post(t.app, url, { active: true }, hod());
      expect(unblock.statusCode).toBe(200);
      expect((await row(staff.id))?.blocked).toBe(false);
      await login(t.app, staff.email, staff.password, 'staff', { remoteAddress: freshIp() });
      expect((await staffAudit(staff.id)).map((a) => a.action)).toEqual(['staff.block', 'staff.unblock']);

      const self = await post(t.app, `/api/v1/staff/${w.actors.hod.id}/status`, { active: false }, hod());
      expect(self.statusCode).toBe(403);
      expect(self.json.message).toBe(M.ownStatus);
      expect((await row(w.actors.hod.id))?.blocked).toBe(false);
      expect(await staffAudit(w.actors.hod.id)).toHaveLength(0);
    });

    it("Master's verify toggle verifies an unverified account; an HOD's unblock does not", async () => {
      const staff = await createUser(t.db, { placement: w.north, role: 'professor', verified: false });
      const url = `/api/v1/staff/${staff.id}/status`;
      const byHod = await post(t.app, url, { active: true }, hod());
      expect(byHod.statusCode).toBe(200);
      expect((await row(staff.id))?.emailVerifiedAt).toBeNull();
      expect(await staffAudit(staff.id)).toHaveLength(0);
      expect((await staffLogin(staff.email, staff.password)).json.message).toBe(
        LOGIN_MESSAGES.staffNotVerified,
      );

      const byMaster = await post(t.app, url, { active: true }, master());
      expect(byMaster.statusCode).toBe(200);
      expect((await row(staff.id))?.emailVerifiedAt).toBeInstanceOf(Date);
      await login(t.app, staff.email, staff.password, 'staff', { remoteAddress: freshIp() });
      const audit = await staffAudit(staff.id);
      expect(audit.map((a) => a.action)).toEqual(['staff.verify']);
      expect(audit[0]).toMatchObject({
        actorId: w.actors.master.id,
        before: expect.objectContaining({ verified: false }),
        after: expect.objectContaining({ verified: true }),
      });

      // Off blocks, on again unblocks (already verified).
      await post(t.app, url, { active: false }, master());
      expect((await row(staff.id))?.blocked).toBe(true);
      await post(t.app, url, { active: true }, master());
      expect((await row(staff.id))?.blocked).toBe(false);
      expect((await staffAudit(staff.id)).map((a) => a.action)).toEqual([
        'staff.verify',
        'staff.block',
        'staff.unblock',
      ]);
    });
  });

  describe('POST /staff/:id/password', () => {
    it('Master only; sets the password and signs the member out', async () => {
      const staff = await createUser(t.db, { placement: w.south, role: 'hod' });
      const cookie = await login(t.app, staff.email, staff.password, 'staff', { remoteAddress: freshIp() });
      const url = `/api/v1/staff/${staff.id}/password`;
      const body = { newPassword: 'Staff-New-Pass-8' };
      expect((await post(t.app, url, body)).statusCode).toBe(401);
      expect((await post(t.app, url, body, { cookie: w.actors.hodOtherCollege.cookie })).statusCode).toBe(
        403,
      );
      const short = await post(t.app, url, { newPassword: 'short' }, master());
      expect(short.statusCode).toBe(400);
      expect(short.json.message).toBe(PASSWORD_MESSAGES.tooShort);
      for (const id of [UNKNOWN_ID, 'nope', w.actors.student.id, w.actors.master.id]) {
        expect((await post(t.app, `/api/v1/staff/${id}/password`, body, master())).statusCode, id).toBe(404);
      }
      const res = await post(t.app, url, body, master());
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ message: M.passwordReset });
      expect((await get(t.app, '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
      expect(await sessionsOf(staff.id)).toHaveLength(0);
      expect((await staffLogin(staff.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
      await login(t.app, staff.email, body.newPassword, 'staff', { remoteAddress: freshIp() });
      const audit = await staffAudit(staff.id);
      expect(audit.map((a) => a.action)).toEqual(['staff.password.reset']);
      expect(JSON.stringify(audit)).not.toContain('argon2');
      expect(JSON.stringify(audit)).not.toContain(body.newPassword);
    });
  });

  describe('GET and PUT /staff/:id/students', () => {
    it("lists the department's live students by name with the assigned flag", async () => {
      const staff = await createUser(t.db, { placement: w.north, role: 'professor' });
      const tag = unique('Assign');
      const b = await createUser(t.db, { placement: w.north, name: `${tag} B` });
      const a = await createUser(t.db, { placement: w.north, name: `${tag} A` });
      const gone = await createUser(t.db, { placement: w.north, name: `${tag} C`, deleted: true });
      const surgery = await createUser(t.db, { placement: w.surgery, name: `${tag} D` });
      await linkStaffStudent(t.db, staff.id, b.id);
      await linkStaffStudent(t.db, staff.id, gone.id);

      const res = await get(t.app, `/api/v1/staff/${staff.id}/students`, hod());
      expect(res.statusCode).toBe(200);
      const items = (res.json.items as Array<{ id: string; name: string }>).filter((i) =>
        i.name.startsWith(tag),
      );
      expect(items).toEqual([
        { id: a.id, name: a.name, email: a.email, assigned: false },
        { id: b.id, name: b.name, email: b.email, assigned: true },
      ]);
      const ids = (res.json.items as Item[]).map((i) => i.id);
      expect(ids).not.toContain(gone.id);
      expect(ids).not.toContain(surgery.id);
      expect(ids).not.toContain(staff.id);
      const names = (res.json.items as Array<{ name: string }>).map((i) => i.name);
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

      for (const id of [UNKNOWN_ID, 'nope', a.id, w.actors.facultyOtherDepartment.id]) {
        const missing = await get(t.app, `/api/v1/staff/${id}/students`, hod());
        expect(missing.statusCode, id).toBe(404);
        expect(missing.json.message).toBe(M.notFound);
      }
      expect((await get(t.app, `/api/v1/staff/${staff.id}/students`, master())).statusCode).toBe(403);
    });

    it('a staff member with no college or department has no students to choose from', async () => {
      const loose = await createUser(t.db, { role: 'professor' });
      await createUser(t.db, { name: 'Student without a college' });
      expect(await repo.assignableStudents(t.db, { collegeId: null, departmentId: null }, loose.id)).toEqual(
        [],
      );
      expect(await repo.lockStudentsOf(t.db, { collegeId: null, departmentId: null }, [loose.id])).toEqual(
        [],
      );
      // Outside every HOD's scope, so the route says not found.
      expect((await get(t.app, `/api/v1/staff/${loose.id}/students`, hod())).statusCode).toBe(404);
    });

    it('replaces the whole list; refuses students of other departments without writing anything', async () => {
      const staff = await createUser(t.db, { placement: w.north, role: 'senior_resident' });
      const [a, b, c] = [
        await createUser(t.db, { placement: w.north }),
        await createUser(t.db, { placement: w.north }),
        await createUser(t.db, { placement: w.north }),
      ];
      if (!a || !b || !c) throw new Error('fixtures');
      const url = `/api/v1/staff/${staff.id}/students`;

      for (const body of [{}, { studentIds: [] }, { studentIds: ['nope'] }, { studentIds: 'x' }]) {
        const res = await put(t.app, url, body, hod());
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json.message).toBe(M.selectStudents);
      }

      const first = await put(t.app, url, { studentIds: [a.id, b.id, a.id.toUpperCase()] }, hod());
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json).toEqual({ message: M.assigned, assignedCount: 2 });
      expect(await linksOf(staff.id)).toEqual([a.id, b.id].sort());
      const [linkA] = await t.db
        .select()
        .from(staffStudents)
        .where(and(eq(staffStudents.staffId, staff.id), eq(staffStudents.studentId, a.id)));
      expect(linkA?.assignedById).toBe(w.actors.hod.id);

      const second = await put(t.app, url, { studentIds: [b.id, c.id] }, hod());
      expect(second.json).toEqual({ message: M.assigned, assignedCount: 2 });
      expect(await linksOf(staff.id)).toEqual([b.id, c.id].sort());

      const surgeryStudent = await createUser(t.db, { placement: w.surgery });
      const southStudent = await createUser(t.db, { placement: w.south });
      const gone = await createUser(t.db, { placement: w.north, deleted: true });
      for (const outsider of [surgeryStudent.id, southStudent.id, gone.id, w.actors.hod.id, UNKNOWN_ID]) {
        const res = await put(t.app, url, { studentIds: [a.id, outsider] }, hod());
        expect(res.statusCode, outsider).toBe(400);
        expect(res.json.message).toBe(M.studentsOutsideDepartment);
      }
      expect(await linksOf(staff.id)).toEqual([b.id, c.id].sort());

      const audit = await staffAudit(staff.id);
      expect(audit.map((x) => x.action)).toEqual(['staff.assign', 'staff.assign']);
      expect(audit[1]).toMatchObject({
        actorId: w.actors.hod.id,
        before: { studentIds: [a.id, b.id].sort() },
        after: { studentIds: [b.id, c.id].sort() },
      });

      const list = await get(t.app, `/api/v1/staff?search=${encodeURIComponent(staff.email)}`, hod());
      expect((list.json.items as Item[])[0]?.assignedStudentCount).toBe(2);

      // Out of scope: another department's HOD, and staff of another department.
      const south = await put(
        t.app,
        url,
        { studentIds: [a.id] },
        { cookie: w.actors.hodOtherCollege.cookie },
      );
      expect(south.statusCode).toBe(404);
      const surgeon = await createUser(t.db, { placement: w.surgery, role: 'professor' });
      const other = await put(t.app, `/api/v1/staff/${surgeon.id}/students`, { studentIds: [a.id] }, hod());
      expect(other.statusCode).toBe(404);
      expect(await linksOf(surgeon.id)).toEqual([]);
      expect(await linksOf(staff.id)).toEqual([b.id, c.id].sort());
    });

    it('keeps a link a student made when it stays on the list', async () => {
      const teacher = await createUser(t.db, { placement: w.north, role: 'professor' });
      const s = await createUser(t.db, { placement: w.north });
      await linkStaffStudent(t.db, teacher.id, s.id, s.id);
      const res = await put(t.app, `/api/v1/staff/${teacher.id}/students`, { studentIds: [s.id] }, hod());
      expect(res.statusCode).toBe(200);
      const [link] = await t.db.select().from(staffStudents).where(eq(staffStudents.staffId, teacher.id));
      expect(link?.assignedById).toBe(s.id);
    });
  });
});
