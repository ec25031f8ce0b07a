import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import {
  PROFILE_MESSAGES,
  ProfileResponseSchema,
  TeacherListSchema,
  type UpdateProfileInput,
} from '@pgel/shared/schemas/profile';
import { SessionUserSchema } from '@pgel/shared/schemas/session-user';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index';
import { tinyPdf, tinyPng } from '../../test/files';
import {
  buildTestApp,
  createPlacement,
  createUser,
  findUser,
  get,
  login,
  type Placement,
  put,
  type TestApp,
  type UserFixture,
  uploadFile,
} from '../../test/helpers';

const UNKNOWN_ID = '7d5c1a3e-2b4f-4c6d-9e8f-0a1b2c3d4e5f';

const EMPTY: UpdateProfileInput = {
  name: 'Dr. Kavya Iyer',
  dob: null,
  bloodGroup: null,
  vaccinationStatus: null,
  registrationNumber: null,
  medicalCouncil: null,
  validUpto: null,
  address: null,
  joiningDate: null,
  regDate: null,
  university: null,
  universityRollNo: null,
  collegeRollNo: null,
  fatherName: null,
  motherName: null,
  unitHeadId: null,
  profilePicFileId: null,
  idProofFileId: null,
};

describe('profile and teachers', () => {
  let t: TestApp;
  let placement: Placement;
  let otherDepartment: Placement;
  let student: UserFixture;
  let studentCookie: string;
  let otherStudentCookie: string;
  let professorCookie: string;
  let masterCookie: string;
  let professor: UserFixture;
  let assistant: UserFixture;
  let hod: UserFixture;
  const refused: Record<string, UserFixture> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    placement = await createPlacement(t.db);
    otherDepartment = await createPlacement(t.db);
    student = await createUser(t.db, { placement, name: 'Dr. Kavya Iyer' });
    const otherStudent = await createUser(t.db, { placement });
    professor = await createUser(t.db, { placement, role: 'professor', name: 'Dr. Meera Pillai' });
    assistant = await createUser(t.db, { placement, role: 'assistant_professor', name: 'Dr. Arun Bose' });
    hod = await createUser(t.db, { placement, role: 'hod', name: 'Dr. Zoya Khan' });
    refused.admin = await createUser(t.db, { placement, role: 'admin', name: 'Admin Same Dept' });
    refused.master = await createUser(t.db, { role: 'master', name: 'Master' });
    refused.blocked = await createUser(t.db, {
      placement,
      role: 'professor',
      blocked: true,
      name: 'Dr. Blocked',
    });
    refused.deleted = await createUser(t.db, {
      placement,
      role: 'professor',
      deleted: true,
      name: 'Dr. Deleted',
    });
    refused.otherDepartment = await createUser(t.db, { placement: otherDepartment, role: 'professor' });
    refused.student = otherStudent;
    studentCookie = await login(t.app, student.email, student.password);
    otherStudentCookie = await login(t.app, otherStudent.email, otherStudent.password);
    professorCookie = await login(t.app, professor.email, professor.password, 'staff');
    masterCookie = await login(t.app, refused.master.email, refused.master.password, 'staff');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function uploaded(purpose: string, data: Buffer, fileName: string, cookie = studentCookie) {
    const response = await uploadFile(t.app, purpose, { data, fileName }, { cookie });
    expect(response.statusCode).toBe(201);
    return (response.json.file as { id: string }).id;
  }

  const save = (body: unknown, cookie = studentCookie) => put(t.app, '/api/v1/profile', body, { cookie });

  describe('GET /profile', () => {
    it('needs a session (401)', async () => {
      expect((await get(t.app, '/api/v1/profile')).statusCode).toBe(401);
    });

    it("gives the caller's own profile with the read-only details", async () => {
      const response = await get(t.app, '/api/v1/profile', { cookie: studentCookie });
      expect(response.statusCode).toBe(200);
      const { profile } = ProfileResponseSchema.parse(response.json);
      expect(profile).toEqual({
        ...EMPTY,
        profilePicFileId: undefined,
        idProofFileId: undefined,
        email: student.email,
        phone: '9876543210',
        role: null,
        // The user's own referral id (issue 10: the profile shows it).
        referralId: student.referralId,
        verifyByHod: false,
        collegeName: placement.college.name,
        departmentName: placement.department.name,
        courseTitle: placement.course.title,
        profilePic: null,
        idProof: null,
        // Students have no verification e-mail choice (faculty only).
        verificationMail: null,
      });
    });
  });

  describe('PUT /profile', () => {
    it('needs a session (401) before it looks at the body', async () => {
      const response = await put(t.app, '/api/v1/profile', { name: '' });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      [{ name: '  ' }, PROFILE_MESSAGES.name],
      [{ dob: '2999-01-01' }, PROFILE_MESSAGES.futureDate],
      [{ joiningDate: '2024-13-45' }, PROFILE_MESSAGES.invalidDate],
      [{ regDate: 'yesterday' }, PROFILE_MESSAGES.invalidDate],
      [{ unitHeadId: 'not-a-uuid' }, PROFILE_MESSAGES.unitHead],
    ])('refuses %j with %j', async (overrides, message) => {
      const response = await save({ ...EMPTY, ...overrides });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it('refuses a date that is not on the calendar in every date field, and saves nothing', async () => {
      // V8's Date.parse reads 2001-02-30 as 2 March; PostgreSQL refuses it (this was a 500).
      for (const field of ['dob', 'validUpto', 'joiningDate', 'regDate'] as const) {
        for (const value of ['2001-02-30', '2030-04-31', '2023-02-29', '0000-01-01']) {
          const response = await save({ ...EMPTY, name: 'Dr. Changed', [field]: value });
          expect(response.statusCode, `${field} ${value}: ${response.body}`).toBe(400);
          expect(response.json).toEqual({
            code: 'validation',
            message: PROFILE_MESSAGES.invalidDate,
            fieldErrors: { [field]: PROFILE_MESSAGES.invalidDate },
          });
        }
      }
      const row = await findUser(t.db, student.email);
      expect(row?.name).toBe(student.name);
    });

    it('refuses a blood group or council not in the lists', async () => {
      for (const overrides of [{ bloodGroup: 'Z+' }, { medicalCouncil: 'Moon Medical Council' }]) {
        const response = await save({ ...EMPTY, ...overrides });
        expect(response.statusCode).toBe(400);
      }
    });

    it('saves every field, the photo, the ID proof and the unit head, with an audit row', async () => {
      const photoId = await uploaded('profile_photo', tinyPng(), 'me.png');
      const proofId = await uploaded('id_proof', tinyPdf(), 'college-id.pdf');
      const input: UpdateProfileInput = {
        name: 'Dr. Kavya R. Iyer',
        dob: '1996-04-12',
        bloodGroup: 'O+',
        vaccinationStatus: 'Yes',
        registrationNumber: 'TCMC-55231',
        medicalCouncil: 'Travancore Cochin Medical Council (Kerala)',
        validUpto: '2031-03-31',
        address: '12 MG Road, Kochi',
        joiningDate: '2024-07-01',
        regDate: '2020-02-15',
        university: 'Kerala University of Health Sciences, Thrissur',
        universityRollNo: 'KUHS-2024-118',
        collegeRollNo: 'PG-17',
        fatherName: 'Ravi Iyer',
        motherName: 'Lata Iyer',
        unitHeadId: professor.id,
        profilePicFileId: photoId,
        idProofFileId: proofId,
      };
      const response = await save(input);
      expect(response.statusCode).toBe(200);
      expect(response.json.message).toBe(PROFILE_MESSAGES.success);
      const user = SessionUserSchema.parse(response.json.user);
      expect(user).toMatchObject({
        id: student.id,
        name: 'Dr. Kavya R. Iyer',
        profilePic: `/api/v1/files/${photoId}`,
        unitHead: { id: professor.id, name: 'Dr. Meera Pillai' },
        joiningDate: '2024-07-01',
        collegeRollNo: 'PG-17',
      });

      const row = await findUser(t.db, student.email);
      expect(row).toMatchObject({
        name: 'Dr. Kavya R. Iyer',
        bloodGroup: 'O+',
        registrationNumber: 'TCMC-55231',
        unitHeadId: professor.id,
        profilePicFileId: photoId,
        idProofFileId: proofId,
        phone: '9876543210',
        email: student.email,
      });

      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.profile_update'), eq(auditLog.entityId, student.id)));
      expect(audit?.before).toMatchObject({ name: 'Dr. Kavya Iyer', bloodGroup: null, unitHeadId: null });
      expect(audit?.after).toMatchObject({
        name: 'Dr. Kavya R. Iyer',
        bloodGroup: 'O+',
        unitHeadId: professor.id,
      });

      const profile = ProfileResponseSchema.parse(
        (await get(t.app, '/api/v1/profile', { cookie: studentCookie })).json,
      ).profile;
      const { profilePicFileId: _photo, idProofFileId: _proof, ...fields } = input;
      expect(profile).toMatchObject({
        ...fields,
        profilePic: {
          id: photoId,
          originalName: 'me.png',
          contentType: 'image/png',
          url: `/api/v1/files/${photoId}`,
        },
        idProof: {
          id: proofId,
          originalName: 'college-id.pdf',
          contentType: 'application/pdf',
          url: `/api/v1/files/${proofId}`,
        },
      });
      const me = await get(t.app, '/api/v1/auth/me', { cookie: studentCookie });
      expect((me.json.user as { profilePic: string }).profilePic).toBe(`/api/v1/files/${photoId}`);
    });

    it('saves nothing and writes no audit row when nothing changed', async () => {
      const current = ProfileResponseSchema.parse(
        (await get(t.app, '/api/v1/profile', { cookie: studentCookie })).json,
      ).profile;
      const countAudits = async () =>
        (
          await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.action, 'user.profile_update'), eq(auditLog.entityId, student.id)))
        ).length;
      const before = await countAudits();
      const {
        profilePic,
        idProof,
        email,
        phone,
        role,
        verifyByHod,
        collegeName,
        departmentName,
        courseTitle,
        ...rest
      } = current;
      const response = await save({
        ...rest,
        profilePicFileId: profilePic?.id ?? null,
        idProofFileId: idProof?.id ?? null,
      });
      expect(response.statusCode).toBe(200);
      expect(await countAudits()).toBe(before);
    });

    it.each(['admin', 'master', 'blocked', 'deleted', 'otherDepartment', 'student'])(
      'refuses a unit head who is %s, and keeps the profile as it was',
      async (kind) => {
        const before = await findUser(t.db, student.email);
        const response = await save({ ...EMPTY, name: 'Should Not Save', unitHeadId: refused[kind]?.id });
        expect(response.statusCode).toBe(400);
        expect(response.json).toEqual({ code: 'validation', message: PROFILE_MESSAGES.unitHead });
        expect(await findUser(t.db, student.email)).toEqual(before);
      },
    );

    it('refuses an unknown unit head', async () => {
      const response = await save({ ...EMPTY, unitHeadId: UNKNOWN_ID });
      expect(response.statusCode).toBe(400);
      expect(response.json.message).toBe(PROFILE_MESSAGES.unitHead);
    });

    it("refuses someone else's file, and a file uploaded for another purpose", async () => {
      const theirs = await uploaded('profile_photo', tinyPng(), 'theirs.png', otherStudentCookie);
      const document = await uploaded('document', tinyPng(), 'scan.png');
      const pdfProof = await uploaded('id_proof', tinyPdf(), 'proof.pdf');
      const cases: Array<[Partial<UpdateProfileInput>, string]> = [
        [{ profilePicFileId: theirs }, FILE_MESSAGES.notFound],
        [{ profilePicFileId: UNKNOWN_ID }, FILE_MESSAGES.notFound],
        [{ profilePicFileId: document }, FILE_MESSAGES.imagesOnly],
        [{ profilePicFileId: pdfProof }, FILE_MESSAGES.imagesOnly],
        [{ idProofFileId: theirs }, FILE_MESSAGES.notFound],
        [{ idProofFileId: document }, FILE_MESSAGES.imageOrPdf],
      ];
      const before = await findUser(t.db, student.email);
      for (const [overrides, message] of cases) {
        const response = await save({ ...EMPTY, ...overrides });
        expect({ overrides, status: response.statusCode, message: response.json.message }).toEqual({
          overrides,
          status: 400,
          message,
        });
      }
      expect(await findUser(t.db, student.email)).toEqual(before);
    });

    it('clears the photo when it is set to null', async () => {
      const response = await save({ ...EMPTY, profilePicFileId: null });
      expect(response.statusCode).toBe(200);
      expect((response.json.user as { profilePic: unknown }).profilePic).toBeNull();
      expect((await findUser(t.db, student.email))?.profilePicFileId).toBeNull();
    });

    it('lets staff edit their own profile but ignores a unit head they send', async () => {
      const response = await save(
        { ...EMPTY, name: 'Dr. Meera S. Pillai', unitHeadId: hod.id },
        professorCookie,
      );
      expect(response.statusCode).toBe(200);
      const row = await findUser(t.db, professor.email);
      expect(row).toMatchObject({ name: 'Dr. Meera S. Pillai', unitHeadId: null, role: 'professor' });
      const [studentRow] = await t.db.select().from(users).where(eq(users.id, student.id));
      expect(studentRow?.name).not.toBe('Dr. Meera S. Pillai');
    });
  });

  describe('GET /people/teachers', () => {
    it('needs a session (401)', async () => {
      expect((await get(t.app, '/api/v1/people/teachers')).statusCode).toBe(401);
    });

    it("lists the teachers of the caller's college and department by name", async () => {
      for (const cookie of [studentCookie, professorCookie]) {
        const response = await get(t.app, '/api/v1/people/teachers', { cookie });
        expect(response.statusCode).toBe(200);
        const names = TeacherListSchema.parse(response.json).items.map((item) => item.name);
        expect(names).toEqual(['Dr. Arun Bose', 'Dr. Meera S. Pillai', 'Dr. Zoya Khan']);
      }
      const response = await get(t.app, '/api/v1/people/teachers', { cookie: studentCookie });
      expect(response.json.items).toContainEqual({
        id: assistant.id,
        name: 'Dr. Arun Bose',
        role: 'assistant_professor',
      });
    });

    it('gives Master, who belongs to no department, an empty list', async () => {
      const response = await get(t.app, '/api/v1/people/teachers', { cookie: masterCookie });
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({ items: [] });
    });
  });
});
