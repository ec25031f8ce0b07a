import {
  type Actor,
  canDeleteRecord,
  canSeeRecord,
  canVerifyRecord,
  isStaff,
  isStudent,
} from '@pgel/shared/auth/policies';
import { maskPatientDetails, patientIdentifierFields, patientNameFields } from '@pgel/shared/privacy/masking';
import {
  type ListRecordsQuery,
  RECORD_MESSAGES as M,
  type PendingList,
  type RecordCounts,
  type RecordDetail,
  type RecordListItem,
  type Score,
  type ScoreHistoryItem,
} from '@pgel/shared/records/api';
import { checklistProgress } from '@pgel/shared/records/dashboard';
import type { FavouriteType } from '@pgel/shared/records/favourites';
import { findKind, RECORD_KINDS, SKILL_ROLES } from '@pgel/shared/records/kinds';
import { SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import type { RecordKind, RecordStatus } from '@pgel/shared/records/types';
import { todayIso } from '@pgel/shared/records/validation';
import { isUuid } from '@pgel/shared/schemas/common';
import type { ListResponse } from '@pgel/shared/schemas/list';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { records } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { FavouritesService } from '../favourites/favourites.service';
import { logPatientAccess } from '../privacy/patient-access.repository';
import { listChecklistEntries } from './logbook-rules.repository';
import { RecordFlags } from './record-flags';
import { KindGate } from './record-kind-access';
import { listGuidingFaculty } from './record-options.repository';
import { requireKind, restrictedSettings } from './record-prepare';
import { COORDINATOR_ONLY_KIND_IDS, scopeFor, toListItem } from './record-rows';
import { recordSearchTargets } from './record-search';
import * as repo from './records.repository';
import { type DataKeys, openDetails } from './sensitive-details';

/** Sensitive details go to the record's own student and the staff who may verify it. */
function mayReadSensitive(
  actor: Actor,
  record: { studentId: string; collegeId: string | null; departmentId: string | null },
  kind: RecordKind,
): boolean {
  return record.studentId === actor.id || canVerifyRecord(actor, record, kind);
}

/** Whether the details shown hold any patient identifier (`patientIdentifierFields`). */
function identifiesPatient(kind: RecordKind, details: Record<string, unknown>): boolean {
  return patientIdentifierFields(kind).some((name) => details[name] != null && details[name] !== '');
}

/**
 * What a list (or a viewer without the right to the full values) shows: the patient's names as
 * initials, no other identifier.
 */
function masked(kind: RecordKind, details: Record<string, unknown>, sensitive: Record<string, unknown>) {
  const names: Record<string, unknown> = {};
  for (const name of patientNameFields(kind)) if (name in sensitive) names[name] = sensitive[name];
  return maskPatientDetails(kind, { ...details, ...names });
}

/**
 * The record engine's reading side: report tables, one record, its score history, the student's
 * dashboard counts, the faculty's Pending Verifications and the forms' options. Every query is
 * scoped in SQL by `scopeFor(actor)`, so rows outside the caller's scope are never loaded.
 */
export class RecordReadService {
  private readonly favourites: FavouritesService;
  private readonly now: () => Date;
  /** Doubtful entries are flagged on every list and detail that shows them (issue 27). */
  private readonly flags: RecordFlags;

  constructor(private readonly deps: { db: Database; dataKey: DataKeys; now?: () => Date }) {
    this.now = deps.now ?? (() => new Date());
    this.flags = new RecordFlags(deps.db);
    this.favourites = new FavouritesService({ db: deps.db });
  }

  private get db() {
    return this.deps.db;
  }

  /** The caller's scope by the server's today (a coordinator's postings count from their first day). */
  private scope(actor: Actor) {
    return scopeFor(actor, todayIso(this.now()));
  }

  /**
   * A kind's report table: one query for the page and one for the count, scoped in SQL. Patient
   * names are initials only in every list (issue 15); a kind with `sensitiveInList` shows its
   * deceased's initials to the owning student and the verifiers.
   */
  async list(actor: Actor, query: ListRecordsQuery): Promise<ListResponse<RecordListItem>> {
    const kind = requireKind(query.kind);
    await new KindGate(this.db, actor).require(kind, 'read');
    const scope = this.scope(actor);
    // Every value a placeholder, so the list is built once per shape (platform/list.ts).
    const scoped = repo.scopeParameters(scope);
    const filters: Array<SQL | undefined> = [scoped.where, eq(records.kind, sql.placeholder('kind'))];
    const values: Record<string, unknown> = { ...scoped.values, kind: kind.id };
    if (query.status) {
      filters.push(eq(records.status, sql.placeholder('status')));
      values.status = query.status;
    }
    const byStudent = query.studentId !== undefined && !isStudent(actor);
    if (byStudent) {
      filters.push(eq(records.studentId, sql.placeholder('filterStudentId')));
      values.filterStudentId = query.studentId;
    }
    const withSensitive = kind.sensitiveInList === true;
    const shape = `records:${scoped.shape}:${query.status ? 'status' : ''}:${byStudent ? 'student' : ''}:${withSensitive}`;
    const page = await listPage(query, () => repo.recordListQueries(this.db, { withSensitive }), {
      where: and(...filters),
      values,
      shape: scoped.shape ? { db: this.db, key: shape } : undefined,
      searchIn: await recordSearchTargets(this.db, scope, query.search),
      sortable: repo.recordListColumns.sortable,
      defaultSort: 'date',
      defaultOrder: 'desc',
      tieBreaker: repo.recordListColumns.tieBreaker,
    });
    // The page's flags in a statement of their own: the list's query stays what its index answers.
    const flags = await this.flags.forRecords(page.items.map((row) => row.id));
    return {
      ...page,
      items: page.items.map((row) => {
        const item = toListItem(row as repo.RecordItemRow);
        const opened =
          withSensitive && mayReadSensitive(actor, row as repo.RecordItemRow, kind)
            ? openDetails(this.deps.dataKey, row.sensitiveDetails)
            : {};
        return { ...item, details: masked(kind, item.details, opened), flags: flags.get(row.id) ?? [] };
      }),
    };
  }

  /** One record in scope, of a kind the caller may read; else 404 (out of scope) or 403. */
  private async findVisible(actor: Actor, id: string) {
    const row = isUuid(id) ? await repo.findRecordItem(this.db, this.scope(actor), id) : undefined;
    const kind = row ? findKind(row.kind) : undefined;
    if (!row || !kind || !canSeeRecord(actor, row, kind)) throw AppError.notFound(M.notFound);
    await new KindGate(this.db, actor).require(kind, 'read');
    return { row, kind };
  }

  /**
   * One record; the patient's identifiers in full only for its student and the staff who may
   * verify it (issue 5), others see the patient's initials (issue 15). With `access` (a view the
   * caller asked for, not the answer to their own create), each full view of identifiers is
   * written to the patient access log.
   */
  async detail(actor: Actor, id: string, access?: { ip: string }): Promise<RecordDetail> {
    const { row, kind } = await this.findVisible(actor, id);
    const item = toListItem(row);
    const opened = openDetails(this.deps.dataKey, row.sensitiveDetails);
    const all = { ...item.details, ...opened };
    const full = mayReadSensitive(actor, row, kind);
    if (full && access && identifiesPatient(kind, all)) {
      await logPatientAccess(this.db, {
        viewerId: actor.id,
        studentId: row.studentId,
        recordId: row.id,
        ip: access.ip,
      });
    }
    return {
      ...item,
      details: full ? all : masked(kind, item.details, opened),
      canVerify: canVerifyRecord(actor, row, kind),
      canDelete: canDeleteRecord(actor, item),
      history: await this.historyOf(row.id),
      flags: (await this.flags.forRecords([row.id])).get(row.id) ?? [],
    };
  }

  /** Every verification and reset of a record the caller may see, newest first. */
  async scores(actor: Actor, id: string): Promise<{ items: ScoreHistoryItem[] }> {
    const { row } = await this.findVisible(actor, id);
    return { items: await this.historyOf(row.id) };
  }

  /**
   * The record's history as the detail and the score history show it (issue 27): a row with
   * status Pending is a reset, its remark the reason.
   */
  private async historyOf(id: string): Promise<ScoreHistoryItem[]> {
    const rows = await repo.listScores(this.db, id);
    return rows.map((r) => ({
      event: r.status === 'pending' ? 'reset' : 'verification',
      status: r.status as RecordStatus,
      score: (r.score as Score | null) ?? null,
      remark: r.remark,
      confirmedRole: r.confirmedRole,
      byName: r.byName,
      at: r.at.toISOString(),
      ...(r.onResidentDevice ? { note: SIGN_OFF_MESSAGES.onResidentDevice } : {}),
    }));
  }

  /** The student dashboard: per kind (menu order), totals by status, in one grouped query. */
  async counts(actor: Actor): Promise<RecordCounts> {
    if (!isStudent(actor)) throw AppError.forbidden();
    // One after the other, not side by side: both are small reads (under a millisecond), and two
    // at once take two of the pool's connections for one request, which under load (a morning's
    // dashboards) wait for the pool twice.
    const rows = await repo.countByKindStatusAndRole(this.db, actor.id);
    const checklistEntries = await listChecklistEntries(this.db, actor.id);
    const byKind = new Map<string, { approved: number; pending: number; rejected: number }>();
    // Approved entries per confirmed role, by kind: what the faculty confirmed (issue 27).
    const approvedRoles = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const entry = byKind.get(row.kind) ?? { approved: 0, pending: 0, rejected: 0 };
      if (row.status in entry) entry[row.status] += Number(row.total);
      byKind.set(row.kind, entry);
      if (row.status === 'approved' && row.confirmedRole !== null) {
        const roles = approvedRoles.get(row.kind) ?? new Map<string, number>();
        roles.set(row.confirmedRole, (roles.get(row.confirmedRole) ?? 0) + Number(row.total));
        approvedRoles.set(row.kind, roles);
      }
    }
    // The checklist card counts particulars, never more than 8 (shared checklistProgress).
    const checklist = checklistProgress(checklistEntries);
    return {
      items: RECORD_KINDS.map((kind) => {
        if (kind.id === 'checklist') return { kind: kind.id, ...checklist };
        const c = byKind.get(kind.id) ?? { approved: 0, pending: 0, rejected: 0 };
        const counted = { kind: kind.id, total: c.approved + c.pending + c.rejected, ...c };
        if (!kind.role) return counted;
        const roles = approvedRoles.get(kind.id);
        return {
          ...counted,
          roles: SKILL_ROLES.map((role) => ({ role, approved: roles?.get(role) ?? 0 })),
        };
      }),
    };
  }

  /**
   * The faculty's Pending Verifications: the department's pending records, the longest waiting
   * first (so the overdue ones lead, issue 30), searched like the report tables (student name or
   * any column the record's kind shows). With them, the page's residents: all that waits of
   * each, by kind, for the page to group its rows under and to verify a kind of theirs at once.
   */
  async pending(
    actor: Actor,
    query: { page: number; pageSize: number; search?: string | undefined },
  ): Promise<PendingList> {
    if (!isStaff(actor)) throw AppError.forbidden();
    const scope = this.scope(actor);
    // The department's faculty do not verify the kinds only a DRP coordinator verifies.
    const hidden = scope.kind === 'department' ? COORDINATOR_ONLY_KIND_IDS : [];
    const scoped = repo.scopeParameters(scope);
    const where = repo.pendingWhere(scoped.where, hidden);
    const page = await listPage({ ...query, order: 'asc' }, () => repo.pendingListQueries(this.db), {
      where,
      values: scoped.values,
      shape: scoped.shape ? { db: this.db, key: `pending:${scoped.shape}` } : undefined,
      searchIn: await recordSearchTargets(this.db, scope, query.search),
      sortable: repo.pendingListColumns.sortable,
      defaultSort: 'waiting',
      defaultOrder: 'asc',
      tieBreaker: repo.pendingListColumns.tieBreaker,
    });
    const residentIds = [...new Set(page.items.map((row) => row.studentId))];
    const [flags, waiting] = await Promise.all([
      this.flags.forRecords(page.items.map((row) => row.id)),
      repo.pendingOfResidents(
        this.db,
        where,
        scoped.values,
        residentIds,
        scoped.shape ? `pending:${scoped.shape}` : undefined,
      ),
    ]);
    const names = new Map(page.items.map((row) => [row.studentId, row.studentName]));
    const residents = residentIds.map((studentId) => {
      const kinds = waiting
        .filter((row) => row.studentId === studentId)
        .sort((a, b) => a.oldestPendingSince.getTime() - b.oldestPendingSince.getTime());
      return {
        studentId,
        studentName: names.get(studentId) ?? '',
        pending: kinds.reduce((sum, row) => sum + row.pending, 0),
        // Verified between the two reads: its first row on the page is the oldest still known.
        oldestPendingSince: (
          kinds[0]?.oldestPendingSince ??
          page.items.find((row) => row.studentId === studentId)?.pendingSince ??
          new Date(0)
        ).toISOString(),
        kinds: kinds.map((row) => ({
          kind: row.kind,
          pending: row.pending,
          oldestPendingSince: row.oldestPendingSince.toISOString(),
        })),
      };
    });
    return {
      ...page,
      items: page.items.map((row) => ({
        ...row,
        status: row.status as RecordStatus,
        flags: flags.get(row.id) ?? [],
        pendingSince: row.pendingSince.toISOString(),
      })),
      residents,
    };
  }

  /** A form's remote options, for the caller's own college and department. */
  async options(
    actor: Actor,
    source: 'teachers' | 'competencies' | 'skills' | 'specialities',
    query: { for?: 'diag' | 'proc' | undefined; competencyId?: string | undefined },
  ): Promise<{ items: Array<{ id: string; title: string; pinned?: boolean; recent?: boolean }> }> {
    if (!actor.collegeId || !actor.departmentId) throw AppError.forbidden();
    const scope = { collegeId: actor.collegeId, departmentId: actor.departmentId };
    switch (source) {
      case 'teachers': {
        const rows = await listGuidingFaculty(this.db, scope.collegeId, scope.departmentId);
        return { items: rows.map((row) => ({ id: row.id, title: row.name })) };
      }
      // A student's own order (issue 29): pinned, then used last, then the rest.
      case 'competencies': {
        const items = await repo.listCompetencyOptions(this.db, scope, query.for);
        const types: FavouriteType[] = query.for
          ? [query.for === 'proc' ? 'procedure' : 'competency']
          : ['procedure', 'competency'];
        return { items: await this.favourites.ordered(actor, types, items) };
      }
      case 'skills': {
        if (!query.competencyId) throw AppError.validation('Please choose a competency');
        const items = await repo.listSkillOptions(this.db, scope, query.competencyId);
        return { items: await this.favourites.ordered(actor, 'skill', items) };
      }
      case 'specialities':
        return { items: await repo.listSpecialityOptions(this.db, scope) };
    }
  }

  /**
   * What the forms need to know about the caller's department: which department settings name
   * it (the select options restricted to that department are offered only then).
   */
  async formContext(actor: Actor): Promise<{ restrictedAllowed: string[] }> {
    if (!actor.collegeId || !actor.departmentId) throw AppError.forbidden();
    const allowed = await restrictedSettings(this.db, RECORD_KINDS, actor.departmentId);
    return { restrictedAllowed: [...allowed].sort() };
  }
}
