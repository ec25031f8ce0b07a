import type { Actor } from '@pgel/shared/auth/policies';
import {
  type AddSkillOptionInput,
  type AddTitledOptionInput,
  OPTION_MESSAGES as M,
} from '@pgel/shared/records/api';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addTitleOnce, type NewTitle } from '../../platform/title-list';
import * as repo from './record-options.repository';
import type { DepartmentScope } from './records.repository';

type Meta = { ip: string };
type Added = { message: string; item: { id: string; title: string } };

/** The caller's own college and department: the only place an added choice goes. */
function placementOf(actor: Actor): DepartmentScope {
  if (!actor.collegeId || !actor.departmentId) throw AppError.forbidden();
  return { collegeId: actor.collegeId, departmentId: actor.departmentId };
}

/**
 * Add Skills, Add Speciality and Add New Procedure on the report screen (spec 02 sections 2 and
 * 5): anyone placed in a department adds a missing choice for their own college and department.
 * Adding a title the caller already sees (ignoring case; a Master's title for every college
 * rather than the college's own) gives that one back, so a double click or two students adding
 * the same skill never makes a duplicate. Another college's titles play no part: they are its own.
 */
export class RecordOptionsService {
  constructor(private readonly deps: { db: Database }) {}

  addProcedure(actor: Actor, input: AddTitledOptionInput, meta: Meta): Promise<Added> {
    return this.add(actor, meta, M.procedureAdded, (scope) =>
      repo.newTitle.procedure(scope, input.title, actor.id),
    );
  }

  addSpeciality(actor: Actor, input: AddTitledOptionInput, meta: Meta): Promise<Added> {
    return this.add(actor, meta, M.specialityAdded, (scope) =>
      repo.newTitle.speciality(scope, input.title, actor.id),
    );
  }

  addSkill(actor: Actor, input: AddSkillOptionInput, meta: Meta): Promise<Added> {
    const competencyId = input.competencyId.toLowerCase();
    return this.add(actor, meta, M.skillAdded, async (scope) => {
      if (!(await repo.findCompetency(this.deps.db, scope, competencyId))) {
        throw AppError.validation(M.competencyNotFound);
      }
      return repo.newTitle.skill(competencyId, input.title, actor.id);
    });
  }

  private async add(
    actor: Actor,
    meta: Meta,
    message: string,
    titleIn: (scope: DepartmentScope) => NewTitle | Promise<NewTitle>,
  ): Promise<Added> {
    const scope = placementOf(actor);
    const item = await addTitleOnce(this.deps.db, await titleIn(scope), { actor, meta });
    return { message, item };
  }
}
