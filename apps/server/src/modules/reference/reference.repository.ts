import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { collegeDepartments, colleges, courses, departments } from '../../db/schema/index';

export async function listCollegeOptions(db: Executor) {
  return db
    .select({ id: colleges.id, name: colleges.name, state: colleges.state })
    .from(colleges)
    .orderBy(asc(colleges.name));
}

export async function findCollege(db: Executor, id: string) {
  const [row] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.id, id)).limit(1);
  return row;
}

export async function listDepartmentsOfCollege(db: Executor, collegeId: string) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(collegeDepartments)
    .innerJoin(departments, eq(departments.id, collegeDepartments.departmentId))
    .where(eq(collegeDepartments.collegeId, collegeId))
    .orderBy(asc(departments.name));
}

export async function isDepartmentOfCollege(db: Executor, collegeId: string, departmentId: string) {
  const [row] = await db
    .select({ collegeId: collegeDepartments.collegeId })
    .from(collegeDepartments)
    .where(
      and(eq(collegeDepartments.collegeId, collegeId), eq(collegeDepartments.departmentId, departmentId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function findDepartment(db: Executor, id: string) {
  const [row] = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.id, id));
  return row;
}

export async function listCoursesOfDepartment(db: Executor, departmentId: string) {
  return db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.departmentId, departmentId))
    .orderBy(asc(courses.title));
}

export async function findCourse(db: Executor, id: string) {
  const [row] = await db
    .select({ id: courses.id, departmentId: courses.departmentId })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row;
}
