import {
  type Actor,
  canChooseReportDepartment,
  canSeeFlagCounts,
  canSeeReports,
} from '@pgel/shared/auth/policies';
import {
  FLAG_MESSAGES,
  type FlagCounts,
  type FlagCountsQuery,
  type RecordFlag,
} from '@pgel/shared/records/flags';
import { findKind } from '@pgel/shared/records/kinds';
import { recordPagePath } from '@pgel/shared/records/paths';
import { shownRole } from '@pgel/shared/records/roles';
import {
  ACADEMIC_REPORT_MENUS,
  academicReportPath,
  isAcademicReportMenu,
  REPORT_MESSAGES,
  REPORT_UNKNOWN_MENU,
  type ReportItem,
  type ReportQuery,
  reportDate,
  reportStatusLabel,
} from '@pgel/shared/reports/activity';
import type { ListResponse } from '@pgel/shared/schemas/list';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { SaturatedCounts } from '../../platform/saturated-counts';
import { RecordFlags } from '../records/record-flags';
import { asDetails } from '../records/record-rows';
import { pendingSinceOf } from '../records/record-wait';
import { activityCsv } from './activity.csv';
import * as repo from './activity.repository';

/**
 * The export's row cap: a department's whole history fits many times over, and a bigger file
 * would be built in memory at once. Past it the file holds the newest 50,000 rows.
 */
export const REPORT_EXPORT_LIMIT = 50_000;

/** The report's filters without paging (what the export takes). */
export type ReportFilters = Omit<ReportQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

const academicTitle = (id: string) => ACADEMIC_REPORT_MENUS.find((m) => m.id === id)?.title ?? id;

/** What a page shows beside its rows: records' roles and flags, by id. */
type RowExtras = {
  roles: ReadonlyMap<string, string>;
  flags: ReadonlyMap<string, RecordFlag[]>;
  /** When each pending record on the page began to wait (issue 30: Overdue after 7 days). */
  pendingSince?: ReadonlyMap<string, Date>;
};

/** The row with its menu's title, role, flags and the entry it opens (its record or academic page). */
function toItem(row: repo.ActivityRow, extras: RowExtras): ReportItem {
  const isRecord = row.source === 'record';
  const academicMenu = row.source === 'academic' && isAcademicReportMenu(row.menu) ? row.menu : undefined;
  return {
    id: row.id,
    menu: row.menu,
    menuTitle: academicMenu ? academicTitle(academicMenu) : (findKind(row.menu)?.menuTitle ?? row.menu),
    collegeName: row.collegeName,
    departmentName: row.departmentName,
    studentId: row.studentId,
    studentName: row.studentName,
    status: row.status,
    statusLabel: reportStatusLabel(row.menu, row.status, row.memoStatus),
    date: row.date,
    role: isRecord ? (extras.roles.get(row.id) ?? null) : null,
    flags: isRecord ? (extras.flags.get(row.id) ?? []) : [],
    pendingSince: (isRecord ? extras.pendingSince?.get(row.id)?.toISOString() : undefined) ?? null,
    url: academicMenu
      ? academicReportPath(academicMenu, row.id, row.studentId)
      : recordPagePath(row.menu, row.id),
  };
}

/**
 * `/reports` (spec 03 section 2): the recent activity of the students of a department, every
 * record kind and academic record type, and its CSV export (issue 14).
 */
export class ActivityReportService {
  /** Reports whose total reads "10,000+" are not counted again on every page (issue 16). */
  private readonly counts = new SaturatedCounts();

  /** Doubtful entries flagged on the page's rows (issue 27), and the HOD's counts per student. */
  private readonly flags: RecordFlags;

  constructor(readonly deps: { db: Database }) {
    this.flags = new RecordFlags(deps.db);
  }

  async list(actor: Actor, query: ReportQuery): Promise<ListResponse<ReportItem>> {
    const filter = await this.filterFor(actor, query);
    const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    const { rows, total } = await repo.activityPage(this.deps.db, filter, page, { counts: this.counts });
    // Read apart from the report's own statement, for this page's records only: the union stays
    // what its indexes answer at national scale (issue 16).
    const roles = await this.rolesOf(rows);
    const recordIds = rows.filter((row) => row.source === 'record').map((row) => row.id);
    const flags = await this.flags.forRecords(recordIds);
    const pendingSince = await pendingSinceOf(
      this.deps.db,
      rows.filter((row) => row.source === 'record' && row.status === 'pending').map((row) => row.id),
    );
    return {
      items: rows.map((row) => toItem(row, { roles, flags, pendingSince })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The export: every matching row (at most REPORT_EXPORT_LIMIT) as CSV text, each with its
   * entry's title or topic, and its college for those who see every college (issue 28).
   */
  async exportCsv(actor: Actor, query: ReportFilters): Promise<string> {
    const filter = await this.filterFor(actor, query);
    const rows = await repo.activityRows(this.deps.db, filter, REPORT_EXPORT_LIMIT);
    const roles = await this.rolesOf(rows);
    const titles = await this.titlesOf(rows);
    return activityCsv(
      rows.map((row) => ({ ...toItem(row, { roles, flags: new Map() }), title: titles.get(row.id) ?? '' })),
      { withCollege: canChooseReportDepartment(actor) },
    );
  }

  /** Each row's title or topic as the export words it, by id. */
  private async titlesOf(rows: readonly repo.ActivityRow[]): Promise<Map<string, string>> {
    const ids = new Map<repo.TitleSource, string[]>();
    for (const row of rows) {
      const source = titleSourceOf(row);
      if (!source) continue;
      const list = ids.get(source) ?? [];
      list.push(row.id);
      ids.set(source, list);
    }
    const titles = new Map<string, string>();
    for (const entry of await repo.entryTitles(this.deps.db, ids)) {
      if (entry.source === 'appraisal') {
        titles.set(entry.id, `${reportDate(entry.fromDate)} to ${reportDate(entry.toDate)}`);
      } else if (entry.source === 'aetcom') {
        titles.set(
          entry.id,
          `Year ${entry.year} (${reportDate(entry.fromDate)} to ${reportDate(entry.toDate)})`,
        );
      } else if (entry.title) {
        titles.set(entry.id, entry.title);
      }
    }
    return titles;
  }

  /**
   * The flagged entries of a department counted per student (issue 27): the HOD's own department,
   * the one Master or Admin chooses. Students with none are left out.
   */
  async flagCounts(actor: Actor, query: FlagCountsQuery): Promise<FlagCounts> {
    if (!canSeeFlagCounts(actor)) throw AppError.forbidden();
    // The report's own rule for whose department it is (another department is refused).
    const filter = await this.filterFor(actor, { ...query, status: 'all' });
    if (!filter.collegeId || !filter.departmentId) {
      throw AppError.validation(FLAG_MESSAGES.chooseDepartment, {
        departmentId: FLAG_MESSAGES.chooseDepartment,
      });
    }
    return {
      items: await this.flags.countsPerStudent({
        collegeId: filter.collegeId,
        departmentId: filter.departmentId,
      }),
    };
  }

  /**
   * The role shown for each row of a kind that logs one (issue 27): the verifier's once
   * confirmed, else the resident's. No statement when no such row is on the page.
   */
  private async rolesOf(rows: readonly repo.ActivityRow[]): Promise<Map<string, string>> {
    const ids = rows
      .filter((row) => row.source === 'record' && findKind(row.menu)?.role)
      .map((row) => row.id);
    const roles = new Map<string, string>();
    if (ids.length === 0) return roles;
    for (const row of await repo.recordRoles(this.deps.db, ids)) {
      const kind = findKind(row.kind);
      const role = kind
        ? shownRole(kind, { confirmedRole: row.confirmedRole, details: asDetails(row.details) })
        : null;
      if (role) roles.set(row.id, role);
    }
    return roles;
  }

  /**
   * The filter the query may ask for: Master and Admin any department (or all); other staff
   * always their own college and department from the session, and naming another is refused.
   */
  private async filterFor(actor: Actor, query: ReportFilters): Promise<repo.ActivityFilter> {
    if (!canSeeReports(actor)) throw AppError.forbidden();
    let collegeId = query.collegeId;
    let departmentId = query.departmentId;
    if (!canChooseReportDepartment(actor)) {
      const own = { collegeId: actor.collegeId ?? '', departmentId: actor.departmentId ?? '' };
      if ((collegeId && collegeId !== own.collegeId) || (departmentId && departmentId !== own.departmentId)) {
        throw AppError.forbidden(REPORT_MESSAGES.departmentNotAllowed);
      }
      collegeId = own.collegeId;
      departmentId = own.departmentId;
    }
    if (query.studentId) {
      const student = await repo.findStudent(this.deps.db, query.studentId, { collegeId, departmentId });
      if (!student) throw AppError.notFound(REPORT_MESSAGES.studentNotFound);
    }
    return {
      collegeId,
      departmentId,
      menu: menuFilter(query.menu),
      studentId: query.studentId,
      status: query.status === 'all' ? undefined : query.status === 'accepted' ? 'approved' : query.status,
      search: query.search,
    };
  }
}

/** The table a row's title is read from (a record's summary, an academic row's own columns). */
function titleSourceOf(row: repo.ActivityRow): repo.TitleSource | null {
  if (row.source === 'record') return 'record';
  return isAcademicReportMenu(row.menu) ? row.menu : null;
}

function menuFilter(menu: string | undefined): repo.ActivityFilter['menu'] {
  if (menu === undefined) return undefined;
  if (isAcademicReportMenu(menu)) return { kind: 'academic', id: menu };
  if (findKind(menu)) return { kind: 'record', id: menu };
  throw AppError.validation(REPORT_UNKNOWN_MENU, { menu: REPORT_UNKNOWN_MENU });
}
