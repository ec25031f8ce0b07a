import {
  type Actor,
  canAddInstitution,
  canDeleteInstitution,
  canManageReferenceData,
  isMaster,
} from '@pgel/shared/auth/policies';
import { LOGBOOK_ACTIVITIES } from '@pgel/shared/navigation';
import { isUuid } from '@pgel/shared/schemas/common';
import type { ListQuery, ListResponse } from '@pgel/shared/schemas/list';
import { REFERENCE_MESSAGES } from '@pgel/shared/schemas/reference';
import {
  type CollegeListItem,
  type CollegeResponse,
  type Competency,
  type ConfigResponse,
  type CreateCollegeInput,
  type CreateCompetenciesInput,
  type CreateInstitutionInput,
  type CreateSkillsInput,
  type CreateSpecialitiesInput,
  type DepartmentCatalogItem,
  type Institution,
  type InstitutionResponse,
  type ListCompetenciesQuery,
  type ListSkillsQuery,
  type ListSpecialitiesQuery,
  REFERENCE_ADMIN_MESSAGES as M,
  type SetCollegeDepartmentsInput,
  type Skill,
  type Speciality,
  STATES_OF_INDIA,
  splitCommaList,
} from '@pgel/shared/schemas/reference-admin';
import type { Database } from '../../db/client';
import { type AuditEntry, writeAudit, writeAudits } from '../../platform/audit';
import { isForeignKeyViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/list';
import type { FilesService } from '../files/files.service';
import type { SettingsService } from '../settings/settings.service';
import * as referenceRepo from './reference.repository';
import * as repo from './reference-admin.repository';

type Meta = { ip: string };
type Created = { message: string; created: number };

/** Colleges, departments, competencies, skills and specialities are the Master's to change. */
function requireReferenceManager(actor: Actor) {
  if (!canManageReferenceData(actor)) throw AppError.forbidden();
}

/** Who sees which department-owned rows (competencies, skills, specialities). */
export function scopeFor(actor: Actor): repo.ReferenceScope {
  if (isMaster(actor)) return { kind: 'all' };
  return { kind: 'department', departmentId: actor.departmentId, collegeId: actor.collegeId };
}

/**
 * The Master's reference data (spec 03 sections 2-9): colleges and their departments, the
 * department catalogue, competencies, skills, specialities, and the institutions any staff
 * member maintains. Every method checks the caller first; every change is audited in the same
 * transaction.
 */
export class ReferenceAdminService {
  constructor(private readonly deps: { db: Database; settings: SettingsService; files: FilesService }) {}

  private get db() {
    return this.deps.db;
  }

  /** `GET /config`: what the pages load once (settings, the logbook menu, states, institutions). */
  async config(): Promise<ConfigResponse> {
    const [setting, inst] = await Promise.all([
      this.deps.settings.publicSettings(),
      repo.allInstitutions(this.db),
    ]);
    return {
      setting,
      menu: LOGBOOK_ACTIVITIES.map(({ id, title }) => ({ id, title })),
      state: [...STATES_OF_INDIA],
      inst,
    };
  }

  // ---- Colleges -----------------------------------------------------------------------------

  async listColleges(actor: Actor, query: ListQuery): Promise<ListResponse<CollegeListItem>> {
    requireReferenceManager(actor);
    const columns = repo.collegeListColumns;
    const page = await listPage(query, repo.collegeListQueries(this.db), {
      searchIn: columns.search,
      sortable: columns.sortable,
      defaultSort: 'name',
      tieBreaker: columns.tieBreaker,
    });
    return { ...page, items: page.items.map(repo.toCollegeListItem) };
  }

  /** Add College; the logo, when given, is an image the Master uploaded through `POST /files`. */
  async createCollege(actor: Actor, input: CreateCollegeInput, meta: Meta): Promise<CollegeResponse> {
    requireReferenceManager(actor);
    const college = await this.db.transaction(async (tx) => {
      if (input.logoFileId) {
        await this.deps.files.requireOwnImage(tx, actor.id, input.logoFileId, M.logoImageOnly);
      }
      const row = await repo.insertCollege(tx, {
        name: input.name ?? '',
        phone: input.phone ?? '',
        email: input.email ?? '',
        address: input.address ?? '',
        state: input.state ?? '',
        gstin: input.gstin || null,
        website: input.website || null,
        logoFileId: input.logoFileId ?? null,
      });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'college.create',
        entity: 'college',
        entityId: row.id,
        collegeId: row.id,
        ip: meta.ip,
        after: row,
      });
      const item = await repo.findCollegeListItem(tx, row.id);
      if (!item) throw new Error('college vanished after insert');
      return item;
    });
    return { message: M.collegeAdded, college };
  }

  /**
   * Edit on a college: link exactly these departments. Links that stay keep their reference
   * number, date and guideline; a department the college still has people in is not removed.
   */
  async setCollegeDepartments(
    actor: Actor,
    collegeId: string,
    input: SetCollegeDepartmentsInput,
    meta: Meta,
  ): Promise<CollegeResponse> {
    requireReferenceManager(actor);
    if (!isUuid(collegeId)) throw AppError.notFound(REFERENCE_MESSAGES.collegeNotFound);
    const wanted = [...new Set(input.departmentIds.map((id) => id.toLowerCase()))];
    const college = await this.db.transaction(async (tx) => {
      const row = await repo.lockCollege(tx, collegeId);
      if (!row) throw AppError.notFound(REFERENCE_MESSAGES.collegeNotFound);
      const found = await repo.findDepartments(tx, wanted);
      if (found.length !== wanted.length) throw AppError.validation(REFERENCE_MESSAGES.departmentNotFound);

      const current = await repo.linkedDepartments(tx, collegeId);
      const currentIds = new Set(current.map((d) => d.id));
      const wantedIds = new Set(wanted);
      const removed = current.filter((d) => !wantedIds.has(d.id));
      const added = wanted.filter((id) => !currentIds.has(id));

      const inUse = new Set(
        await repo.departmentsWithUsers(
          tx,
          collegeId,
          removed.map((d) => d.id),
        ),
      );
      const blocked = removed.find((d) => inUse.has(d.id));
      if (blocked) throw AppError.conflict(M.departmentHasUsers(blocked.name));

      await repo.unlinkDepartments(
        tx,
        collegeId,
        removed.map((d) => d.id),
      );
      await repo.linkDepartments(tx, collegeId, added);
      const item = await repo.findCollegeListItem(tx, collegeId);
      if (!item) throw new Error('college vanished while locked');
      if (removed.length > 0 || added.length > 0) {
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'college.departments.set',
          entity: 'college',
          entityId: collegeId,
          collegeId,
          ip: meta.ip,
          before: { departments: current },
          after: { departments: item.departments },
        });
      }
      return item;
    });
    return { message: M.departmentsUpdated, college };
  }

  /** Every department with its courses (any signed-in user). */
  departmentCatalog(): Promise<DepartmentCatalogItem[]> {
    return repo.departmentCatalog(this.db);
  }

  // ---- Competencies -------------------------------------------------------------------------

  async listCompetencies(actor: Actor, query: ListCompetenciesQuery): Promise<ListResponse<Competency>> {
    const list = repo.competencyListQueries(this.db, scopeFor(actor), query);
    return listPage(query, list, {
      where: list.where,
      searchIn: list.search,
      sortable: list.sortable,
      defaultSort: 'title',
      tieBreaker: list.tieBreaker,
    });
  }

  /** Add Competency: one record per comma-separated item; titles already there are skipped. */
  async createCompetencies(actor: Actor, input: CreateCompetenciesInput, meta: Meta): Promise<Created> {
    requireReferenceManager(actor);
    const titles = splitCommaList(input.text);
    return this.db.transaction(async (tx) => {
      if (!(await referenceRepo.findDepartment(tx, input.departmentId))) {
        throw AppError.validation(REFERENCE_MESSAGES.departmentNotFound);
      }
      const rows = await repo.insertCompetencies(
        tx,
        titles.map((title) => ({
          title,
          type: input.type,
          departmentId: input.departmentId,
          collegeId: null,
          addedBy: actor.id,
        })),
      );
      if (rows.length === 0) throw AppError.conflict(M.duplicate('competency'));
      await writeAudits(
        tx,
        rows.map((row) => created(actor, meta, 'competency', row.id, row)),
      );
      return {
        message: M.addedItems(rows.length, 'competency', 'competencies', titles.length - rows.length),
        created: rows.length,
      };
    });
  }

  async deleteCompetency(actor: Actor, id: string, meta: Meta): Promise<{ message: string }> {
    requireReferenceManager(actor);
    if (!isUuid(id)) throw AppError.notFound(M.notFound('Competency'));
    try {
      await this.db.transaction(async (tx) => {
        const row = await repo.findCompetency(tx, id);
        if (!row) throw AppError.notFound(M.notFound('Competency'));
        if ((await repo.countSkillsOf(tx, id)) > 0) throw AppError.conflict(M.inUse('competency'));
        await repo.deleteCompetency(tx, id);
        await writeAudit(tx, deleted(actor, meta, 'competency', id, row));
      });
    } catch (err) {
      // A skill added between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(err)) throw AppError.conflict(M.inUse('competency'));
      throw err;
    }
    return { message: M.deleted('Competency') };
  }

  // ---- Skills -------------------------------------------------------------------------------

  async listSkills(actor: Actor, query: ListSkillsQuery): Promise<ListResponse<Skill>> {
    const list = repo.skillListQueries(this.db, scopeFor(actor), query);
    return listPage(query, list, {
      where: list.where,
      searchIn: list.search,
      sortable: list.sortable,
      defaultSort: 'title',
      tieBreaker: list.tieBreaker,
    });
  }

  async createSkills(actor: Actor, input: CreateSkillsInput, meta: Meta): Promise<Created> {
    requireReferenceManager(actor);
    const titles = splitCommaList(input.text);
    return this.db.transaction(async (tx) => {
      if (!(await repo.findCompetency(tx, input.competencyId))) {
        throw AppError.validation(M.notFound('Competency'));
      }
      const rows = await repo.insertSkills(
        tx,
        titles.map((title) => ({ title, competencyId: input.competencyId, addedBy: actor.id })),
      );
      if (rows.length === 0) throw AppError.conflict(M.duplicate('skill'));
      await writeAudits(
        tx,
        rows.map((row) => created(actor, meta, 'skill', row.id, row)),
      );
      return {
        message: M.addedItems(rows.length, 'skill', 'skills', titles.length - rows.length),
        created: rows.length,
      };
    });
  }

  async deleteSkill(actor: Actor, id: string, meta: Meta): Promise<{ message: string }> {
    requireReferenceManager(actor);
    if (!isUuid(id)) throw AppError.notFound(M.notFound('Skill'));
    await this.db.transaction(async (tx) => {
      const row = await repo.findSkill(tx, id);
      if (!row) throw AppError.notFound(M.notFound('Skill'));
      await repo.deleteSkill(tx, id);
      await writeAudit(tx, deleted(actor, meta, 'skill', id, row));
    });
    return { message: M.deleted('Skill') };
  }

  // ---- Specialities -------------------------------------------------------------------------

  async listSpecialities(actor: Actor, query: ListSpecialitiesQuery): Promise<ListResponse<Speciality>> {
    const list = repo.specialityListQueries(this.db, scopeFor(actor), query);
    return listPage(query, list, {
      where: list.where,
      searchIn: list.search,
      sortable: list.sortable,
      defaultSort: 'title',
      tieBreaker: list.tieBreaker,
    });
  }

  async createSpecialities(actor: Actor, input: CreateSpecialitiesInput, meta: Meta): Promise<Created> {
    requireReferenceManager(actor);
    const titles = splitCommaList(input.text);
    return this.db.transaction(async (tx) => {
      if (!(await referenceRepo.findDepartment(tx, input.departmentId))) {
        throw AppError.validation(REFERENCE_MESSAGES.departmentNotFound);
      }
      const rows = await repo.insertSpecialities(
        tx,
        titles.map((title) => ({
          title,
          departmentId: input.departmentId,
          collegeId: null,
          addedBy: actor.id,
        })),
      );
      if (rows.length === 0) throw AppError.conflict(M.duplicate('speciality'));
      await writeAudits(
        tx,
        rows.map((row) => created(actor, meta, 'speciality', row.id, row)),
      );
      return {
        message: M.addedItems(rows.length, 'speciality', 'specialities', titles.length - rows.length),
        created: rows.length,
      };
    });
  }

  async deleteSpeciality(actor: Actor, id: string, meta: Meta): Promise<{ message: string }> {
    requireReferenceManager(actor);
    if (!isUuid(id)) throw AppError.notFound(M.notFound('Speciality'));
    await this.db.transaction(async (tx) => {
      const row = await repo.findSpeciality(tx, id);
      if (!row) throw AppError.notFound(M.notFound('Speciality'));
      await repo.deleteSpeciality(tx, id);
      await writeAudit(tx, deleted(actor, meta, 'speciality', id, row));
    });
    return { message: M.deleted('Speciality') };
  }

  // ---- Institutions -------------------------------------------------------------------------

  /** Institutions are shared by every college; each row says whether the caller may delete it. */
  async listInstitutions(actor: Actor, query: ListQuery): Promise<ListResponse<Institution>> {
    if (!canAddInstitution(actor)) throw AppError.forbidden();
    const list = repo.institutionListQueries(this.db);
    const page = await listPage(query, list, {
      searchIn: list.search,
      sortable: list.sortable,
      defaultSort: 'name',
      tieBreaker: list.tieBreaker,
    });
    return {
      ...page,
      items: page.items.map(({ collegeId, ...row }) => ({
        ...row,
        canDelete: canDeleteInstitution(actor, { collegeId }),
      })),
    };
  }

  async createInstitution(
    actor: Actor,
    input: CreateInstitutionInput,
    meta: Meta,
  ): Promise<InstitutionResponse> {
    if (!canAddInstitution(actor)) throw AppError.forbidden();
    const collegeId = isMaster(actor) ? null : actor.collegeId;
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertInstitution(tx, {
        name: input.name ?? '',
        state: input.state ?? '',
        collegeId,
        addedBy: actor.id,
      });
      if (!inserted) throw AppError.conflict(M.duplicate('institution'));
      await writeAudit(tx, created(actor, meta, 'institution', inserted.id, inserted));
      return inserted;
    });
    return {
      message: M.institutionAdded,
      institution: {
        id: row.id,
        name: row.name,
        state: row.state,
        canDelete: canDeleteInstitution(actor, row),
      },
    };
  }

  /** Deletes an institution when the policy allows it: 404 unknown, 403 refused. */
  async deleteInstitution(actor: Actor, id: string, meta: Meta): Promise<{ message: string }> {
    if (!canAddInstitution(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound('Institution'));
    await this.db.transaction(async (tx) => {
      const row = await repo.findInstitution(tx, id);
      if (!row) throw AppError.notFound(M.notFound('Institution'));
      if (!canDeleteInstitution(actor, row)) throw AppError.forbidden();
      await repo.deleteInstitution(tx, id);
      await writeAudit(tx, deleted(actor, meta, 'institution', id, row));
    });
    return { message: M.deleted('Institution') };
  }
}

function created(actor: Actor, meta: Meta, entity: string, id: string, after: unknown): AuditEntry {
  return {
    actorId: actor.id,
    action: `${entity}.create`,
    entity,
    entityId: id,
    collegeId: actor.collegeId,
    ip: meta.ip,
    after,
  };
}

function deleted(actor: Actor, meta: Meta, entity: string, id: string, before: unknown): AuditEntry {
  return {
    actorId: actor.id,
    action: `${entity}.delete`,
    entity,
    entityId: id,
    collegeId: actor.collegeId,
    ip: meta.ip,
    before,
  };
}
