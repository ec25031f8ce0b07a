import type { ThesisStage } from '@pgel/shared/academic/thesis';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { collegeDepartments, departments, files, notifications, theses, users } from '../../db/schema/index';

export type ThesisRow = typeof theses.$inferSelect;
export type NewThesis = typeof theses.$inferInsert;

/** A student account (no role, not deleted) with where it is placed now. */
export type StudentRow = {
  id: string;
  name: string;
  collegeId: string | null;
  departmentId: string | null;
};

export async function findStudent(db: Executor, id: string): Promise<StudentRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      collegeId: users.collegeId,
      departmentId: users.departmentId,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.role), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The student's row of a stage, if the title step has made it. */
export async function findThesis(db: Executor, studentId: string, stage: ThesisStage) {
  const [row] = await db
    .select()
    .from(theses)
    .where(and(eq(theses.studentId, studentId), eq(theses.stage, stage)))
    .limit(1);
  return row;
}

export async function insertThesis(db: Executor, values: NewThesis): Promise<ThesisRow> {
  const [row] = await db.insert(theses).values(values).returning();
  if (!row) throw new Error('insert into theses returned no row');
  return row;
}

export async function updateThesis(db: Executor, id: string, values: Partial<NewThesis>): Promise<void> {
  await db.update(theses).set(values).where(eq(theses.id, id));
}

const student = alias(users, 'thesis_student');
const guide = alias(users, 'thesis_guide');
const certificate = alias(files, 'thesis_certificate');

/** The stage's row with the names and the file its answer shows (one query). */
export async function findThesisView(db: Executor, studentId: string, stage: ThesisStage) {
  const [row] = await db
    .select({
      id: theses.id,
      stage: theses.stage,
      studentId: theses.studentId,
      studentName: student.name,
      title: theses.title,
      guideId: theses.guideId,
      guideName: guide.name,
      coGuides: theses.coGuides,
      coGuidesAt: theses.coGuidesAt,
      certificateId: certificate.id,
      certificateName: certificate.originalName,
      certificateType: certificate.contentType,
      acceptanceDate: theses.acceptanceDate,
      updatedAt: theses.updatedAt,
    })
    .from(theses)
    .innerJoin(student, eq(student.id, theses.studentId))
    .leftJoin(guide, eq(guide.id, theses.guideId))
    .leftJoin(certificate, eq(certificate.id, theses.certificateFileId))
    .where(and(eq(theses.studentId, studentId), eq(theses.stage, stage)))
    .limit(1);
  return row;
}
export type ThesisViewRow = NonNullable<Awaited<ReturnType<typeof findThesisView>>>;

/** The names of the departments a college runs (the co-guides' department choices). */
export async function listDepartmentNamesOfCollege(db: Executor, collegeId: string): Promise<string[]> {
  const rows = await db
    .select({ name: departments.name })
    .from(collegeDepartments)
    .innerJoin(departments, eq(departments.id, collegeDepartments.departmentId))
    .where(eq(collegeDepartments.collegeId, collegeId))
    .orderBy(asc(departments.name));
  return rows.map((row) => row.name);
}

export async function insertNotification(
  db: Executor,
  values: typeof notifications.$inferInsert,
): Promise<void> {
  await db.insert(notifications).values(values);
}
