import {
  CHECK_MESSAGES,
  CHECK_THROTTLE,
  DocumentCheckSchema,
  DocumentCodeSchema,
} from '@pgel/shared/reports/documents';
import { PRINT_SECTIONS, PrintLogbookSchema } from '@pgel/shared/reports/print';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { colleges, logbookDocuments, records, theses, users } from '../../db/schema/index';
import { type AcademicCaller, type AcademicWorld, withAcademicWorld } from '../../test/academic-world';
import {
  APP_URL,
  auditRowsFor,
  createRecordRows,
  freshIp,
  get,
  type TestApp,
  uploadFile,
} from '../../test/helpers';
import { readPdf } from '../../test/pdf-reader';
import { fingerprintLogbook } from './fingerprint';

const PATIENT = 'Zephyrine Quillfeather';

describe('verifiable logbook PDF and its public check', () => {
  let t: TestApp;
  let w: AcademicWorld;
  let pendingId: string;
  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  const procedure = (status: 'approved' | 'pending', patient: string) => ({
    kind: 'procedure',
    studentId: w.actors.student.id,
    placement: w.medicine,
    status,
    date: '2024-08-05',
    teacherId: w.actors.faculty.id,
    ...(status === 'approved' ? { verifiedById: w.actors.faculty.id, verifiedAt: new Date() } : {}),
    details: {
      competency: { id: w.refs.proc.competencyId, title: 'Vascular access' },
      skills: { id: w.refs.proc.skillId, title: 'Central line' },
      patient,
      ipd: `OPD-88123${status === 'approved' ? '456' : '000'}`,
      role: 'Performed',
    },
  });

  beforeAll(async () => {
    [, pendingId = ''] = await createRecordRows(t.db, [
      procedure('approved', PATIENT),
      procedure('pending', 'Pending Patient'),
    ]);
  });

  /** The PDF as `who` downloads it (the raw bytes: the helpers' body is text). */
  async function pdfAs(who: AcademicCaller, studentId = w.actors.student.id) {
    const cookie = w.academicCookieOf(who);
    return t.app.inject({
      method: 'GET',
      url: `/api/v1/print-logbook/${studentId}/pdf`,
      headers: cookie ? { cookie } : {},
    });
  }
  const check = (code: string) => get(t.app, `/api/v1/check/${code}`, { remoteAddress: freshIp() });
  const procedures = (body: Record<string, unknown>) =>
    DocumentCheckSchema.parse(body).sections.find((s) => s.key === 'procedures');
  /** A synopsis or thesis row of the other student, whose logbook the thesis tests issue. */
  const thesisRow = (stage: 'synopsis' | 'thesis', extra: Partial<typeof theses.$inferInsert> = {}) => ({
    stage,
    studentId: w.actors.otherStudent.id,
    collegeId: w.medicine.college.id,
    departmentId: w.medicine.department.id,
    title: `${stage} title of the other student`,
    ...extra,
  });

  /** Every caller of GET /print-logbook/:id/pdf for the student: who gets a PDF, who is refused. */
  const PDF_MATRIX: Array<[AcademicCaller, number]> = [
    ['student', 200],
    ['otherStudent', 404],
    ['faculty', 200],
    ['facultyOtherDepartment', 404],
    ['hod', 200],
    ['hodOtherCollege', 404],
    ['master', 200],
    ['anonymous', 401],
  ];
  const issuedFor = async (studentId: string) =>
    t.db
      .select({ id: logbookDocuments.id })
      .from(logbookDocuments)
      .where(eq(logbookDocuments.studentId, studentId));

  for (const [who, status] of PDF_MATRIX) {
    it(`GET /print-logbook/:id/pdf as ${who} -> ${status}${status === 200 ? '' : ', issuing nothing'}`, async () => {
      const before = await issuedFor(w.actors.student.id);
      const response = await pdfAs(who);
      expect(response.statusCode, response.body).toBe(status);
      const after = await issuedFor(w.actors.student.id);
      if (status === 200) {
        expect(response.headers['content-type']).toBe('application/pdf');
        const code = String(response.headers['x-document-code']);
        const [row] = await t.db.select().from(logbookDocuments).where(eq(logbookDocuments.code, code));
        expect(row?.issuedById).toBe(w.actorOf(who as Exclude<AcademicCaller, 'anonymous'>).id);
        expect(after).toHaveLength(before.length + 1);
      } else {
        expect(response.headers['x-document-code']).toBeUndefined();
        expect(response.headers['content-type']).not.toBe('application/pdf');
        // Refused: no document row (and so no code that /check would answer).
        expect(after).toEqual(before);
      }
    });
  }

  it('answers 404 for a malformed student id', async () => {
    expect((await pdfAs('master', 'not-a-uuid')).statusCode).toBe(404);
  });

  it('gives the student their PDF with the check code on every page, and keeps the code', async () => {
    const response = await pdfAs('student');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const code = String(response.headers['x-document-code']);
    expect(DocumentCodeSchema.parse(code)).toBe(code);
    expect(response.headers['content-disposition']).toContain(`attachment; filename="logbook-${code}.pdf"`);

    const pages = readPdf(response.rawPayload);
    const checkUrl = `${APP_URL}/check/${code}`;
    for (const page of pages) {
      expect(page.qr).toBe(checkUrl);
      expect(page.text).toContain(`Check: ${checkUrl}`);
    }
    const text = pages.map((p) => p.text).join('\n');
    // The procedure's hospital number prints masked to its last 3 characters (issue 28).
    expect(text).toContain('•••456');
    expect(text).not.toContain('OPD-88123456');
    const at = PRINT_SECTIONS.map((s) => text.indexOf(`${s.title}\n`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);

    const [row] = await t.db.select().from(logbookDocuments).where(eq(logbookDocuments.code, code));
    expect(row?.studentId).toBe(w.actors.student.id);
    expect(row?.issuedById).toBe(w.actors.student.id);
    expect(await auditRowsFor(t.db, 'logbook_document', row?.id ?? '')).toHaveLength(1);
  });

  it('staff of the department issue PDFs too, each with a new code', async () => {
    const first = await pdfAs('hod');
    const second = await pdfAs('master');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.headers['x-document-code']).not.toBe(second.headers['x-document-code']);
  });

  it("puts the college's logo (uploaded by Master) on the student's cover", async () => {
    const images = (pdf: Buffer) => pdf.toString('latin1').split('/Subtype /Image').length - 1;
    const before = images((await pdfAs('student')).rawPayload);
    const png = await QRCode.toBuffer('college logo', { type: 'png' });
    const upload = await uploadFile(
      t.app,
      'profile_photo',
      { data: png, fileName: 'logo.png' },
      {
        cookie: w.academicCookieOf('master'),
      },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = (upload.json.file as { id: string }).id;
    const asStudent = { cookie: w.academicCookieOf('student') };
    // Master's upload, not yet a logo: the student may not read it.
    expect((await get(t.app, `/api/v1/files/${fileId}`, asStudent)).statusCode).toBe(404);
    await t.db.update(colleges).set({ logoFileId: fileId }).where(eq(colleges.id, w.medicine.college.id));
    try {
      const after = await pdfAs('student');
      expect(after.statusCode).toBe(200);
      expect(images(after.rawPayload)).toBeGreaterThan(before);
      // The print sheet's cover shows the same logo through the files route.
      const print = await get(t.app, `/api/v1/print-logbook/${w.actors.student.id}`, asStudent);
      const logoUrl = String((print.json.college as { logoUrl: string }).logoUrl);
      expect(logoUrl).toBe(`/api/v1/files/${fileId}`);
      const logo = await t.app.inject({ method: 'GET', url: logoUrl, headers: asStudent });
      expect(logo.statusCode).toBe(200);
      expect(logo.rawPayload.equals(png)).toBe(true);
    } finally {
      await t.db.update(colleges).set({ logoFileId: null }).where(eq(colleges.id, w.medicine.college.id));
    }
  });

  it('checks a code without a session: genuine, then changed once another entry is verified', async () => {
    const code = String((await pdfAs('student')).headers['x-document-code']);
    const genuine = await check(code);
    expect(genuine.statusCode, genuine.body).toBe(200);
    const body = DocumentCheckSchema.parse(genuine.json);
    expect(body.state).toBe('genuine');
    expect(body.fingerprint).toBe(body.currentFingerprint);
    expect(body.studentName).toBe(w.actors.student.name);
    expect(body.sections.map((s) => s.key)).toEqual(PRINT_SECTIONS.map((s) => s.key));
    expect(procedures(genuine.json)).toMatchObject({ issued: 1, current: 1 });
    // Counts only: no entry, no patient.
    expect(genuine.body).not.toContain(PATIENT);
    expect(genuine.body).not.toContain('Vascular access');
    // Codes are read case-insensitively, as typed off paper.
    expect((await check(code.toLowerCase())).json.state).toBe('genuine');

    // A new pending entry is not evidence: still genuine.
    await createRecordRows(t.db, [procedure('pending', 'Another Pending Patient')]);
    expect((await check(code)).json.state).toBe('genuine');

    await t.db
      .update(records)
      .set({ status: 'approved', verifiedById: w.actors.faculty.id, verifiedAt: new Date() })
      .where(eq(records.id, pendingId));
    const changed = await check(code);
    expect(changed.json.state).toBe('changed');
    expect(changed.json.fingerprint).toBe(body.fingerprint);
    expect(changed.json.currentFingerprint).not.toBe(body.fingerprint);
    expect(procedures(changed.json)).toMatchObject({ issued: 1, current: 2 });
  });

  it('reads "changed since issue" once a thesis title or the synopsis acceptance date is filled in', async () => {
    const student = w.actors.otherStudent;
    const issue = async () => String((await pdfAs('otherStudent', student.id)).headers['x-document-code']);
    const stateOf = async (code: string) => DocumentCheckSchema.parse((await check(code)).json).state;

    const blank = await issue();
    expect(await stateOf(blank)).toBe('genuine');
    await t.db.insert(theses).values(thesisRow('synopsis'));
    expect(await stateOf(blank)).toBe('changed');

    const titled = await issue();
    expect(await stateOf(titled)).toBe('genuine');
    await t.db.insert(theses).values(thesisRow('thesis'));
    expect(await stateOf(titled)).toBe('changed');

    const beforeAcceptance = await issue();
    expect(await stateOf(beforeAcceptance)).toBe('genuine');
    await t.db
      .update(theses)
      .set({ acceptanceDate: '2025-03-03', acceptanceDateAt: new Date() })
      .where(and(eq(theses.studentId, student.id), eq(theses.stage, 'thesis')));
    expect(await stateOf(beforeAcceptance)).toBe('changed');
    // The facts are not entries: the counts per section stay as issued.
    const sections = DocumentCheckSchema.parse((await check(beforeAcceptance)).json).sections;
    expect(sections.every((s) => s.issued === s.current)).toBe(true);
  });

  it('checks a document issued before the thesis facts counted by the formula it was issued with', async () => {
    const student = w.actors.otherStudent;
    // The thesis this test retitles (its own, whatever ran before).
    await t.db
      .insert(theses)
      .values(thesisRow('thesis', { title: 'The thesis as issued' }))
      .onConflictDoNothing({ target: [theses.studentId, theses.stage] });
    const code = String((await pdfAs('otherStudent', student.id)).headers['x-document-code']);
    // As stored before the change: the bare hex over the verified rows only (version 1).
    const print = PrintLogbookSchema.parse(
      (
        await get(t.app, `/api/v1/print-logbook/${student.id}`, {
          cookie: w.academicCookieOf('otherStudent'),
        })
      ).json,
    );
    const legacy = fingerprintLogbook(print, 1).fingerprint;
    expect(legacy).toMatch(/^[0-9a-f]{64}$/);
    await t.db.update(logbookDocuments).set({ fingerprint: legacy }).where(eq(logbookDocuments.code, code));
    // The thesis title changes after issue: an old document does not notice (it never covered it)...
    const retitled = await t.db
      .update(theses)
      .set({ title: 'A retitled thesis' })
      .where(and(eq(theses.studentId, student.id), eq(theses.stage, 'thesis')))
      .returning({ id: theses.id });
    expect(retitled).toHaveLength(1);
    // The same change under version 2 reads as one (so the version, not the change, is why not).
    const now = PrintLogbookSchema.parse(
      (
        await get(t.app, `/api/v1/print-logbook/${student.id}`, {
          cookie: w.academicCookieOf('otherStudent'),
        })
      ).json,
    );
    expect(fingerprintLogbook(now, 1).fingerprint).toBe(legacy);
    expect(fingerprintLogbook(now).fingerprint).not.toBe(fingerprintLogbook(print).fingerprint);
    const old = DocumentCheckSchema.parse((await check(code)).json);
    expect(old.state).toBe('genuine');
    expect(old.currentFingerprint).toBe(legacy);
    // ...but a verified entry added after issue still shows.
    await createRecordRows(t.db, [{ ...procedure('approved', 'Later Patient'), studentId: student.id }]);
    expect(DocumentCheckSchema.parse((await check(code)).json).state).toBe('changed');
  });

  it("stays genuine when the guide corrects their profile's name; another guide chosen is a change", async () => {
    const student = w.actors.otherStudent;
    // The HOD: no verified entry of this student names them (a teacher's or verifier's name in
    // a verified row is printed text of that row, outside this test).
    const guide = w.actors.hod;
    await t.db
      .insert(theses)
      .values(thesisRow('synopsis', { title: 'A synopsis with a guide' }))
      .onConflictDoNothing({ target: [theses.studentId, theses.stage] });
    const chosen = await t.db
      .update(theses)
      .set({ guideId: guide.id, guideAt: new Date() })
      .where(and(eq(theses.studentId, student.id), eq(theses.stage, 'synopsis')))
      .returning({ id: theses.id });
    expect(chosen).toHaveLength(1);
    const code = String((await pdfAs('otherStudent', student.id)).headers['x-document-code']);
    const issuedAs = DocumentCheckSchema.parse((await check(code)).json);
    expect(issuedAs.state).toBe('genuine');

    const [before] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, guide.id));
    try {
      await t.db.update(users).set({ name: 'Dr. Corrected Name' }).where(eq(users.id, guide.id));
      // The print shows the name now...
      const print = PrintLogbookSchema.parse(
        (
          await get(t.app, `/api/v1/print-logbook/${student.id}`, {
            cookie: w.academicCookieOf('otherStudent'),
          })
        ).json,
      );
      const synopsis = print.sections.find((s) => s.key === 'synopsis')?.blocks[0];
      expect(synopsis?.type === 'fields' && synopsis.fields.find((f) => f.label === 'Guide')?.value).toBe(
        'Dr. Corrected Name',
      );
      // ...and the document issued under the old name is still the logbook's.
      const renamed = DocumentCheckSchema.parse((await check(code)).json);
      expect(renamed.state).toBe('genuine');
      expect(renamed.currentFingerprint).toBe(issuedAs.fingerprint);
    } finally {
      await t.db
        .update(users)
        .set({ name: before?.name ?? '' })
        .where(eq(users.id, guide.id));
    }

    await t.db
      .update(theses)
      .set({ guideId: w.actors.faculty.id })
      .where(and(eq(theses.studentId, student.id), eq(theses.stage, 'synopsis')));
    expect(DocumentCheckSchema.parse((await check(code)).json).state).toBe('changed');
  });

  it('reads a fingerprint of a version this server does not know as changed, never genuine', async () => {
    const code = String((await pdfAs('student')).headers['x-document-code']);
    const [row] = await t.db
      .select({ fingerprint: logbookDocuments.fingerprint })
      .from(logbookDocuments)
      .where(eq(logbookDocuments.code, code));
    const hex = String(row?.fingerprint).replace(/^v2:/, '');
    expect(DocumentCheckSchema.parse((await check(code)).json).state).toBe('genuine');
    // The same hash under a later version's prefix (or none that parses): no formula here made it.
    for (const stored of [`v3:${hex}`, `v2:${hex.slice(1)}`]) {
      await t.db.update(logbookDocuments).set({ fingerprint: stored }).where(eq(logbookDocuments.code, code));
      const answer = DocumentCheckSchema.parse((await check(code)).json);
      expect(answer.state, stored).toBe('changed');
      expect(answer.currentFingerprint).toBe(`v2:${hex}`);
    }
  });

  it('answers 404 for an unknown or malformed code', async () => {
    for (const code of ['ZZZZZZZZZZ', 'abc', 'ILOU000000', '%20']) {
      const response = await check(code);
      expect(response.statusCode).toBe(404);
      expect(response.json.message).toBe(CHECK_MESSAGES.notFound);
    }
  });

  it('issues the PDF of a student with 3,000 records', async () => {
    const student = w.surgeryStudent;
    const statuses = ['approved', 'approved', 'approved', 'pending', 'rejected'] as const;
    await createRecordRows(
      t.db,
      Array.from({ length: 3000 }, (_, i) => ({
        kind: i % 3 === 0 ? 'clinical-case' : 'procedure',
        studentId: student.id,
        placement: w.surgery,
        status: statuses[i % statuses.length],
        date: `2025-0${(i % 9) + 1}-1${i % 10}`,
        teacherId: w.actors.facultyOtherDepartment.id,
        details: {
          competency: { id: w.surgeryRefs.proc.competencyId, title: 'Wound care' },
          skills: { id: w.surgeryRefs.proc.skillId, title: `Suturing ${i}` },
          provisionalDiagnosis: `Diagnosis number ${i}`,
          role: 'Assisted',
        },
      })),
    );
    const response = await pdfAs('master', student.id);
    expect(response.statusCode, response.body).toBe(200);
    const code = String(response.headers['x-document-code']);
    const counted = DocumentCheckSchema.parse((await check(code)).json).sections;
    expect(counted.reduce((sum, s) => sum + s.issued, 0)).toBe(1800);
  });

  it('throttles checks per address', async () => {
    const remoteAddress = freshIp();
    for (let i = 0; i < CHECK_THROTTLE.maxPerWindow; i += 1) {
      const response = await get(t.app, '/api/v1/check/ZZZZZZZZZZ', { remoteAddress });
      expect(response.statusCode).toBe(404);
    }
    const refused = await get(t.app, '/api/v1/check/ZZZZZZZZZZ', { remoteAddress });
    expect(refused.statusCode).toBe(429);
  });
});
