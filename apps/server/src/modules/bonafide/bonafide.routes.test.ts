import {
  BONAFIDE_CHECK_MESSAGES,
  BONAFIDE_FIELD_LABELS,
  BONAFIDE_PAGE,
  financialYearOf,
  formatBonafideDate,
  BONAFIDE_MESSAGES as M,
} from '@pgel/shared/reports/bonafide';
import { STUDENT_ADMIN_MESSAGES } from '@pgel/shared/schemas/students-admin';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bonafideCertificates, notifications, users } from '../../db/schema/index';
import {
  APP_URL,
  buildTestApp,
  createUser,
  freshIp,
  get,
  inject,
  login,
  type TestApp,
} from '../../test/helpers';
import { readPdf } from '../../test/pdf-reader';
import { createReferenceWorld, type ReferenceWorld, type Who } from '../../test/reference-world';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { indiaDate } from './bonafide.service';

/** The PDF's text as a reader sees it, its line breaks folded into spaces, and its QR code. */
function readCertificate(bytes: Buffer, qr = false): { text: string; qr: string | null } {
  const [page, ...more] = readPdf(bytes, { qr });
  expect(more).toHaveLength(0);
  return { text: (page?.text ?? '').replace(/\s+/g, ' '), qr: page?.qr ?? null };
}

/** What a complete profile holds of what the certificate prints. */
const COMPLETE = { fatherName: 'Ramesh Kumar', joiningDate: '2024-08-01' } as const;

describe('bonafide: certifying students and the certificate', () => {
  let t: TestApp;
  let w: ReferenceWorld;
  let smtp: SmtpCatcher;
  let hodName: string;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    w = await createReferenceWorld(t);
    const [hod] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, w.actors.hod.id));
    hodName = hod?.name ?? '';
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const certificatesOf = (id: string) =>
    t.db
      .select()
      .from(bonafideCertificates)
      .where(eq(bonafideCertificates.studentId, id))
      .orderBy(asc(bonafideCertificates.issuedAt));
  const certify = (id: string, who: Who, certified = true) =>
    inject(t.app, 'PUT', `/api/v1/students/${id}/certified`, { certified }, { cookie: w.cookieOf(who) });
  const download = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/bonafide', headers: { cookie } });

  /** A student of North Medicine (the HOD's department), signed in, with the given details. */
  async function signedInStudent(
    details: Partial<typeof users.$inferInsert> = COMPLETE,
    placement = w.north,
  ) {
    const s = await createUser(t.db, { placement });
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
      expect(await certificatesOf(s.id)).toHaveLength(status === 200 ? 1 : 0);
      if (status === 200) {
        expect(response.json).toEqual({
          message: M.certified,
          certified: true,
          reference: expect.stringMatching(/^BON\/\d{4}-\d{2}\/\d{6}$/),
        });
      }
      // Refused, the student still has no certificate to download.
      if (status !== 200) expect((await download(s.cookie)).statusCode).toBe(403);
    });
  }

  /**
   * GET /bonafide by every caller: it takes no id, so each gets their own certificate or none.
   * Only the certified student gets a PDF, with their own name; the rest are refused.
   */
  it('GET /bonafide: only the certified student gets a PDF (theirs); everyone else is refused', async () => {
    const certified = await signedInStudent();
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
        expect(readCertificate(response.rawPayload).text).toContain(certified.name);
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
    const s = await signedInStudent();
    const certified = await certify(s.id, 'hod');
    const reference = certified.json.reference as string;
    const uncertified = await certify(s.id, 'master', false);
    expect(uncertified.json).toEqual({ message: M.uncertified, certified: false, reference: null });
    expect((await certify(s.id, 'master', false)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, s.id)));
    // Ids are random, so the rows are compared by action.
    const changes = rows
      .filter((r) => r.action.startsWith('student.'))
      .sort((a, b) => a.action.localeCompare(b.action));
    expect(changes.map((r) => [r.action, r.actorId])).toEqual([
      ['student.certify', w.actors.hod.id],
      ['student.uncertify', w.actors.master.id],
    ]);
    expect(changes[0]?.collegeId).toBe(w.north.college.id);
    expect(changes[0]?.before).toMatchObject({ certified: false });
    expect(changes[0]?.after).toMatchObject({ certified: true, reference });
    expect(changes[1]?.after).toMatchObject({ certified: false, revoked: [reference] });
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

  it("shows the new flag in the student's session user and on /allStudent, with what the profile lacks", async () => {
    const s = await signedInStudent();
    expect((await get(t.app, '/api/v1/auth/me', { cookie: s.cookie })).json.user).toMatchObject({
      certified: false,
    });
    expect((await certify(s.id, 'hod')).statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/auth/me', { cookie: s.cookie })).json.user).toMatchObject({
      certified: true,
    });
    const incomplete = await signedInStudent({});
    const listed = async (email: string) =>
      (
        await get(t.app, `/api/v1/students?search=${encodeURIComponent(email)}`, {
          cookie: w.cookieOf('hod'),
        })
      ).json.items;
    expect(await listed(s.email)).toEqual([
      expect.objectContaining({ id: s.id, certified: true, bonafideMissing: [] }),
    ]);
    expect(await listed(incomplete.email)).toEqual([
      expect.objectContaining({
        id: incomplete.id,
        certified: false,
        bonafideMissing: [BONAFIDE_FIELD_LABELS.parentName, BONAFIDE_FIELD_LABELS.joiningDate],
      }),
    ]);
  });

  it('refuses the certificate to the anonymous, staff and uncertified students', async () => {
    expect((await get(t.app, '/api/v1/bonafide')).statusCode).toBe(401);
    expect((await get(t.app, '/api/v1/bonafide', { cookie: w.cookieOf('hod') })).statusCode).toBe(403);
    const s = await signedInStudent();
    const refused = await get(t.app, '/api/v1/bonafide', { cookie: s.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json.message).toBe(M.notCertified);
  });

  it('refuses Certified (409) while the profile lacks what the certificate prints, naming it', async () => {
    const s = await signedInStudent({ fatherName: null, motherName: '  ', joiningDate: null });
    for (const who of ['hod', 'master'] as const) {
      const refused = await certify(s.id, who);
      expect(refused.statusCode, who).toBe(409);
      expect(refused.json.message).toBe(
        M.missing([BONAFIDE_FIELD_LABELS.parentName, BONAFIDE_FIELD_LABELS.joiningDate]),
      );
      expect(refused.json.message).toContain("Father's or mother's name, joining date");
    }
    expect((await rowOf(s.id))?.certified).toBe(false);
    expect(await certificatesOf(s.id)).toHaveLength(0);
    expect(await userAudits(s.id)).toHaveLength(0);
    expect((await download(s.cookie)).statusCode).toBe(403);

    // North Surgery has no HOD to sign: Master is told so.
    const surgeon = await signedInStudent(COMPLETE, w.surgery);
    const noSigner = await certify(surgeon.id, 'master');
    expect(noSigner.statusCode).toBe(409);
    expect(noSigner.json.message).toBe(M.missing([BONAFIDE_FIELD_LABELS.hod]));
    expect((await rowOf(surgeon.id))?.certified).toBe(false);
  });

  it('issues a certificate row with the reference, prints it with the issue date and the HOD, checks genuine, and revokes on unmark', async () => {
    const s = await signedInStudent();
    const certified = await certify(s.id, 'hod');
    expect(certified.statusCode, certified.body).toBe(200);
    const today = indiaDate(new Date());
    const [row, ...more] = await certificatesOf(s.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      reference: certified.json.reference,
      studentId: s.id,
      issuedById: w.actors.hod.id,
      revokedAt: null,
      content: {
        studentName: s.name,
        parentKind: "father's",
        parentName: 'Ramesh Kumar',
        departmentName: 'Medicine',
        collegeName: 'North Medical College',
        collegeAddress: '1 Hospital Road',
        periodFrom: '2024-08-01',
        periodTo: '2027-08-01',
        issuedOn: today,
        hodName,
        hodDesignation: 'Head of the Department',
      },
    });
    expect(row?.reference).toMatch(new RegExp(`^BON/${financialYearOf(today)}/\\d{6}$`));
    expect(row?.code).toMatch(/^[0-9A-Z]{10}$/);

    const response = await download(s.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${M.fileName}"`);
    const { text, qr } = readCertificate(response.rawPayload, true);
    for (const part of [
      M.title,
      s.name,
      "father's name is Ramesh Kumar",
      'Department of Medicine',
      'North Medical College',
      'from 1 August 2024 to 1 August 2027',
      `Ref. No.: ${row?.reference}`,
      `Date: ${formatBonafideDate(today)}`,
      hodName,
      'Head of the Department',
      'College seal',
      `Certificate code ${row?.code}`,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('N/A');
    expect(qr).toBe(`${APP_URL}/check/${row?.code}`);

    // The public check of the QR code: genuine, with whose certificate it is.
    const genuine = await get(t.app, `/api/v1/check/${row?.code}`);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json).toEqual({
      kind: 'bonafide',
      code: row?.code,
      state: 'genuine',
      reference: row?.reference,
      studentName: s.name,
      collegeName: 'North Medical College',
      departmentName: 'Medicine',
      issuedOn: formatBonafideDate(today),
      revokedAt: null,
    });
    expect(BONAFIDE_CHECK_MESSAGES.genuine).toBe(genuine.json.state);
    // A code typed in lower case off paper is the same code.
    expect((await get(t.app, `/api/v1/check/${row?.code.toLowerCase()}`)).json.state).toBe('genuine');

    // Unmarked: the row is revoked, the check says so, the student has nothing to download.
    expect((await certify(s.id, 'hod', false)).statusCode).toBe(200);
    const [revoked] = await certificatesOf(s.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    const check = await get(t.app, `/api/v1/check/${row?.code}`);
    expect(check.json).toMatchObject({ state: 'revoked', revokedAt: revoked?.revokedAt?.toISOString() });
    expect((await download(s.cookie)).statusCode).toBe(403);

    // Certified again: a new certificate with the next reference of the series and a new code.
    const again = await certify(s.id, 'master');
    const [, second] = await certificatesOf(s.id);
    expect(second?.reference).toBe(again.json.reference);
    const sequence = (reference: string | undefined) => Number(reference?.split('/')[2]);
    expect(sequence(second?.reference)).toBeGreaterThan(sequence(row?.reference));
    expect(second?.code).not.toBe(row?.code);
    // Master certified; the department's HOD signs.
    expect(second).toMatchObject({ issuedById: w.actors.master.id, content: { hodName }, revokedAt: null });
    expect((await get(t.app, `/api/v1/check/${row?.code}`)).json.state).toBe('revoked');
    expect((await get(t.app, `/api/v1/check/${second?.code}`)).json.state).toBe('genuine');
  });

  it('numbers certificates one after another in the financial year, whoever certifies', async () => {
    const first = await signedInStudent();
    const second = await signedInStudent();
    const a = (await certify(first.id, 'hod')).json.reference as string;
    const b = (await certify(second.id, 'master')).json.reference as string;
    const [prefixA, numberA] = [a.slice(0, a.lastIndexOf('/')), Number(a.slice(a.lastIndexOf('/') + 1))];
    expect(b).toBe(`${prefixA}/${String(numberA + 1).padStart(6, '0')}`);
  });

  it("keeps the issued text: a later profile change does not change the printed certificate; prints the mother's name when there is no father's", async () => {
    const s = await signedInStudent({ fatherName: null, motherName: 'Sita Devi', joiningDate: '2023-07-15' });
    expect((await certify(s.id, 'master')).statusCode).toBe(200);
    await t.db.update(users).set({ motherName: 'Someone Else' }).where(eq(users.id, s.id));
    const { text } = readCertificate((await download(s.cookie)).rawPayload);
    expect(text).toContain("mother's name is Sita Devi");
    expect(text).toContain('from 15 July 2023 to 15 July 2026');
    expect(text).not.toContain('Someone Else');
  });

  it('issues the certificate of a student certified before certificates had numbers on first download', async () => {
    const s = await signedInStudent({ ...COMPLETE, certified: true });
    expect(await certificatesOf(s.id)).toHaveLength(0);
    const response = await download(s.cookie);
    expect(response.statusCode).toBe(200);
    const [row] = await certificatesOf(s.id);
    expect(row).toMatchObject({ issuedById: w.actors.hod.id, revokedAt: null });
    expect(readCertificate(response.rawPayload).text).toContain(`Ref. No.: ${row?.reference}`);
    // The second download prints the same certificate.
    expect((await download(s.cookie)).statusCode).toBe(200);
    expect(await certificatesOf(s.id)).toHaveLength(1);

    const incomplete = await signedInStudent({ certified: true });
    const refused = await download(incomplete.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      M.cannotIssue([BONAFIDE_FIELD_LABELS.parentName, BONAFIDE_FIELD_LABELS.joiningDate]),
    );
  });

  it('tells the student in the app and by mail, with only the link to the download', async () => {
    const s = await signedInStudent();
    expect((await certify(s.id, 'hod')).statusCode).toBe(200);
    const notes = await t.db.select().from(notifications).where(eq(notifications.toId, s.id));
    expect(notes).toEqual([
      expect.objectContaining({
        fromId: w.actors.hod.id,
        description: M.availableNotice,
        url: BONAFIDE_PAGE,
        collegeId: w.north.college.id,
      }),
    ]);
    await t.app.outbox.drain();
    const mail = await smtp.waitForMail(s.email);
    expect(mail.subject).toBe(M.availableSubject);
    expect(mail.text.trim()).toBe(
      [
        `Dear ${s.name},`,
        '',
        M.availableNotice,
        '',
        `Download it here: ${APP_URL}/profile`,
        '',
        'PG e-Logbook',
      ].join('\n'),
    );
    // Unmarking and a repeated mark tell nobody again.
    await certify(s.id, 'hod', false);
    expect(await t.db.select().from(notifications).where(eq(notifications.toId, s.id))).toHaveLength(1);
  });
});
