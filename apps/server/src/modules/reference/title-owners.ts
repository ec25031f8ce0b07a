import { competencies, specialities } from '../../db/schema/index';
import type { TitleOwner } from '../../platform/title-list.repository';

/**
 * Where the department-owned title lists' rows belong, as their unique indexes say (migration
 * 0008): a title is unique per department, college (null: every college) and, for competencies,
 * type. Any query of what a college sees goes through `visibleTitles` with one of these.
 */
export const COMPETENCY_TITLES: TitleOwner = {
  table: competencies,
  department: competencies.departmentId,
  college: competencies.collegeId,
  sameTitle: [competencies.type],
};

export const SPECIALITY_TITLES: TitleOwner = {
  table: specialities,
  department: specialities.departmentId,
  college: specialities.collegeId,
};
