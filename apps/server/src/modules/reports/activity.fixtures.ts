import { eq } from 'drizzle-orm';
import { aetcomRecords, appraisals, memos, records, theses, users } from '../../db/schema/index';
import type { AcademicWorld } from '../../test/academic-world';
import { createRecordRow, createUser, type TestApp } from '../../test/helpers';

/** Where a test row belongs: Medicine (two students), Surgery (same college), South (other college). */
export type ActivityIds = {
  /** Medicine, the student: teaching pending, opd approved, leave rejected, memo closed, appraisal. */
  teaching: string;
  opd: string;
  leave: string;
  memo: string;
  appraisal: string;
  /** Medicine, the other student: synopsis pending, AETCOM year. */
  synopsis: string;
  aetcom: string;
  /** Medicine, a student whose name is a formula with a quote and a comma (the CSV's worst case). */
  formula: string;
  formulaStudentId: string;
  formulaName: string;
  /** A deleted teaching record of the student: never shown. */
  deleted: string;
  /** Surgery's student: teaching pending. */
  surgery: string;
  /** The other college's student: teaching pending. */
  south: string;
};

/**
 * The report's rows for an academic world, dated so the order is known: records and the memo in
 * 2024, the appraisal, AETCOM and synopsis dated by the day they are written (today).
 */
export async function seedActivity(t: TestApp, w: AcademicWorld): Promise<ActivityIds> {
  const { student, otherStudent, hod, faculty } = w.actors;
  const medicine = { collegeId: w.medicine.college.id, departmentId: w.medicine.department.id };
  const row = (kind: string, studentId: string, status: 'pending' | 'approved' | 'rejected', date: string) =>
    createRecordRow(t.db, { kind, studentId, placement: w.medicine, status, date });

  const teaching = await row('teaching', student.id, 'pending', '2024-03-01');
  const opd = await row('opd', student.id, 'approved', '2024-03-05');
  const leave = await row('leave', student.id, 'rejected', '2024-02-01');
  const deleted = await row('teaching', student.id, 'pending', '2024-03-02');
  await t.db.update(records).set({ deletedAt: new Date() }).where(eq(records.id, deleted));

  const formulaName = `=HYPERLINK("x") ${w.tag}, Formula`;
  const formulaStudent = await createUser(t.db, {
    placement: w.medicine,
    name: formulaName,
    verifyByHod: true,
  });
  // Its topic, as the record engine keeps it (the export's Title / Topic, issue 28).
  const formula = await createRecordRow(t.db, {
    kind: 'conference',
    studentId: formulaStudent.id,
    placement: w.medicine,
    status: 'pending',
    date: '2024-04-01',
    summary: 'Sepsis update',
  });

  const [memo] = await t.db
    .insert(memos)
    .values({
      ...medicine,
      studentId: student.id,
      issuedById: hod.id,
      sequence: 1,
      memoNumber: `MEMO/2024/${w.tag}`,
      date: '2024-03-10',
      reason: 'Late',
      status: 'closed',
      explanation: 'Sorry',
      explainedAt: new Date(),
      remark: 'Accepted',
      closedById: hod.id,
      closedAt: new Date(),
    })
    .returning({ id: memos.id });
  const [appraisal] = await t.db
    .insert(appraisals)
    .values({
      ...medicine,
      studentId: student.id,
      fromDate: '2024-01-01',
      toDate: '2024-03-31',
      rows: [],
      appraisedById: faculty.id,
    })
    .returning({ id: appraisals.id });
  const [synopsis] = await t.db
    .insert(theses)
    .values({ ...medicine, stage: 'synopsis', studentId: otherStudent.id, title: 'A study' })
    .returning({ id: theses.id });
  const [aetcom] = await t.db
    .insert(aetcomRecords)
    .values({
      ...medicine,
      studentId: otherStudent.id,
      year: 1,
      fromDate: '2024-01-01',
      toDate: '2025-01-01',
      scores: {},
      scoredById: faculty.id,
    })
    .returning({ id: aetcomRecords.id });

  const surgery = await createRecordRow(t.db, {
    kind: 'teaching',
    studentId: w.surgeryStudent.id,
    placement: w.surgery,
    date: '2024-03-01',
  });
  const [south] = await t.db.select().from(users).where(eq(users.id, w.otherCollegeStudent.id));
  if (!memo || !appraisal || !synopsis || !aetcom || !south?.collegeId || !south.departmentId) {
    throw new Error('fixture insert returned no row');
  }
  const [southRecord] = await t.db
    .insert(records)
    .values({
      kind: 'teaching',
      studentId: south.id,
      collegeId: south.collegeId,
      departmentId: south.departmentId,
      date: '2024-03-01',
    })
    .returning({ id: records.id });
  if (!southRecord) throw new Error('fixture insert returned no row');
  return {
    teaching,
    opd,
    leave,
    memo: memo.id,
    appraisal: appraisal.id,
    synopsis: synopsis.id,
    aetcom: aetcom.id,
    formula,
    formulaStudentId: formulaStudent.id,
    formulaName,
    deleted,
    surgery,
    south: southRecord.id,
  };
}

/** Every row of Medicine's students (what its staff see). */
export const medicineIds = (ids: ActivityIds) =>
  [ids.teaching, ids.opd, ids.leave, ids.memo, ids.appraisal, ids.synopsis, ids.aetcom, ids.formula].sort();
