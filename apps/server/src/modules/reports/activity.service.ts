import { type Actor, canChooseReportDepartment, canSeeReports } from '@pgel/shared/auth/policies';
import { findKind } from '@pgel/shared/records/kinds';
import { recordPagePath } from '@pgel/shared/records/paths';
import {
  ACADEMIC_REPORT_MENUS,
  academicReportPath,
  isAcademicReportMenu,
  REPORT_MESSAGES,
  REPORT_UNKNOWN_MENU,
  type ReportItem,
  type ReportQuery,
} from '@pgel/shared/reports/activity';
import type { ListResponse } from '@pgel/shared/schemas/list';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { SaturatedCounts } from '../../platform/saturated-counts';
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

/** The row with its menu's title and the entry it opens (its record page, or its academic page). */
function toItem(row: repo.ActivityRow): ReportItem {
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
    date: row.date,
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

  constructor(readonly deps: { db: Database }) {}

  async list(actor: Actor, query: ReportQuery): Promise<ListResponse<ReportItem>> {
    const filter = await this.filterFor(actor, query);
    const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    const { rows, total } = await repo.activityPage(this.deps.db, filter, page, { counts: this.counts });
    return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
  }

  /** The export: every matching row (at most REPORT_EXPORT_LIMIT) as CSV text. */
  async exportCsv(actor: Actor, query: ReportFilters): Promise<string> {
    const filter = await this.filterFor(actor, query);
    const rows = await repo.activityRows(this.deps.db, filter, REPORT_EXPORT_LIMIT);
    return activityCsv(rows.map(toItem));
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

function menuFilter(menu: string | undefined): repo.ActivityFilter['menu'] {
  if (menu === undefined) return undefined;
  if (isAcademicReportMenu(menu)) return { kind: 'academic', id: menu };
  if (findKind(menu)) return { kind: 'record', id: menu };
  throw AppError.validation(REPORT_UNKNOWN_MENU, { menu: REPORT_UNKNOWN_MENU });
}
