import { AETCOM_SKILLS } from '@pgel/shared/academic/aetcom';
import { patientNameFields } from '@pgel/shared/privacy/masking';
import { clinicalCase, drpActivity, introductionSchedule, procedure } from '@pgel/shared/records/kinds';
import type { RecordKind } from '@pgel/shared/records/types';
import { todayIso } from '@pgel/shared/schemas/dates';
import { eq, inArray, like } from 'drizzle-orm';
import { invoices, loginThrottle, memos, notifications, users } from '../db/schema/index';
import { createSession, SESSION_COOKIE } from '../platform/session';
import { type AcademicWorld, createAcademicWorld } from './academic-world';
import type { ApiActor } from './api-access-table';
import { worldHints } from './bad-requests';
import { addPosting, createCoordinator, type DrpActor, dayFromToday } from './drp-world';
import { tinyPdf } from './files';
import {
  createCompetency,
  createInstitution,
  createRecordRow,
  createSkill,
  createSpeciality,
  createUser,
  DEFAULT_PASSWORD,
  get,
  linkStaffStudent,
  post,
  type TestApp,
  unique,
  uniquePhone,
} from './helpers';
import type { SchemaHints } from './json-schema-arbitrary';
import { createCoupon, sandboxIdOf } from './payments-world';
import { recordBody, uploadDocument, validValues, verifyInputFor } from './records-world';

/**
 * The world of the API access matrix (issue 15): the academic world (North college: the owning
 * student, a student of the same department, faculty of the department and of another one, the
 * HOD; South college: a student and the HOD), a DRP coordinator under whom the owning student
 * is posted, and Master. Every path id a request names belongs to the owning student's data
 * (or, for staff routes, to the student's own teacher); rows a request may change or delete are
 * made fresh for each operation, so one operation's allowed write cannot mask another's fault.
 */
export type ApiAccessWorld = {
  academic: AcademicWorld;
  coordinator: DrpActor;
  postingId: string;
  /** The institution of the owning student's posting. */
  institutionId: string;
  /** User ids of the signed-in actors. */
  userIds: Record<Exclude<ApiActor, 'anonymous'>, string>;
  hints: SchemaHints;
  /** A document the owning student uploaded. */
  documentId: string;
  ownerReferralId: string;
  /** A check code of an issued logbook PDF of the owning student. */
  checkCode: string;
  packageId: string;
  couponCode: string;
  /**
   * Every full patient name the owning student's records hold (clinical cases, procedures): a
   * list answer shows only their initials, a record's detail the full name only to the student
   * and the staff who may verify it.
   */
  patientNames: string[];
};

export async function createApiAccessWorld(t: TestApp): Promise<ApiAccessWorld> {
  const academic = await createAcademicWorld(t);
  const a = academic.actors;
  const coordinator = await createCoordinator(t, `Dr. ${academic.tag} Coordinator`);
  const posting = await addPosting(t.db, {
    student: a.student,
    placement: academic.medicine,
    coordinator,
    from: dayFromToday(-30),
  });
  const hints = await worldHints(t, academic);
  const documentId = await uploadDocument(t, a.student.cookie);
  const [owner] = await t.db
    .select({ referralId: users.referralId })
    .from(users)
    .where(inArray(users.id, [a.student.id]));
  const held = await heldBackActors(t, academic);
  const pdf = await get(t.app, `/api/v1/print-logbook/${a.student.id}/pdf`, { cookie: a.hod.cookie });
  const checkCode = String(pdf.headers['x-document-code'] ?? 'no-code');
  const packages = await get(t.app, '/api/v1/packages', { cookie: a.student.cookie });
  const packageId = (packages.json.items as Array<{ id: string }> | undefined)?.[0]?.id ?? '';
  const world: ApiAccessWorld = {
    academic,
    coordinator,
    postingId: posting.id,
    institutionId: posting.institution.id,
    userIds: {
      student: a.student.id,
      sameDepartmentStudent: a.otherStudent.id,
      otherCollegeStudent: academic.otherCollegeStudent.id,
      faculty: a.faculty.id,
      otherDepartmentFaculty: a.facultyOtherDepartment.id,
      hod: a.hod.id,
      otherCollegeHod: academic.hodOtherCollege.id,
      drpCoordinator: coordinator.id,
      master: a.master.id,
      unconfirmedTeacher: held.teacherId,
      unconfirmedCoordinator: held.coordinatorId,
    },
    hints,
    documentId,
    ownerReferralId: owner?.referralId ?? '',
    checkCode,
    packageId,
    couponCode: (await createCoupon(t.db, { discountPaise: 10_000, quantity: 1000 })).code,
    patientNames: [],
  };
  await ownerHistory(t, world);
  return world;
}

/** A teacher the owning student proposed, awaiting confirmation (issue 27). */
async function proposedTeacher(t: TestApp, academic: AcademicWorld): Promise<string> {
  const a = academic.actors;
  const teacher = await createUser(t.db, { role: 'professor', placement: academic.medicine });
  await t.db
    .update(users)
    .set({ confirmation: 'awaiting', addedById: a.student.id })
    .where(inArray(users.id, [teacher.id]));
  await linkStaffStudent(t.db, teacher.id, a.student.id, a.student.id);
  return teacher.id;
}

/**
 * The held-back actors: a teacher the owning student proposed and a DRP coordinator they named on
 * a posting of theirs (long past, clear of the matrix's own dates), both past their first sign-in
 * and awaiting confirmation.
 */
async function heldBackActors(t: TestApp, academic: AcademicWorld) {
  const a = academic.actors;
  const coordinator = await createUser(t.db, { role: 'drp_coordinator', name: `Dr. ${unique('Named')}` });
  await t.db
    .update(users)
    .set({ confirmation: 'awaiting', addedById: a.student.id })
    .where(inArray(users.id, [coordinator.id]));
  await addPosting(t.db, {
    student: a.student,
    placement: academic.medicine,
    coordinator,
    from: dayFromToday(-2000),
  });
  return { teacherId: await proposedTeacher(t, academic), coordinatorId: coordinator.id };
}

/**
 * What the lists show of the owning student before any request of the matrix: a memo, a
 * notification, an appraisal and an AETCOM year (from two years ago, clear of the matrix's own),
 * and a clinical case and a procedure, each naming its patient.
 */
async function ownerHistory(t: TestApp, w: ApiAccessWorld): Promise<void> {
  const a = w.academic.actors;
  await ownerRecord(t, w, clinicalCase, 'pending');
  await ownerRecord(t, w, procedure, 'pending');
  await ownerMemo(t, w, 'issued');
  await t.db.insert(notifications).values({
    toId: a.student.id,
    fromId: a.faculty.id,
    description: 'Memo issued',
    collegeId: w.academic.medicine.college.id,
  });
  const faculty = { cookie: await cookieOf(t, w, 'faculty') };
  const fromDate = dayFromToday(-800);
  for (const [url, body] of [
    ['/api/v1/appraisals', { ...(bodyFor(w, 'POST /appraisals', {}) as object), fromDate }],
    ['/api/v1/aetcom', { ...(bodyFor(w, 'POST /aetcom', {}) as object), fromDate }],
  ] as const) {
    const response = await post(t.app, url, body, faculty);
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
}

/** A fresh session of the actor straight in the database (logout and password changes end theirs). */
export async function cookieOf(t: TestApp, w: ApiAccessWorld, actor: ApiActor): Promise<string | undefined> {
  if (actor === 'anonymous') return undefined;
  const settings = { idleMs: 3_600_000, absoluteMs: 3_600_000, secureCookie: false };
  const { token } = await createSession(t.db, settings, w.userIds[actor], {
    ip: '127.0.0.1',
    userAgent: 'api-access-matrix',
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** The actors' user rows as they were, to put back after a request changed them. */
export async function snapshotActors(t: TestApp, w: ApiAccessWorld) {
  const ids = Object.values(w.userIds);
  const rows = await t.db.select().from(users).where(inArray(users.id, ids));
  return async () => {
    for (const row of rows) {
      const { id, ...rest } = row;
      await t.db
        .update(users)
        .set(rest)
        .where(inArray(users.id, [id]));
    }
  };
}

/** A record of the owning student, made for one operation. */
async function ownerRecord(
  t: TestApp,
  w: ApiAccessWorld,
  kind: RecordKind,
  status: 'pending' | 'approved',
): Promise<string> {
  const a = w.academic.actors;
  const names = patientNameFields(kind);
  if (names.length > 0 || kind === drpActivity) {
    // Through the API, so patient identifiers are stored as the app stores them.
    const values = validValues(kind, w.academic.refs, w.documentId);
    for (const name of names) if (typeof values[name] === 'string') w.patientNames.push(values[name]);
    const created = await post(t.app, '/api/v1/records', recordBody(kind, values), {
      cookie: await cookieOf(t, w, 'student'),
    });
    const id = (created.json.record as { id: string } | undefined)?.id;
    if (!id) throw new Error(`creating a ${kind.id} record failed: ${created.statusCode} ${created.body}`);
    return id;
  }
  return createRecordRow(t.db, {
    kind: kind.id,
    studentId: a.student.id,
    placement: w.academic.medicine,
    teacherId: a.faculty.id,
    status,
    details: validValues(kind, w.academic.refs, w.documentId),
    ...(status === 'approved'
      ? { verifiedById: a.faculty.id, verifiedAt: new Date(), score: { value: 4, label: 'Excellent' } }
      : {}),
  });
}

async function ownerMemo(t: TestApp, w: ApiAccessWorld, status: 'issued' | 'explained'): Promise<string> {
  const a = w.academic.actors;
  const sequence = Math.floor(Math.random() * 1_000_000_000);
  const [row] = await t.db
    .insert(memos)
    .values({
      collegeId: w.academic.medicine.college.id,
      departmentId: w.academic.medicine.department.id,
      studentId: a.student.id,
      issuedById: a.hod.id,
      sequence,
      memoNumber: `M-${sequence}`,
      date: todayIso(),
      reason: 'Absent from the ward round',
      status,
      ...(status === 'explained' ? { explanation: 'I was unwell', explainedAt: new Date() } : {}),
    })
    .returning({ id: memos.id });
  if (!row) throw new Error('fixture insert returned no row');
  return row.id;
}

async function setOwnerPaid(t: TestApp, w: ApiAccessWorld, paid: boolean) {
  await t.db
    .update(users)
    .set({ paid })
    .where(inArray(users.id, [w.userIds.student]));
}

/** A sandbox order of the owning student (who may make only so many an hour). */
async function ownerOrder(t: TestApp, w: ApiAccessWorld) {
  await t.db.delete(loginThrottle).where(like(loginThrottle.key, 'payment-order:%'));
  // The student has paid (as every approved student has); an order is made before that.
  await setOwnerPaid(t, w, false);
  const created = await post(
    t.app,
    '/api/v1/payments/orders',
    { packageId: w.packageId, gateway: 'sandbox' },
    { cookie: await cookieOf(t, w, 'student') },
  );
  await setOwnerPaid(t, w, true);
  const id = (created.json.order as { id: string } | undefined)?.id;
  if (!id) throw new Error(`creating an order failed: ${created.statusCode} ${created.body}`);
  return { id, gatewayOrderId: sandboxIdOf(created) };
}

/** A GST invoice of the owning student: an order of theirs paid through the sandbox (issue 28). */
async function ownerInvoice(t: TestApp, w: ApiAccessWorld): Promise<string> {
  const order = await ownerOrder(t, w);
  const cookie = await cookieOf(t, w, 'student');
  await setOwnerPaid(t, w, false);
  try {
    const paid = await post(
      t.app,
      `/api/v1/payments/sandbox/${order.gatewayOrderId}/complete`,
      { outcome: 'success' },
      { cookie },
    );
    if (paid.statusCode !== 200) throw new Error(`sandbox payment: ${paid.statusCode} ${paid.body}`);
    const verified = await post(t.app, `/api/v1/payments/orders/${order.id}/verify`, {}, { cookie });
    if (verified.json.status !== 'paid') throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  } finally {
    await setOwnerPaid(t, w, true);
  }
  const [row] = await t.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.paymentOrderId, order.id));
  if (!row) throw new Error('the paid order has no invoice');
  return row.id;
}

/**
 * The path parameters of one operation ("METHOD /path" as in the OpenAPI document, without the
 * `/api/v1` prefix): rows of the owning student, fresh where a request may change them.
 */
export async function pathParamsFor(
  t: TestApp,
  w: ApiAccessWorld,
  operation: string,
): Promise<Record<string, string>> {
  const a = w.academic.actors;
  const place = w.academic.medicine;
  const [, route = ''] = operation.split(' ');
  switch (operation) {
    case 'GET /records/{id}':
      return { id: await ownerRecord(t, w, clinicalCase, 'pending') };
    case 'POST /records/{id}/verification':
      return { id: await ownerRecord(t, w, introductionSchedule, 'pending') };
    case 'POST /records/bulk-verification':
    case 'POST /records/sign-off':
      // Not a path parameter: the body names it.
      return { recordId: await ownerRecord(t, w, introductionSchedule, 'pending') };
    case 'POST /records/{id}/sign-off':
      return { id: await ownerRecord(t, w, introductionSchedule, 'pending') };
    case 'DELETE /records/{id}':
      return { id: await ownerRecord(t, w, drpActivity, 'pending') };
    case 'GET /records/{id}/scores':
    case 'POST /records/{id}/reset':
      return { id: await ownerRecord(t, w, introductionSchedule, 'approved') };
    case 'GET /memos/{id}':
    case 'POST /memos/{id}/explanation':
      return { id: await ownerMemo(t, w, 'issued') };
    case 'POST /memos/{id}/close':
      return { id: await ownerMemo(t, w, 'explained') };
    case 'DELETE /competencies/{id}':
      return {
        id: (await createCompetency(t.db, { departmentId: place.department.id, collegeId: place.college.id }))
          .id,
      };
    case 'DELETE /skills/{id}': {
      const competency = await createCompetency(t.db, { departmentId: place.department.id });
      return { id: (await createSkill(t.db, competency.id)).id };
    }
    case 'DELETE /specialities/{id}':
      return {
        id: (await createSpeciality(t.db, { departmentId: place.department.id, collegeId: place.college.id }))
          .id,
      };
    case 'DELETE /institutions/{id}':
      return { id: (await createInstitution(t.db, { collegeId: place.college.id })).id };
    case 'POST /staff/{id}/confirmation':
      return { id: await proposedTeacher(t, w.academic) };
    case 'POST /notifications/{id}/read': {
      const [row] = await t.db
        .insert(notifications)
        .values({
          toId: a.student.id,
          fromId: a.faculty.id,
          description: 'Record verified',
          collegeId: place.college.id,
        })
        .returning({ id: notifications.id });
      return { id: row?.id ?? '' };
    }
    case 'DELETE /drp/postings/{id}': {
      const fresh = await addPosting(t.db, {
        student: a.student,
        placement: place,
        coordinator: w.coordinator,
        from: dayFromToday(200),
      });
      return { id: fresh.id };
    }
    case 'PUT /packages/{id}':
    case 'DELETE /packages/{id}': {
      const created = await post(
        t.app,
        '/api/v1/packages',
        { title: unique('Package'), price: 500, offerPrice: 400 },
        { cookie: await cookieOf(t, w, 'master') },
      );
      return { id: (created.json.package as { id: string } | undefined)?.id ?? '' };
    }
    case 'DELETE /coupons/{id}':
      return { id: (await createCoupon(t.db, { discountPaise: 10_000, quantity: 5 })).id };
    case 'PUT /students/{id}/certified':
      // The certificate prints the parent's name and the joining date (issue 28): the owner has
      // them (put back after the operation, with the other actors).
      await t.db
        .update(users)
        .set({ fatherName: 'Ravi Menon', joiningDate: '2024-01-15' })
        .where(inArray(users.id, [w.userIds.student]));
      return { id: w.userIds.student };
    case 'GET /bonafide':
      // The HOD has certified the student (put back after the operation, with the other actors).
      await t.db
        .update(users)
        .set({ certified: true })
        .where(inArray(users.id, [w.userIds.student]));
      return {};
    case 'POST /payments/orders':
    case 'POST /coupons/validate':
      // Until the matrix puts the actors back after this operation.
      await setOwnerPaid(t, w, false);
      return {};
    case 'POST /theses/thesis/acceptance-date': {
      // The date is the thesis's last step: the owning student writes the others first.
      const cookie = await cookieOf(t, w, 'student');
      for (const step of ['title', 'guide', 'co-guides', 'certificate']) {
        const body = bodyFor(w, `POST /theses/{stage}/${step}`, {});
        const response = await post(t.app, `/api/v1/theses/thesis/${step}`, body, { cookie });
        if (response.statusCode !== 200 && response.statusCode !== 201) {
          throw new Error(`thesis ${step}: ${response.statusCode} ${response.body}`);
        }
      }
      return {};
    }
    case 'GET /payments/orders/{id}':
    case 'POST /payments/orders/{id}/verify':
      return { id: (await ownerOrder(t, w)).id };
    case 'GET /payments/sandbox/{gatewayOrderId}':
    case 'POST /payments/sandbox/{gatewayOrderId}/complete':
      return { gatewayOrderId: (await ownerOrder(t, w)).gatewayOrderId };
    case 'GET /invoices/{id}/pdf':
      return { id: await ownerInvoice(t, w) };
    case 'GET /students/{id}/authentications/{month}':
      return { id: w.academic.actors.student.id, month: '2001-01' };
    case 'PUT /me/favourites/{type}/{id}':
    case 'DELETE /me/favourites/{type}/{id}':
      // A skill of the owner's department: another college's student may not pin it.
      return { type: 'skill', id: w.academic.refs.proc.skillId };
  }
  const params: Record<string, string> = {};
  for (const [, name = ''] of route.matchAll(/\{(\w+)\}/g)) {
    params[name] = sharedParam(w, route, name);
  }
  return params;
}

function sharedParam(w: ApiAccessWorld, route: string, name: string): string {
  const a = w.academic.actors;
  const place = w.academic.medicine;
  if (name === 'collegeId') return place.college.id;
  if (name === 'departmentId') return place.department.id;
  if (name === 'studentId') return a.student.id;
  if (name === 'referralId') return w.ownerReferralId;
  if (name === 'code') return w.checkCode;
  if (name === 'token') return 'no-such-token-0123456789';
  if (name === 'stage') return 'synopsis';
  if (name === 'kind') return introductionSchedule.id;
  if (name === 'source') return 'teachers';
  if (route.startsWith('/admin/colleges/')) return place.college.id;
  if (route.startsWith('/admin/departments/')) return place.department.id;
  if (route.startsWith('/students/')) return a.student.id;
  // Staff routes name the owning student's teacher.
  if (route.startsWith('/staff/')) return a.faculty.id;
  if (route.startsWith('/files/')) return w.documentId;
  if (route.startsWith('/drp/institutions/')) return w.institutionId;
  if (route.startsWith('/drp/postings/')) return w.postingId;
  throw new Error(`no value for path parameter ${name} of ${route}`);
}

/** Query parameters: the owning student where a route takes one, and what a route requires. */
export function queryFor(w: ApiAccessWorld, operation: string, names: string[]): Record<string, string> {
  const query: Record<string, string> = {};
  if (names.includes('studentId')) query.studentId = w.academic.actors.student.id;
  // Clinical cases: the list masks their patients' names.
  if (operation === 'GET /records') query.kind = clinicalCase.id;
  if (operation === 'POST /files') query.purpose = 'document';
  // The owner's department: Master and Admin name the one whose flag counts (and weeks without
  // entries) they read.
  if (operation === 'GET /reports/flags' || operation === 'GET /reports/weekly-updates') {
    query.collegeId = w.academic.medicine.college.id;
    query.departmentId = w.academic.medicine.department.id;
  }
  return query;
}

/** Bodies of the right shape and content, so authorization (not validation) decides. */
export function bodyFor(w: ApiAccessWorld, operation: string, params: Record<string, string>): unknown {
  const a = w.academic.actors;
  const place = w.academic.medicine;
  const today = todayIso();
  const newPassword = 'Another-Horse-7';
  const person = () => ({
    name: `Dr. ${unique('New')}`,
    email: `${unique('new')}@example.org`,
    phone: uniquePhone(),
  });
  switch (operation) {
    case 'PUT /settings/video':
      return { url: null };
    case 'PUT /settings/seller':
      return {
        legalName: 'Logbook Services Pvt Ltd',
        address: '12 MG Road, Pune',
        state: 'Maharashtra',
        gstin: '27AAPFU0939F1ZV',
        sacCode: '998315',
      };
    case 'POST /settings/launch/check':
    case 'POST /settings/launch':
      return { password: 'not-the-launch-password' };
    case 'POST /inquiries':
      return { ...person(), subject: 'Pricing', message: 'How much for a college?' };
    case 'POST /admin/colleges':
      return {
        name: `College ${unique()}`,
        phone: '9876543210',
        email: `${unique('office')}@college.test`,
        address: '2 Hospital Road',
        state: 'Kerala',
        gstin: '',
        website: '',
        logoFileId: null,
      };
    case 'PUT /admin/colleges/{id}/departments':
      return { departmentIds: [place.department.id, w.academic.surgery.department.id] };
    case 'POST /admin/departments':
      return { name: `Department ${unique()}`, courses: [`MD ${unique()}`] };
    case 'POST /admin/departments/{id}/courses':
      return { title: `MD ${unique()}` };
    case 'POST /competencies':
      return { departmentId: place.department.id, type: 'diag', text: `Competency ${unique()}` };
    case 'POST /skills':
      return { competencyId: w.academic.refs.diag.competencyId, text: `Skill ${unique()}` };
    case 'POST /specialities':
      return { departmentId: place.department.id, text: `Speciality ${unique()}` };
    case 'POST /institutions':
      return { state: 'Kerala', name: `Institution ${unique()}` };
    case 'POST /auth/login':
      return { email: a.student.email, password: DEFAULT_PASSWORD, remember: false };
    case 'POST /auth/staff-login':
      return { email: a.faculty.email, password: DEFAULT_PASSWORD, remember: false };
    case 'POST /auth/signup':
      return {
        ...person(),
        collegeId: place.college.id,
        departmentId: place.department.id,
        courseId: place.course.id,
        acceptTerms: true,
        password: DEFAULT_PASSWORD,
        confirmPassword: DEFAULT_PASSWORD,
        sponsor: '',
      };
    case 'POST /auth/forgot-password':
      return { email: a.student.email };
    case 'POST /auth/reset-password':
      return { token: 'no-such-token', newPassword, confirmPassword: newPassword };
    case 'POST /auth/change-password':
      return { currentPassword: DEFAULT_PASSWORD, newPassword, confirmPassword: newPassword };
    case 'PUT /profile':
      return {
        name: `Dr. ${unique('Renamed')}`,
        dob: '1995-08-15',
        bloodGroup: 'O+',
        vaccinationStatus: 'Yes',
        registrationNumber: 'TCMC 12345',
        medicalCouncil: 'Travancore Cochin Medical Council (Kerala)',
        validUpto: '2030-01-01',
        address: '3 Hostel Road',
        joiningDate: '2024-01-15',
        regDate: '2020-01-15',
        university: 'Kerala University of Health Sciences, Thrissur',
        universityRollNo: 'U123',
        collegeRollNo: 'C123',
        fatherName: 'Father',
        motherName: 'Mother',
        unitHeadId: null,
        profilePicFileId: null,
        idProofFileId: null,
      };
    case 'PATCH /profile':
      return { verificationMail: 'each' };
    case 'POST /people/teachers':
      return person();
    case 'POST /students/bulk-verification':
      return { studentIds: [a.student.id] };
    case 'POST /students/{id}/verification':
      return { verifyByHod: true };
    case 'POST /students/{id}/payment':
      return { paid: true };
    case 'POST /students/{id}/password':
    case 'POST /staff/{id}/password':
      return { newPassword };
    case 'PUT /students/{id}/certified':
      return { certified: true };
    case 'POST /students/{id}/authentications':
      // A month long ended with no entry: nothing pending, never authenticated.
      return { month: '2001-01', password: DEFAULT_PASSWORD };
    case 'POST /staff':
      return {
        ...person(),
        role: 'professor',
        collegeId: place.college.id,
        departmentId: place.department.id,
      };
    case 'POST /staff/hods':
      return person();
    case 'PUT /staff/{id}':
      return { name: a.faculty.name, phone: '9876543210', active: true };
    case 'POST /staff/{id}/status':
      return { active: true };
    case 'PUT /staff/{id}/students':
      return { studentIds: [a.student.id] };
    case 'POST /staff/{id}/confirmation':
      return { decision: 'confirm' };
    case 'POST /records':
      return recordBody(
        introductionSchedule,
        validValues(introductionSchedule, w.academic.refs, w.documentId),
      );
    case 'POST /records/bulk-verification':
    case 'POST /records/{id}/verification':
      return {
        status: 'approved',
        remark: 'Seen',
        ...verifyInputFor(introductionSchedule, {}),
        ...(operation === 'POST /records/bulk-verification' ? { recordIds: [params.recordId] } : {}),
      };
    case 'POST /records/sign-off':
    case 'POST /records/{id}/sign-off':
      // The owner's faculty member signs on the owner's device (issue 30).
      return {
        email: a.faculty.email,
        password: DEFAULT_PASSWORD,
        status: 'approved',
        remark: 'Seen',
        ...verifyInputFor(introductionSchedule, {}),
        ...(operation === 'POST /records/sign-off' ? { recordIds: [params.recordId] } : {}),
      };
    case 'POST /records/{id}/reset':
      return { reason: 'Entered under the wrong skill' };
    case 'POST /theses/{stage}/title':
      return { title: 'Outcomes of early mobilisation' };
    case 'POST /theses/{stage}/guide':
      return { guideId: a.faculty.id };
    case 'POST /theses/{stage}/co-guides':
      return { coGuides: [{ name: 'Dr. Co Guide', department: w.academic.surgery.department.name }] };
    case 'POST /theses/{stage}/certificate':
      return { fileId: w.documentId };
    case 'POST /theses/thesis/acceptance-date':
      return { date: today };
    case 'POST /memos':
      return { studentId: a.student.id, date: today, reason: 'Absent from the ward round' };
    case 'POST /memos/{id}/explanation':
      return { explanation: 'I was unwell' };
    case 'POST /memos/{id}/close':
      return { remark: 'Accepted' };
    case 'POST /appraisals':
      return {
        studentId: a.student.id,
        fromDate: today,
        rows: Array.from({ length: 8 }, () => ({ score: 7, remark: 'Fine' })),
      };
    case 'POST /aetcom':
      return {
        studentId: a.student.id,
        fromDate: today,
        scores: Object.fromEntries(AETCOM_SKILLS.map(({ key }) => [key, 6])),
      };
    case 'POST /drp/postings':
      return {
        studentId: a.student.id,
        state: 'Punjab',
        institutionId: w.institutionId,
        coordinatorName: 'Dr. New Coordinator',
        coordinatorEmail: `${unique('drpc')}@example.org`,
        coordinatorPhone: '9876543210',
        scheduleFrom: dayFromToday(400),
        scheduleTo: '',
        noticeFileId: '',
      };
    case 'PUT /drp/postings/{id}/attendance':
      return { days: [{ date: dayFromToday(-1), mark: 'present' }] };
    case 'POST /packages':
    case 'PUT /packages/{id}':
      return { title: unique('Package'), price: 500, offerPrice: 400 };
    case 'PUT /colleges/{collegeId}/packages':
      return { packageIds: [] };
    case 'POST /coupons':
      return { couponQty: 1, discount: 100, code: unique('CPN').toUpperCase() };
    case 'POST /coupons/validate':
      return { code: w.couponCode };
    case 'POST /payments/orders':
      return { packageId: w.packageId, gateway: 'sandbox' };
    case 'POST /payments/orders/{id}/verify':
      return {};
    case 'POST /payments/sandbox/{gatewayOrderId}/complete':
      return { outcome: 'failure' };
    case 'POST /crm/zoho/callback':
      return { code: 'not-a-code' };
    case 'POST /records/options/procedures':
    case 'POST /records/options/specialities':
      return { title: `Option ${unique()}` };
    case 'POST /records/options/skills':
      return { competencyId: w.academic.refs.diag.competencyId, title: `Skill ${unique()}` };
  }
  return undefined;
}

/** A PDF as `POST /files` reads it (multipart). */
export function pdfUpload() {
  return { data: tinyPdf(), fileName: 'certificate.pdf' };
}
