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
  type CreateCourseInput,
  type CreateDepartmentInput,
  type CreateInstitutionInput,
  type CreateSkillsInput,
  type CreateSpecialitiesInput,
  type DepartmentCatalogItem,
  type DepartmentResponse,
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
} from '@pgel/shared/schemas/reference-admin';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isForeignKeyViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { auditEntry, TitleListService } from '../../platform/title-list';
import type { TitleScope } from '../../platform/title-list.repository';
import type { FilesService } from '../files/files.service';
import type { SettingsService } from '../settings/settings.service';
import * as referenceRepo from './reference.repository';
import * as repo from './reference-admin.repository';
import { COMPETENCY_LIST, SKILL_LIST, SPECIALITY_LIST } from './title-lists';

type Meta = { ip: string };

/** The titles once each, the first spelling kept when two differ only in case. */
function distinctIgnoringCase(titles: string[]): string[] {
  const seen = new Set<string>();
  return titles.filter((title) => {
    const key = title.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Colleges, departments, competencies, skills and specialities are the Master's to change. */
function requireReferenceManager(actor: Actor) {
  if (!canManageReferenceData(actor)) throw AppError.forbidden();
}

/** Who sees which department-owned rows (competencies, skills, specialities). */
export function scopeFor(actor: Actor): TitleScope {
  if (isMaster(actor)) return { kind: 'all' };
  return { kind: 'department', departmentId: actor.departmentId, collegeId: actor.collegeId };
}

/** Anyone signed in lists (their own department's rows); only Master adds and deletes. */
const titleListAccess = { scopeFor, requireManager: requireReferenceManager };

/**
 * The Master's reference data (spec 03 sections 2-9): colleges and their departments, the
 * department catalogue, competencies, skills, specialities, and the institutions any staff
 * member maintains. Every method checks the caller first; every change is audited in the same
 * transaction.
 */
export class ReferenceAdminService {
  /** The title lists: list, comma-separated batch add and delete, one implementation for all. */
  readonly competencies: TitleListService<Competency, ListCompetenciesQuery, CreateCompetenciesInput>;
  readonly skills: TitleListService<Skill, ListSkillsQuery, CreateSkillsInput>;
  readonly specialities: TitleListService<Speciality, ListSpecialitiesQuery, CreateSpecialitiesInput>;

  constructor(private readonly deps: { db: Database; settings: SettingsService; files: FilesService }) {
    this.competencies = new TitleListService(deps.db, COMPETENCY_LIST, titleListAccess);
    this.skills = new TitleListService(deps.db, SKILL_LIST, titleListAccess);
    this.specialities = new TitleListService(deps.db, SPECIALITY_LIST, titleListAccess);
  }

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

      const current = await referenceRepo.listDepartmentsOfCollege(tx, collegeId);
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

  /** The Master's Departments page: the catalogue, paged and searchable. */
  async listDepartments(actor: Actor, query: ListQuery): Promise<ListResponse<DepartmentCatalogItem>> {
    requireReferenceManager(actor);
    const list = repo.departmentListQueries(this.db);
    return listPage(query, list, {
      searchIn: list.search,
      sortable: list.sortable,
      defaultSort: 'name',
      tieBreaker: list.tieBreaker,
    });
  }

  /**
   * Add Department: a department new to the catalogue (names compare ignoring case) with its
   * courses, in one transaction; colleges can then link it and students sign up to its courses.
   */
  async createDepartment(
    actor: Actor,
    input: CreateDepartmentInput,
    meta: Meta,
  ): Promise<DepartmentResponse> {
    requireReferenceManager(actor);
    const titles = distinctIgnoringCase(input.courses);
    const department = await this.db.transaction(async (tx) => {
      await repo.lockDepartmentsForInsert(tx);
      const existing = await repo.findDepartmentByName(tx, input.name);
      if (existing) throw AppError.conflict(M.departmentExists(existing.name));
      const row = await repo.insertDepartment(tx, input.name);
      if (!row) throw AppError.conflict(M.departmentExists(input.name));
      const added = await repo.insertCourses(tx, row.id, titles);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'department.create',
        entity: 'department',
        entityId: row.id,
        ip: meta.ip,
        after: { ...row, courses: added },
      });
      return this.departmentItem(tx, row.id);
    });
    return { message: M.departmentAdded, department };
  }

  /** Add Course on a department row: a title the department does not have yet (ignoring case). */
  async addCourse(
    actor: Actor,
    departmentId: string,
    input: CreateCourseInput,
    meta: Meta,
  ): Promise<DepartmentResponse> {
    requireReferenceManager(actor);
    if (!isUuid(departmentId)) throw AppError.notFound(M.notFound('Department'));
    const department = await this.db.transaction(async (tx) => {
      const locked = await repo.lockDepartment(tx, departmentId);
      if (!locked) throw AppError.notFound(M.notFound('Department'));
      const existing = await repo.findCourseByTitle(tx, departmentId, input.title);
      if (existing) throw AppError.conflict(M.courseExists(existing.title, locked.name));
      const [course] = await repo.insertCourses(tx, departmentId, [input.title]);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'course.create',
        entity: 'course',
        entityId: course?.id ?? null,
        ip: meta.ip,
        after: { ...course, departmentId, department: locked.name },
      });
      return this.departmentItem(tx, departmentId);
    });
    return { message: M.courseAdded, department };
  }

  private async departmentItem(tx: Executor, id: string): Promise<DepartmentCatalogItem> {
    const item = await repo.findDepartmentItem(tx, id);
    if (!item) throw new Error('department vanished inside its transaction');
    return item;
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
      await writeAudit(tx, auditEntry(actor, meta, 'create', 'institution', inserted));
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

  /**
   * Deletes an institution when the policy allows it: 404 unknown, 403 refused, 409 while a DRP
   * posting names it (the posting keeps its institution; issue 12).
   */
  async deleteInstitution(actor: Actor, id: string, meta: Meta): Promise<{ message: string }> {
    if (!canAddInstitution(actor)) throw AppError.forbidden();
    if (!isUuid(id)) throw AppError.notFound(M.notFound('Institution'));
    try {
      await this.db.transaction(async (tx) => {
        const row = await repo.findInstitution(tx, id);
        if (!row) throw AppError.notFound(M.notFound('Institution'));
        if (!canDeleteInstitution(actor, row)) throw AppError.forbidden();
        if (await repo.institutionHasDrpPostings(tx, id)) throw AppError.conflict(M.institutionHasPostings);
        await repo.deleteInstitution(tx, id);
        await writeAudit(tx, auditEntry(actor, meta, 'delete', 'institution', row));
      });
    } catch (err) {
      // A posting added between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(err)) throw AppError.conflict(M.institutionHasPostings);
      throw err;
    }
    return { message: M.deleted('Institution') };
  }
}
