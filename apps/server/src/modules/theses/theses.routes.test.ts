import { ACADEMIC_MESSAGES, addDays } from '@pgel/shared/academic/common';
import {
  MAX_CO_GUIDES,
  THESIS_MESSAGES,
  type ThesisStage,
  type ThesisStep,
} from '@pgel/shared/academic/thesis';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { todayIso } from '@pgel/shared/schemas/dates';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, theses, users } from '../../db/schema/index';
import { type AcademicWorld, withAcademicWorld } from '../../test/academic-world';
import { tinyPng } from '../../test/files';
import {
  auditRowsFor,
  createPlacement,
  createUser,
  freshIp,
  get,
  linkDepartment,
  login,
  post,
  type TestApp,
  type TestResponse,
  unique,
  uploadFile,
} from '../../test/helpers';
import { uploadDocument } from '../../test/records-world';

type Json = Record<string, unknown>;
type Student = { id: string; name: string; cookie: string };

const PATHS: Record<ThesisStep, string> = {
  title: 'title',
  guide: 'guide',
  coGuides: 'co-guides',
  certificate: 'certificate',
  acceptanceDate: 'acceptance-date',
};

describe('theses API (synopsis and thesis steps)', () => {
  let t: TestApp;
  let w: AcademicWorld;

  withAcademicWorld((app, world) => {
    t = app;
    w = world;
  });

  /** A fresh approved Medicine student: every step is written once, so most tests need their own. */
  async function newStudent(options: { verifyByHod?: boolean } = {}): Promise<Student> {
    const name = `Dr. ${unique('Thesis')}`;
    const user = await createUser(t.db, {
      placement: w.medicine,
      name,
      verifyByHod: options.verifyByHod ?? true,
      paid: true,
    });
    const cookie = await login(t.app, user.email, user.password, 'student', { remoteAddress: freshIp() });
    return { id: user.id, name, cookie };
  }

  const write = (s: Student, stage: ThesisStage, step: ThesisStep, body: unknown) =>
    post(t.app, `/api/v1/theses/${stage}/${PATHS[step]}`, body, { cookie: s.cookie });

  const read = (cookie: string, stage: ThesisStage, studentId?: string) =>
    get(t.app, `/api/v1/theses/${stage}${studentId ? `?studentId=${studentId}` : ''}`, { cookie });

  async function rowOf(studentId: string, stage: ThesisStage) {
    const [row] = await t.db
      .select()
      .from(theses)
      .where(and(eq(theses.studentId, studentId), eq(theses.stage, stage)));
    return row;
  }

  const thesisOf = (response: TestResponse) => response.json.thesis as Json;

  /** A valid body of each step for the student. */
  async function validBody(s: Student, step: ThesisStep): Promise<Json> {
    switch (step) {
      case 'title':
        return { title: `Outcomes of ${unique('study')}` };
      case 'guide':
        return { guideId: w.actors.faculty.id };
      case 'coGuides':
        return { coGuides: [{ name: 'Dr. Co Guide', department: w.surgery.department.name }] };
      case 'certificate':
        return { fileId: await uploadDocument(t, s.cookie) };
      case 'acceptanceDate':
        return { date: todayIso() };
    }
  }

  /** Writes the steps of the stage up to and including `last`, each with a valid body. */
  async function writeUpTo(s: Student, stage: ThesisStage, last: ThesisStep) {
    const steps: ThesisStep[] = ['title', 'guide', 'coGuides', 'certificate', 'acceptanceDate'];
    for (const step of steps.slice(0, steps.indexOf(last) + 1)) {
      const response = await write(s, stage, step, await validBody(s, step));
      expect(response.statusCode, `${step}: ${response.body}`).toBe(step === 'title' ? 201 : 200);
    }
  }

  /** Asserts a 4xx with the message, and that the row did not change. */
  async function expectRefused(
    s: Student,
    stage: ThesisStage,
    step: ThesisStep,
    body: unknown,
    status: number,
    message: string,
  ) {
    const before = await rowOf(s.id, stage);
    const response = await write(s, stage, step, body);
    expect({ status: response.statusCode, message: response.json.message }).toEqual({ status, message });
    expect(await rowOf(s.id, stage)).toEqual(before);
  }

  describe('happy paths', () => {
    it('writes the synopsis title, guide, co-guides and IEC certificate in order, and stores each', async () => {
      const s = await newStudent();
      const empty = await read(s.cookie, 'synopsis');
      expect(empty.statusCode).toBe(200);
      expect(empty.json).toEqual({ student: { id: s.id, name: s.name }, thesis: null });

      const title = await write(s, 'synopsis', 'title', { title: '  Sepsis outcomes in ICU  ' });
      expect(title.statusCode).toBe(201);
      expect(title.json.message).toBe(THESIS_MESSAGES.saved.title);
      expect(thesisOf(title)).toMatchObject({
        stage: 'synopsis',
        student: { id: s.id, name: s.name },
        title: 'Sepsis outcomes in ICU',
        guide: null,
        coGuides: [],
        certificate: null,
        acceptanceDate: null,
        nextStep: 'guide',
      });

      const guide = await write(s, 'synopsis', 'guide', { guideId: w.actors.faculty.id });
      expect(guide.statusCode).toBe(200);
      expect(guide.json.message).toBe(THESIS_MESSAGES.saved.guide);
      expect(thesisOf(guide)).toMatchObject({
        guide: { id: w.actors.faculty.id, name: w.actors.faculty.name },
        nextStep: 'coGuides',
      });

      const coGuides = await write(s, 'synopsis', 'coGuides', {
        coGuides: [
          { name: '  Dr. Anand  ', department: `  ${w.surgery.department.name.toUpperCase()} ` },
          { name: 'Dr. Bina', department: w.medicine.department.name },
        ],
      });
      expect(coGuides.statusCode).toBe(200);
      expect(coGuides.json.message).toBe(THESIS_MESSAGES.saved.coGuides);
      const storedCoGuides = [
        { name: 'Dr. Anand', department: w.surgery.department.name },
        { name: 'Dr. Bina', department: w.medicine.department.name },
      ];
      expect(thesisOf(coGuides)).toMatchObject({ coGuides: storedCoGuides, nextStep: 'certificate' });

      const fileId = await uploadDocument(t, s.cookie);
      const certificate = await write(s, 'synopsis', 'certificate', { fileId });
      expect(certificate.statusCode).toBe(200);
      expect(certificate.json.message).toBe(THESIS_MESSAGES.saved.certificate);
      const done = thesisOf(certificate);
      expect(done).toMatchObject({
        certificate: {
          id: fileId,
          url: `/api/v1/files/${fileId}`,
          originalName: 'certificate.pdf',
          contentType: 'application/pdf',
        },
        acceptanceDate: null,
        nextStep: null,
      });

      // What the database holds.
      const row = await rowOf(s.id, 'synopsis');
      expect(row).toMatchObject({
        id: done.id,
        stage: 'synopsis',
        studentId: s.id,
        collegeId: w.medicine.college.id,
        departmentId: w.medicine.department.id,
        title: 'Sepsis outcomes in ICU',
        guideId: w.actors.faculty.id,
        coGuides: storedCoGuides,
        certificateFileId: fileId,
        acceptanceDate: null,
        acceptanceDateAt: null,
      });
      expect(row?.guideAt).toBeInstanceOf(Date);
      expect(row?.coGuidesAt).toBeInstanceOf(Date);
      expect(row?.certificateAt).toBeInstanceOf(Date);

      // One audit row per step, by the student.
      const audits = await auditRowsFor(t.db, 'thesis', String(done.id));
      expect(audits.map((a) => [a.action, a.actorId, a.collegeId])).toEqual([
        ['thesis.title', s.id, w.medicine.college.id],
        ['thesis.guide', s.id, w.medicine.college.id],
        ['thesis.coGuides', s.id, w.medicine.college.id],
        ['thesis.certificate', s.id, w.medicine.college.id],
      ]);
      expect(audits[2]?.after).toEqual({ stage: 'synopsis', step: 'coGuides', coGuides: storedCoGuides });

      // The student reads back what the last answer showed; the thesis stage is still empty.
      const again = await read(s.cookie, 'synopsis');
      expect(again.json).toEqual({ student: { id: s.id, name: s.name }, thesis: done });
      expect((await read(s.cookie, 'thesis')).json.thesis).toBeNull();
    });

    it('tells the guide in the app, with a link to the page of the stage', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'synopsis', 'title');
      await writeUpTo(s, 'thesis', 'title');
      await write(s, 'synopsis', 'guide', { guideId: w.actors.hod.id });
      await write(s, 'thesis', 'guide', { guideId: w.actors.hod.id });
      const rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.toId, w.actors.hod.id), eq(notifications.fromId, s.id)))
        .orderBy(asc(notifications.createdAt));
      expect(rows.map((n) => [n.description, n.url, n.collegeId])).toEqual([
        [`${s.name} has named you as their thesis guide`, `/synopsis?student=${s.id}`, w.medicine.college.id],
        [
          `${s.name} has named you as their thesis guide`,
          `/thesisReview?student=${s.id}`,
          w.medicine.college.id,
        ],
      ]);
    });

    it('writes the thesis steps through the synopsis acceptance date', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'thesis', 'coGuides');
      const fileId = await uploadDocument(t, s.cookie);
      const certificate = await write(s, 'thesis', 'certificate', { fileId });
      expect(certificate.statusCode).toBe(200);
      expect(thesisOf(certificate).nextStep).toBe('acceptanceDate');

      const date = addDays(todayIso(), -30);
      const accepted = await write(s, 'thesis', 'acceptanceDate', { date });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json.message).toBe(THESIS_MESSAGES.saved.acceptanceDate);
      expect(thesisOf(accepted)).toMatchObject({ stage: 'thesis', acceptanceDate: date, nextStep: null });

      const row = await rowOf(s.id, 'thesis');
      expect(row).toMatchObject({ stage: 'thesis', certificateFileId: fileId, acceptanceDate: date });
      expect(row?.acceptanceDateAt).toBeInstanceOf(Date);
      const audits = await auditRowsFor(t.db, 'thesis', String(row?.id));
      expect(audits.at(-1)?.after).toEqual({ stage: 'thesis', step: 'acceptanceDate', acceptanceDate: date });
      // The synopsis is its own row, untouched.
      expect(await rowOf(s.id, 'synopsis')).toBeUndefined();
    });

    it('accepts today as the acceptance date', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'thesis', 'acceptanceDate');
      expect((await rowOf(s.id, 'thesis'))?.acceptanceDate).toBe(todayIso());
    });
  });

  describe('the messages of each step, in order', () => {
    it('title: the synopsis and the thesis word a missing title differently', async () => {
      const s = await newStudent();
      await expectRefused(s, 'synopsis', 'title', {}, 400, THESIS_MESSAGES.synopsisTitleFirst);
      await expectRefused(s, 'synopsis', 'title', { title: '   ' }, 400, THESIS_MESSAGES.synopsisTitleFirst);
      await expectRefused(s, 'thesis', 'title', {}, 400, THESIS_MESSAGES.enterTitle);
      await expectRefused(s, 'thesis', 'title', { title: '' }, 400, THESIS_MESSAGES.enterTitle);
      expect(await rowOf(s.id, 'synopsis')).toBeUndefined();
      expect(await rowOf(s.id, 'thesis')).toBeUndefined();
    });

    it('every later step before the title: the title message of the stage, whatever the input', async () => {
      const s = await newStudent();
      for (const step of ['guide', 'coGuides', 'certificate'] as const) {
        await expectRefused(s, 'synopsis', step, {}, 409, THESIS_MESSAGES.synopsisTitleFirst);
        await expectRefused(s, 'thesis', step, {}, 409, THESIS_MESSAGES.thesisTitleFirst);
      }
      await expectRefused(
        s,
        'thesis',
        'acceptanceDate',
        { date: todayIso() },
        409,
        THESIS_MESSAGES.thesisTitleFirst,
      );
      expect(await rowOf(s.id, 'synopsis')).toBeUndefined();
    });

    it('guide: the prerequisite, then the guide chosen, then one of the department’s teachers', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'synopsis', 'title');
      // Later steps before the guide say to choose the guide first.
      await expectRefused(s, 'synopsis', 'coGuides', {}, 409, THESIS_MESSAGES.selectGuide);
      await expectRefused(s, 'synopsis', 'certificate', { fileId: 'x' }, 409, THESIS_MESSAGES.selectGuide);

      await expectRefused(s, 'synopsis', 'guide', {}, 400, THESIS_MESSAGES.selectGuide);
      await expectRefused(s, 'synopsis', 'guide', { guideId: '  ' }, 400, THESIS_MESSAGES.selectGuide);
      const notInDepartment = THESIS_MESSAGES.guideNotInDepartment;
      await expectRefused(s, 'synopsis', 'guide', { guideId: 'not-an-id' }, 400, notInDepartment);
      await expectRefused(s, 'synopsis', 'guide', { guideId: crypto.randomUUID() }, 400, notInDepartment);
      // Faculty of another department, a HOD of another college, Master, the Admin and a student.
      for (const id of [
        w.actors.facultyOtherDepartment.id,
        w.hodOtherCollege.id,
        w.actors.master.id,
        w.actors.admin.id,
        w.actors.otherStudent.id,
        s.id,
      ]) {
        await expectRefused(s, 'synopsis', 'guide', { guideId: id }, 400, notInDepartment);
      }
      // A blocked teacher, and one who never opened their verification link, of the department.
      const blocked = await createUser(t.db, { role: 'professor', placement: w.medicine, blocked: true });
      const unverified = await createUser(t.db, {
        role: 'professor',
        placement: w.medicine,
        verified: false,
      });
      await expectRefused(s, 'synopsis', 'guide', { guideId: blocked.id }, 400, notInDepartment);
      await expectRefused(s, 'synopsis', 'guide', { guideId: unverified.id }, 400, notInDepartment);
      expect((await rowOf(s.id, 'synopsis'))?.guideId).toBeNull();

      // An id in capitals is the same teacher.
      const saved = await write(s, 'synopsis', 'guide', { guideId: w.actors.faculty.id.toUpperCase() });
      expect(saved.statusCode).toBe(200);
      expect((await rowOf(s.id, 'synopsis'))?.guideId).toBe(w.actors.faculty.id);
    });

    it('co-guides: at least one, each a name and a department of the student’s college', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'thesis', 'guide');
      await expectRefused(s, 'thesis', 'certificate', {}, 409, THESIS_MESSAGES.addCoGuide);
      await expectRefused(s, 'thesis', 'acceptanceDate', {}, 409, THESIS_MESSAGES.addCoGuide);

      const surgery = w.surgery.department.name;
      const cases: Array<[unknown, string]> = [
        [{}, THESIS_MESSAGES.addCoGuide],
        [{ coGuides: [] }, THESIS_MESSAGES.addCoGuide],
        [{ coGuides: [{ department: surgery }] }, THESIS_MESSAGES.coGuideName(1)],
        [{ coGuides: [{ name: '   ', department: surgery }] }, THESIS_MESSAGES.coGuideName(1)],
        [{ coGuides: [{ name: 'Dr. A' }] }, THESIS_MESSAGES.coGuideDepartment(1)],
        [{ coGuides: [{ name: 'Dr. A', department: ' ' }] }, THESIS_MESSAGES.coGuideDepartment(1)],
        [
          {
            coGuides: [
              { name: 'Dr. A', department: surgery },
              { name: '', department: surgery },
            ],
          },
          THESIS_MESSAGES.coGuideName(2),
        ],
        [
          { coGuides: [{ name: 'Dr. A', department: surgery }, { name: 'Dr. B' }] },
          THESIS_MESSAGES.coGuideDepartment(2),
        ],
        // The name check of every row comes before any department is looked up.
        [
          { coGuides: [{ name: 'Dr. A', department: 'Astrology' }, { name: '' }] },
          THESIS_MESSAGES.coGuideName(2),
        ],
        // A department the college does not run, and one only another college runs.
        [{ coGuides: [{ name: 'Dr. A', department: 'Astrology' }] }, THESIS_MESSAGES.coGuideDepartment(1)],
        [
          {
            coGuides: [
              { name: 'Dr. A', department: surgery },
              { name: 'Dr. B', department: `Medicine ${unique('Nowhere')}` },
            ],
          },
          THESIS_MESSAGES.coGuideDepartment(2),
        ],
      ];
      for (const [body, message] of cases) await expectRefused(s, 'thesis', 'coGuides', body, 400, message);

      const tooMany = Array.from({ length: MAX_CO_GUIDES + 1 }, (_, i) => ({
        name: `Dr. ${i}`,
        department: surgery,
      }));
      const refused = await write(s, 'thesis', 'coGuides', { coGuides: tooMany });
      expect(refused.statusCode).toBe(400);
      expect((await rowOf(s.id, 'thesis'))?.coGuides).toBeNull();
    });

    it('co-guides: a department of another college is refused', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'synopsis', 'guide');
      const south = await createPlacement(t.db, { departmentName: `Pathology ${unique('South')}` });
      await expectRefused(
        s,
        'synopsis',
        'coGuides',
        { coGuides: [{ name: 'Dr. A', department: south.department.name }] },
        400,
        THESIS_MESSAGES.coGuideDepartment(1),
      );
    });

    it('certificate: the prerequisite, then a file chosen, then the student’s own document', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'thesis', 'coGuides');
      await expectRefused(
        s,
        'thesis',
        'acceptanceDate',
        { date: todayIso() },
        409,
        THESIS_MESSAGES.selectCertificate,
      );

      await expectRefused(s, 'thesis', 'certificate', {}, 400, THESIS_MESSAGES.selectCertificate);
      await expectRefused(s, 'thesis', 'certificate', { fileId: '' }, 400, THESIS_MESSAGES.selectCertificate);
      await expectRefused(s, 'thesis', 'certificate', { fileId: 'abc' }, 400, FILE_MESSAGES.notFound);
      await expectRefused(
        s,
        'thesis',
        'certificate',
        { fileId: crypto.randomUUID() },
        400,
        FILE_MESSAGES.notFound,
      );
      // Another user's upload.
      const othersFile = await uploadDocument(t, w.actors.otherStudent.cookie);
      await expectRefused(s, 'thesis', 'certificate', { fileId: othersFile }, 400, FILE_MESSAGES.notFound);
      // The student's own file uploaded as a profile photo, not as a document.
      const photo = await uploadFile(
        t.app,
        'profile_photo',
        { data: tinyPng(), fileName: 'me.png' },
        { cookie: s.cookie },
      );
      expect(photo.statusCode).toBe(201);
      const photoId = (photo.json.file as { id: string }).id;
      await expectRefused(s, 'thesis', 'certificate', { fileId: photoId }, 400, FILE_MESSAGES.unsupported);
      expect((await rowOf(s.id, 'thesis'))?.certificateFileId).toBeNull();
    });

    it('acceptance date: a date chosen, then not after today; the synopsis has no such step', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'thesis', 'certificate');
      await expectRefused(s, 'thesis', 'acceptanceDate', {}, 400, THESIS_MESSAGES.selectDate);
      await expectRefused(s, 'thesis', 'acceptanceDate', { date: '' }, 400, THESIS_MESSAGES.selectDate);
      await expectRefused(
        s,
        'thesis',
        'acceptanceDate',
        { date: '2024-02-30' },
        400,
        THESIS_MESSAGES.selectDate,
      );
      await expectRefused(
        s,
        'thesis',
        'acceptanceDate',
        { date: '12-03-2024' },
        400,
        THESIS_MESSAGES.selectDate,
      );
      await expectRefused(
        s,
        'thesis',
        'acceptanceDate',
        { date: addDays(todayIso(), 1) },
        400,
        THESIS_MESSAGES.futureDate,
      );
      expect((await rowOf(s.id, 'thesis'))?.acceptanceDate).toBeNull();

      await writeUpTo(s, 'synopsis', 'certificate');
      const synopsisDate = await post(
        t.app,
        '/api/v1/theses/synopsis/acceptance-date',
        { date: todayIso() },
        { cookie: s.cookie },
      );
      expect(synopsisDate.statusCode).toBe(404);
      expect((await rowOf(s.id, 'synopsis'))?.acceptanceDate).toBeNull();
    });

    it('an unknown stage is refused', async () => {
      const s = await newStudent();
      const response = await post(
        t.app,
        '/api/v1/theses/dissertation/title',
        { title: 'X' },
        { cookie: s.cookie },
      );
      expect(response.statusCode).toBe(400);
      expect((await get(t.app, '/api/v1/theses/dissertation', { cookie: s.cookie })).statusCode).toBe(400);
    });
  });

  describe('each step is written once', () => {
    it('a second write of any step is refused before its input is looked at, and changes nothing', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'thesis', 'acceptanceDate');
      const row = await rowOf(s.id, 'thesis');
      for (const step of ['title', 'guide', 'coGuides', 'certificate', 'acceptanceDate'] as const) {
        // A valid new value, and an invalid one: both get the same refusal.
        await expectRefused(s, 'thesis', step, await validBody(s, step), 409, THESIS_MESSAGES.alreadySaved);
        await expectRefused(s, 'thesis', step, {}, 409, THESIS_MESSAGES.alreadySaved);
      }
      expect(await rowOf(s.id, 'thesis')).toEqual(row);
      const audits = await auditRowsFor(t.db, 'thesis', String(row?.id));
      expect(audits).toHaveLength(5);
    });

    it('the synopsis steps refuse a second write too', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'synopsis', 'certificate');
      for (const step of ['title', 'guide', 'coGuides', 'certificate'] as const) {
        await expectRefused(s, 'synopsis', step, await validBody(s, step), 409, THESIS_MESSAGES.alreadySaved);
      }
    });

    it('two title writes at once make one row', async () => {
      const s = await newStudent();
      const answers = await Promise.all([
        write(s, 'synopsis', 'title', { title: 'First' }),
        write(s, 'synopsis', 'title', { title: 'Second' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(theses).where(eq(theses.studentId, s.id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('who writes and reads', () => {
    it('a student the department has not approved yet writes nothing', async () => {
      const s = await newStudent({ verifyByHod: false });
      await expectRefused(s, 'synopsis', 'title', { title: 'Mine' }, 403, RECORD_MESSAGES.awaitingApproval);
      expect(await rowOf(s.id, 'synopsis')).toBeUndefined();
    });

    it('ids in the body are ignored: the student writes only their own steps', async () => {
      const s = await newStudent();
      const other = await newStudent();
      const response = await write(s, 'synopsis', 'title', { title: 'Mine', studentId: other.id });
      expect(response.statusCode).toBe(201);
      expect((await rowOf(s.id, 'synopsis'))?.title).toBe('Mine');
      expect(await rowOf(other.id, 'synopsis')).toBeUndefined();
    });

    it('staff of the department read a student’s steps; staff must name the student', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'synopsis', 'coGuides');
      const own = await read(s.cookie, 'synopsis');
      for (const cookie of [
        w.actors.faculty.cookie,
        w.actors.hod.cookie,
        w.actors.admin.cookie,
        w.actors.master.cookie,
      ]) {
        const response = await read(cookie, 'synopsis', s.id);
        expect(response.statusCode).toBe(200);
        expect(response.json).toEqual(own.json);
        const unnamed = await read(cookie, 'synopsis');
        expect({ status: unnamed.statusCode, message: unnamed.json.message }).toEqual({
          status: 400,
          message: ACADEMIC_MESSAGES.studentRequired,
        });
      }
    });

    it('staff of the same department in another college do not see the student', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'synopsis', 'title');
      // West College runs Medicine too; its teacher is of the same department, not the same college.
      const west = await createPlacement(t.db, { collegeName: `West ${unique('Col')}` });
      await linkDepartment(t.db, west.college.id, w.medicine.department.id);
      const westTeacher = await createUser(t.db, {
        role: 'professor',
        placement: { ...west, department: w.medicine.department },
      });
      const cookie = await login(t.app, westTeacher.email, westTeacher.password, 'staff', {
        remoteAddress: freshIp(),
      });
      const response = await read(cookie, 'synopsis', s.id);
      expect({ status: response.statusCode, message: response.json.message }).toEqual({
        status: 404,
        message: ACADEMIC_MESSAGES.studentNotFound,
      });
      expect(response.body).not.toContain(s.name);
    });

    it('an id that is no student is not found; a student naming another is refused', async () => {
      for (const id of ['nonsense', crypto.randomUUID(), w.actors.faculty.id]) {
        const response = await read(w.actors.master.cookie, 'thesis', id);
        expect({ status: response.statusCode, message: response.json.message }).toEqual({
          status: 404,
          message: ACADEMIC_MESSAGES.studentNotFound,
        });
      }
      const s = await newStudent();
      expect((await read(s.cookie, 'thesis', w.actors.student.id)).statusCode).toBe(403);
      expect((await read(s.cookie, 'thesis', s.id)).statusCode).toBe(200);
    });

    it('staff see a thesis only in the department it was written in (a student who moves does not take it along)', async () => {
      const s = await newStudent();
      await writeUpTo(s, 'synopsis', 'title');
      const title = (await rowOf(s.id, 'synopsis'))?.title as string;
      await t.db.update(users).set({ departmentId: w.surgery.department.id }).where(eq(users.id, s.id));
      const surgeon = await read(w.actors.facultyOtherDepartment.cookie, 'synopsis', s.id);
      expect(surgeon.statusCode).toBe(200);
      expect(surgeon.json.thesis).toBeNull();
      expect(surgeon.body).not.toContain(title);
      const master = await read(w.actors.master.cookie, 'synopsis', s.id);
      expect((master.json.thesis as { title: string } | null)?.title).toBe(title);
    });
  });
});
