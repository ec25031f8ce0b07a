import type { ListQuery } from '@pgel/shared/schemas/list';
import { REFERENCE_MESSAGES } from '@pgel/shared/schemas/reference';
import {
  type CreateCompetenciesInput,
  type CreateSkillsInput,
  type CreateSpecialitiesInput,
  type ListCompetenciesQuery,
  type ListSkillsQuery,
  type ListSpecialitiesQuery,
  REFERENCE_ADMIN_MESSAGES as M,
} from '@pgel/shared/schemas/reference-admin';
import { competencies, skills, specialities } from '../../db/schema/index';
import type { TitleListDefinition } from '../../platform/title-list';
import * as referenceRepo from './reference.repository';
import * as repo from './reference-admin.repository';

/**
 * A list whose titles go under a department (competencies, specialities): the Master's titles
 * belong to every college (college null); colleges add their own from the report screen
 * (record options). `extra` adds the list's own columns to each row.
 */
function departmentList<Q extends ListQuery, C extends { departmentId: string; text: string }>(
  list: Pick<TitleListDefinition<Q, C>, 'names' | 'table' | 'list' | 'isInUse'>,
  extra: (input: C) => Record<string, unknown> = () => ({}),
): TitleListDefinition<Q, C> {
  return {
    ...list,
    parent: {
      exists: async (db, input) => (await referenceRepo.findDepartment(db, input.departmentId)) !== undefined,
      notFound: REFERENCE_MESSAGES.departmentNotFound,
    },
    values: (input, title, addedBy) => ({
      title,
      departmentId: input.departmentId,
      collegeId: null,
      addedBy,
      ...extra(input),
    }),
  };
}

/** The Master's per-department title lists (spec 03 sections 3-5). */
export const COMPETENCY_LIST = departmentList<ListCompetenciesQuery, CreateCompetenciesInput>(
  {
    names: { entity: 'competency', plural: 'competencies', label: 'Competency' },
    table: competencies,
    list: repo.competencyListQueries,
    isInUse: async (db, id) => (await repo.countSkillsOf(db, id)) > 0,
  },
  (input) => ({ type: input.type }),
);

export const SPECIALITY_LIST = departmentList<ListSpecialitiesQuery, CreateSpecialitiesInput>({
  names: { entity: 'speciality', plural: 'specialities', label: 'Speciality' },
  table: specialities,
  list: repo.specialityListQueries,
});

/** Skills go under a competency (and are seen by whoever sees it). */
export const SKILL_LIST: TitleListDefinition<ListSkillsQuery, CreateSkillsInput> = {
  names: { entity: 'skill', plural: 'skills', label: 'Skill' },
  table: skills,
  list: repo.skillListQueries,
  parent: {
    exists: async (db, input) => (await repo.findCompetency(db, input.competencyId)) !== undefined,
    notFound: M.notFound('Competency'),
  },
  values: (input, title, addedBy): typeof skills.$inferInsert => ({
    title,
    competencyId: input.competencyId,
    addedBy,
  }),
};
