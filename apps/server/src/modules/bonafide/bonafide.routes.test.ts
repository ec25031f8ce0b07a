import { BONAFIDE_MESSAGES as M } from '@pgel/shared/reports/bonafide';
import { STUDENT_ADMIN_MESSAGES } from '@pgel/shared/schemas/students-admin';
import { and, eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index';
import { buildTestApp, createUser, freshIp, get, inject, login, type TestApp } from '../../test/helpers';
import { createReferenceWorld, type ReferenceWorld, type Who } from '../../test/reference-world';

/** The PDF's text as a reader sees it, its line breaks folded into spaces. */
function pdfText(bytes: Buffer): string {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  return doc.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
}

describe('bonafide: certifying students and the certificate', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let hodName: string;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createReferenceWorld(t);
    const [hod] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, w.actors.hod.id));
    hodName = hod?.name ?? '';
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const certify = (id: string, who: Who, certified = true) =>
    inject(t.app, 'PUT', `/api/v1/students/${id}/certified`, { certified }, { cookie: w.cookieOf(who) });

  /** A student of North Medicine (the HOD's department), signed in, with the given details. */
  async function signedInStudent(details: Partial<typeof users.$inferInsert> = {}) {
    const s = await createUser(t.db, { placement: w.north });
    if (Object.keys(details).length > 0) await t.db.update(users).set(details).where(eq(users.id, s.id));
    const cookie = await login(t.app, s.email, s.password, 'student', { remoteAddress: freshIp() });
    return { ...s, cookie };
  }

  /** The callers beyond the reference world's: North Medicine's own faculty member. */
  let facultyCookie = '';
  beforeAll(async () => {
    const faculty = await createUser(t.db, { role: 'professor', placement: w.north });
    facultyCookie = await login(t.app, faculty.email, faculty.password, 'staff', {
      remoteAddress: freshIp(),
    });
  });
  /** The certify / uncertify audit rows of a user (signing in audits the user too). */
  const userAudits = async (id: string) =>
    (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id)))
    ).filter((row) => row.action === 'student.certify' || row.action === 'student.uncertify');

  /**
   * PUT /students/:id/certified for a North Medicine student, by every caller: the student
   * themself, another student of the department, the department's faculty, faculty of another
   * department, the HOD of another college, the department's HOD, Master, anonymous.
   */
  type PutCaller = 'self' | 'otherStudent' | 'faculty' | Exclude<Who, 'student'>;
  const PUT_MATRIX: Array<[PutCaller, number]> = [
    ['self', 403],
    ['otherStudent', 403],
    ['faculty', 403],
    ['facultyOtherDepartment', 403],
    ['hodOtherCollege', 404],
    ['hod', 200],
    ['master', 200],
    ['anonymous', 401],
  ];
  for (const [who, status] of PUT_MATRIX) {
    it(`PUT /students/:id/certified as ${who} -> ${status}${status === 200 ? '' : ', changing nothing'}`, async () => {
      const s = await signedInStudent();
      const cookie =
        who === 'self'
          ? s.cookie
          : who === 'otherStudent'
            ? w.cookieOf('student')
            : who === 'faculty'
              ? facultyCookie
              : w.cookieOf(who);
      const response = await inject(
        t.app,
        'PUT',
        `/api/v1/students/${s.id}/certified`,
        { certified: true },
        cookie ? { cookie } : {},
      );
      expect(response.statusCode, response.body).toBe(status);
      expect((await rowOf(s.id))?.certified).toBe(status === 200);
      expect(await userAudits(s.id)).toHaveLength(status === 200 ? 1 : 0);
      if (status === 200) expect(response.json).toEqual({ message: M.certified, certified: true });
      // Refused, the student still has no certificate to download.
      if (status !== 200)
        expect((await get(t.app, '/api/v1/bonafide', { cookie: s.cookie })).statusCode).toBe(403);
    });
  }

  /**
   * GET /bonafide by every caller: it takes no id, so each gets their own certificate or none.
   * Only the certified student gets a PDF, with their own name; the rest are refused.
   */
  it('GET /bonafide: only the certified student gets a PDF (theirs); everyone else is refused', async () => {
    const certified = await signedInStudent({ fatherName: 'Ramesh Kumar', joiningDate: '2024-08-01' });
    expect((await certify(certified.id, 'hod')).statusCode).toBe(200);
    const other = await signedInStudent();
    const callers: Array<[string, string | undefined, number]> = [
      ['the student', certified.cookie, 200],
      ['another student', other.cookie, 403],
      ['faculty of the department', facultyCookie, 403],
      ['faculty of another department', w.cookieOf('facultyOtherDepartment'), 403],
      ['HOD of another college', w.cookieOf('hodOtherCollege'), 403],
      ['the HOD', w.cookieOf('hod'), 403],
      ['Master', w.cookieOf('master'), 403],
      ['anonymous', undefined, 401],
    ];
    for (const [who, cookie, status] of callers) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/bonafide',
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode, who).toBe(status);
      if (status === 200) {
        expect(response.headers['content-type'], who).toBe('application/pdf');
        expect(pdfText(response.rawPayload)).toContain(certified.name);
      } else {
        expect(response.headers['content-type'], who).not.toBe('application/pdf');
        expect(response.body, who).not.toContain(certified.name);
      }
    }
    // Nothing was changed by the refusals: the other student is still uncertified.
    expect((await rowOf(other.id))?.certified).toBe(false);
    expect((await rowOf(certified.id))?.certified).toBe(true);
  });

  it('audits certifying and uncertifying, and leaves no row when nothing changes', async () => {
    const s = await createUser(t.db, { placement: w.north });
    expect((await certify(s.id, 'hod')).statusCode).toBe(200);
    const uncertified = await certify(s.id, 'master', false);
    expect(uncertified.json).toEqual({ message: M.uncertified, certified: false });
    expect((await certify(s.id, 'master', false)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, s.id)));
    // Ids are random, so the rows are compared by action.
    rows.sort((a, b) => a.action.localeCompare(b.action));
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['student.certify', w.actors.hod.id],
      ['student.uncertify', w.actors.master.id],
    ]);
    expect(rows[0]?.collegeId).toBe(w.north.college.id);
    expect(rows[0]?.before).toMatchObject({ certified: false });
    expect(rows[0]?.after).toMatchObject({ certified: true });
  });

  it('answers 404 for staff, deleted students and malformed ids, 400 for a bad body', async () => {
    const deleted = await createUser(t.db, { placement: w.north, deleted: true });
    for (const id of [w.actors.hod.id, deleted.id, 'not-a-uuid']) {
      const response = await certify(id, 'master');
      expect(response.statusCode, id).toBe(404);
      expect(response.json.message).toBe(STUDENT_ADMIN_MESSAGES.notFound);
    }
    const s = await createUser(t.db, { placement: w.north });
    const bad = await inject(
      t.app,
      'PUT',
      `/api/v1/students/${s.id}/certified`,
      { certified: 'yes' },
      {
        cookie: w.cookieOf('hod'),
      },
    );
    expect(bad.statusCode).toBe(400);
  });

  it("shows the new flag in the student's session user and on /allStudent", async () => {
    const s = await signedInStudent();
    expect((await get(t.app, '/api/v1/auth/me', { cookie: s.cookie })).json.user).toMatchObject({
      certified: false,
    });
    expect((await certify(s.id, 'hod')).statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/auth/me', { cookie: s.cookie })).json.user).toMatchObject({
      certified: true,
    });
    const list = await get(t.app, `/api/v1/students?search=${encodeURIComponent(s.email)}`, {
      cookie: w.cookieOf('hod'),
    });
    expect(list.json.items).toEqual([expect.objectContaining({ id: s.id, certified: true })]);
  });

  it('refuses the certificate to the anonymous, staff and uncertified students', async () => {
    expect((await get(t.app, '/api/v1/bonafide')).statusCode).toBe(401);
    expect((await get(t.app, '/api/v1/bonafide', { cookie: w.cookieOf('hod') })).statusCode).toBe(403);
    const s = await signedInStudent();
    const refused = await get(t.app, '/api/v1/bonafide', { cookie: s.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json.message).toBe(M.notCertified);
  });

  it("prints the certified student's certificate with the period and the HOD's name", async () => {
    const s = await signedInStudent({ fatherName: 'Ramesh Kumar', joiningDate: '2024-08-01' });
    await certify(s.id, 'hod');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/bonafide',
      headers: { cookie: s.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${M.fileName}"`);
    const text = pdfText(response.rawPayload);
    for (const part of [
      M.title,
      s.name,
      "father's name is Ramesh Kumar",
      'Department of Medicine',
      'North Medical College',
      'from 1 August 2024 to 1 August 2027',
      hodName,
      'Head of the Department',
    ]) {
      expect(text).toContain(part);
    }
  });

  it("falls back to the mother's name, and prints N/A for a missing joining date", async () => {
    const s = await signedInStudent({ fatherName: null, motherName: 'Sita Devi' });
    await certify(s.id, 'master');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/bonafide',
      headers: { cookie: s.cookie },
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain("mother's name is Sita Devi");
    expect(text).toContain('from N/A to N/A');
  });
});
