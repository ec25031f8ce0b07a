import type { Actor } from '@pgel/shared/auth/policies';
import {
  type AddSkillOptionInput,
  type AddTitledOptionInput,
  OPTION_MESSAGES as M,
} from '@pgel/shared/records/api';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import * as repo from './record-options.repository';
import type { DepartmentScope } from './records.repository';

type Meta = { ip: string };
type Added = { message: string; item: repo.OptionRow };

/** The caller's own college and department: the only place an added choice goes. */
function placementOf(actor: Actor): DepartmentScope {
  if (!actor.collegeId || !actor.departmentId) throw AppError.forbidden();
  return { collegeId: actor.collegeId, departmentId: actor.departmentId };
}

/**
 * Add Skills, Add Speciality and Add New Procedure on the report screen (spec 02 sections 2 and
 * 5): anyone placed in a department adds a missing choice for their own college and department.
 * Adding a title that is already there (ignoring case) gives the existing one back, so a double
 * click or two students adding the same skill never makes a duplicate.
 */
export class RecordOptionsService {
  constructor(private readonly deps: { db: Database }) {}

  async addProcedure(actor: Actor, input: AddTitledOptionInput, meta: Meta): Promise<Added> {
    const scope = placementOf(actor);
    const item = await this.addOnce(
      (tx) => repo.findProcedure(tx, scope, input.title),
      (tx) => repo.insertProcedure(tx, scope, input.title, actor.id),
      { actor, meta, entity: 'competency', collegeId: scope.collegeId },
    );
    return { message: M.procedureAdded, item };
  }

  async addSpeciality(actor: Actor, input: AddTitledOptionInput, meta: Meta): Promise<Added> {
    const scope = placementOf(actor);
    const item = await this.addOnce(
      (tx) => repo.findSpeciality(tx, scope, input.title),
      (tx) => repo.insertSpeciality(tx, scope, input.title, actor.id),
      { actor, meta, entity: 'speciality', collegeId: scope.collegeId },
    );
    return { message: M.specialityAdded, item };
  }

  async addSkill(actor: Actor, input: AddSkillOptionInput, meta: Meta): Promise<Added> {
    const scope = placementOf(actor);
    const competencyId = input.competencyId.toLowerCase();
    const item = await this.addOnce(
      async (tx) => {
        if (!(await repo.findCompetency(tx, scope, competencyId)))
          throw AppError.validation(M.competencyNotFound);
        return repo.findSkill(tx, competencyId, input.title);
      },
      (tx) => repo.insertSkill(tx, competencyId, input.title, actor.id),
      { actor, meta, entity: 'skill', collegeId: scope.collegeId },
    );
    return { message: M.skillAdded, item };
  }

  /** The existing row, or a new one with its audit row; a unique-index race falls back to finding it. */
  private async addOnce(
    find: (tx: Executor) => Promise<repo.OptionRow | undefined>,
    insert: (tx: Executor) => Promise<repo.OptionRow>,
    audit: { actor: Actor; meta: Meta; entity: string; collegeId: string },
  ): Promise<repo.OptionRow> {
    try {
      return await this.deps.db.transaction(async (tx) => {
        const existing = await find(tx);
        if (existing) return existing;
        const row = await insert(tx);
        await writeAudit(tx, {
          actorId: audit.actor.id,
          action: `${audit.entity}.create`,
          entity: audit.entity,
          entityId: row.id,
          collegeId: audit.collegeId,
          ip: audit.meta.ip,
          after: row,
        });
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Taken meanwhile, or by another college's list of the same department: show it if visible.
      const existing = await find(this.deps.db);
      if (existing) return existing;
      throw AppError.conflict('This title is already in use in your department');
    }
  }
}
