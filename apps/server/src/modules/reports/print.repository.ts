import { and, asc, between, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  aetcomRecords,
  appraisals,
  colleges,
  courses,
  departments,
  files,
  memos,
  records,
  theses,
  users,
} from '../../db/schema/index';

/** The printed student: the profile fields of the proforma, with their placement's names. */
export async function findPrintStudent(db: Executor, id: string) {
  const unitHead = alias(users, 'print_unit_head');
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
      joiningDate: users.joiningDate,
      dob: users.dob,
      address: users.address,
      fatherName: users.fatherName,
      motherName: users.motherName,
      collegeRollNo: users.collegeRollNo,
      universityRollNo: users.universityRollNo,
      certified: users.certified,
      departmentName: departments.name,
      courseTitle: courses.title,
      collegeName: colleges.name,
      collegeAddress: colleges.address,
      collegeState: colleges.state,
      collegeLogoFileId: colleges.logoFileId,
      unitHeadName: unitHead.name,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(courses, eq(courses.id, users.courseId))
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .leftJoin(unitHead, eq(unitHead.id, users.unitHeadId))
    .where(and(eq(users.id, id), isNull(users.role), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
export type PrintStudentRow = NonNullable<Awaited<ReturnType<typeof findPrintStudent>>>;

/** The name of the department's HOD (the first by seniority of account), for the bonafide. */
export async function findHodName(db: Executor, collegeId: string, departmentId: string) {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.departmentId, departmentId),
        eq(users.role, 'hod'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row?.name ?? null;
}

const teacher = alias(users, 'print_teacher');
const verifier = alias(users, 'print_verifier');
const certificate = alias(files, 'print_certificate');

/**
 * Every printed record of the student in one query (records_student_kind_date_idx), with the
 * teacher's and the verifier's names and the certificate's file name joined in: no query per
 * row. `sensitive_details` is never selected.
 */
export async function listPrintRecords(
  db: Executor,
  studentId: string,
  kinds: readonly string[],
  /** Only the records dated in this range (YYYY-MM-DD, both included): one month's (issue 30). */
  dates?: { from: string; to: string },
) {
  return db
    .select({
      id: records.id,
      kind: records.kind,
      date: records.date,
      status: records.status,
      studentRemark: records.studentRemark,
      verifierRemark: records.verifierRemark,
      score: records.score,
      verifiedAt: records.verifiedAt,
      details: records.details,
      confirmedRole: records.confirmedRole,
      amendedAt: records.amendedAt,
      teacherName: teacher.name,
      verifiedByName: verifier.name,
      certificateName: certificate.originalName,
    })
    .from(records)
    .leftJoin(teacher, eq(teacher.id, records.teacherId))
    .leftJoin(verifier, eq(verifier.id, records.verifiedById))
    .leftJoin(certificate, eq(certificate.id, records.certificateFileId))
    .where(
      and(
        eq(records.studentId, studentId),
        inArray(records.kind, [...kinds]),
        isNull(records.deletedAt),
        dates ? between(records.date, dates.from, dates.to) : undefined,
      ),
    )
    .orderBy(asc(records.kind), asc(records.date), asc(records.createdAt));
}
export type PrintRecordRow = Awaited<ReturnType<typeof listPrintRecords>>[number];

/** The student's synopsis and thesis rows with the guide (their id as stored, their name now). */
export async function listTheses(db: Executor, studentId: string) {
  const guide = alias(users, 'print_guide');
  return db
    .select({
      stage: theses.stage,
      title: theses.title,
      guideId: theses.guideId,
      guideName: guide.name,
      coGuides: theses.coGuides,
      acceptanceDate: theses.acceptanceDate,
      titleAt: theses.titleAt,
    })
    .from(theses)
    .leftJoin(guide, eq(guide.id, theses.guideId))
    .where(eq(theses.studentId, studentId));
}

export async function listAetcom(db: Executor, studentId: string) {
  return db
    .select({
      id: aetcomRecords.id,
      year: aetcomRecords.year,
      fromDate: aetcomRecords.fromDate,
      toDate: aetcomRecords.toDate,
      scores: aetcomRecords.scores,
    })
    .from(aetcomRecords)
    .where(eq(aetcomRecords.studentId, studentId))
    .orderBy(asc(aetcomRecords.year));
}

export async function listAppraisals(db: Executor, studentId: string) {
  const appraiser = alias(users, 'print_appraiser');
  return db
    .select({
      id: appraisals.id,
      fromDate: appraisals.fromDate,
      toDate: appraisals.toDate,
      rows: appraisals.rows,
      appraisedByName: appraiser.name,
      createdAt: appraisals.createdAt,
    })
    .from(appraisals)
    .leftJoin(appraiser, eq(appraiser.id, appraisals.appraisedById))
    .where(eq(appraisals.studentId, studentId))
    .orderBy(asc(appraisals.fromDate), asc(appraisals.createdAt));
}

export async function listMemos(db: Executor, studentId: string) {
  return db
    .select({
      id: memos.id,
      memoNumber: memos.memoNumber,
      date: memos.date,
      reason: memos.reason,
      explanation: memos.explanation,
      remark: memos.remark,
      status: memos.status,
    })
    .from(memos)
    .where(eq(memos.studentId, studentId))
    .orderBy(asc(memos.date), asc(memos.sequence));
}

/** Where the picker looks: one department, or every student (Master, Admin). */
export type PickerScope = { kind: 'department'; collegeId: string; departmentId: string } | { kind: 'all' };

/** Students for the staff picker, by name (or e-mail), name order, at most `limit`. */
export async function listPrintableStudents(db: Executor, scope: PickerScope, search: string, limit: number) {
  const conditions: SQL[] = [isNull(users.role), isNull(users.deletedAt)];
  if (scope.kind === 'department') {
    conditions.push(eq(users.collegeId, scope.collegeId), eq(users.departmentId, scope.departmentId));
  }
  if (search !== '') {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  return db
    .select({
      id: users.id,
      name: users.name,
      departmentName: departments.name,
      collegeName: colleges.name,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}
