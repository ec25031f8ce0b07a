import { isUuid } from '@pgel/shared/schemas/common';
import type { CollegeOption, DepartmentDetail, DepartmentOption } from '@pgel/shared/schemas/reference';
import { REFERENCE_MESSAGES } from '@pgel/shared/schemas/reference';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './reference.repository';

/**
 * Colleges, departments and courses. The public part (sign-up choices) is here now; the
 * Master's administration of them builds on it.
 */
export class ReferenceService {
  constructor(private readonly db: Database) {}

  listCollegeOptions(): Promise<CollegeOption[]> {
    return repo.listCollegeOptions(this.db);
  }

  async listDepartmentOptions(collegeId: string): Promise<DepartmentOption[]> {
    if (!isUuid(collegeId) || !(await repo.findCollege(this.db, collegeId))) {
      throw AppError.notFound(REFERENCE_MESSAGES.collegeNotFound);
    }
    return repo.listDepartmentsOfCollege(this.db, collegeId);
  }

  async getDepartmentDetail(departmentId: string): Promise<DepartmentDetail> {
    const department = isUuid(departmentId) ? await repo.findDepartment(this.db, departmentId) : undefined;
    if (!department) throw AppError.notFound(REFERENCE_MESSAGES.departmentNotFound);
    const courses = await repo.listCoursesOfDepartment(this.db, departmentId);
    return { id: department.id, title: department.name, courses };
  }

  /** True when the college runs the department. */
  runsDepartment(collegeId: string, departmentId: string): Promise<boolean> {
    return repo.isDepartmentOfCollege(this.db, collegeId, departmentId);
  }

  /** True when the college runs the department and the course belongs to it. */
  async isValidPlacement(db: Executor, collegeId: string, departmentId: string, courseId: string) {
    const [linked, course] = await Promise.all([
      repo.isDepartmentOfCollege(db, collegeId, departmentId),
      repo.findCourse(db, courseId),
    ]);
    return { linked, courseMatches: course?.departmentId === departmentId };
  }
}
