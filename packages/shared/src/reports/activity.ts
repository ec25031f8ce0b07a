import { z } from 'zod';
import { MEMO_STATUS_LABELS, type MemoStatus } from '../academic/memos';
import { RecordFlagSchema } from '../records/flags';
import { ListQuerySchema } from '../schemas/list';

/**
 * `/reports` (spec 03 section 2): recent activity of a department's students, every record kind
 * and academic record type, filtered by department, menu, student and status.
 */
export const REPORT_MESSAGES = {
  empty: 'No recent activity available.',
  departmentNotAllowed: 'You can only see the reports of your own department.',
  studentNotFound: 'Student not found',
  exportFileName: 'activity-report.csv',
} as const;

/** The status filter: all, pending, accepted (approved) or rejected. */
export const REPORT_STATUS_FILTERS = ['all', 'pending', 'accepted', 'rejected'] as const;
export type ReportStatusFilter = (typeof REPORT_STATUS_FILTERS)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatusFilter, string> = {
  all: 'All',
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/**
 * The academic record types that are not rows of `records` but appear in the menu filter:
 * thesis steps (synopsis and thesis titles, guides, certificates), memos, quarterly appraisal and
 * AETCOM scores. Record kinds use their RecordKind id; these use the ids below.
 */
export const ACADEMIC_REPORT_MENUS = [
  { id: 'synopsis', title: 'Thesis Synopsis' },
  { id: 'thesis', title: 'Thesis' },
  { id: 'memo', title: 'Memos' },
  { id: 'appraisal', title: 'Quarterly Appraisal' },
  { id: 'aetcom', title: 'AETCOM' },
] as const;

export const ReportQuerySchema = ListQuerySchema.extend({
  /** Master and Admin choose any department (and college); other staff are fixed to their own. */
  collegeId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
  /** A RecordKind id or an ACADEMIC_REPORT_MENUS id; absent = every menu. */
  menu: z.string().trim().min(1).max(60).optional(),
  studentId: z.uuid().optional(),
  status: z.enum(REPORT_STATUS_FILTERS).default('all'),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportItemSchema = z.object({
  /** The record's (or academic row's) id. */
  id: z.string(),
  menu: z.string(),
  menuTitle: z.string(),
  collegeName: z.string(),
  departmentName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  /** pending | approved | rejected (academic rows map their own states onto these). */
  status: z.enum(['pending', 'approved', 'rejected']),
  /**
   * The row's own state as the table and the CSV show it (issue 28: memos, appraisals and AETCOM
   * years all read "Approved"): a record's verification, a memo's Issued / Explained / Closed, a
   * thesis stage In progress / Complete, an appraisal or AETCOM year Recorded.
   */
  statusLabel: z.string(),
  /** The activity date (YYYY-MM-DD), else the day it was made. */
  date: z.string(),
  /**
   * Entries that log the resident's role (procedures, surgical and diagnostic skills): the role
   * the verifier confirmed, else the one logged; null for every other row (issue 27).
   */
  role: z.string().nullable(),
  /** A record's flags (issue 27); academic rows have none. */
  flags: z.array(RecordFlagSchema),
  /**
   * A pending record's wait for verification began (ISO): submitted, or last reset to Pending
   * (issue 30: `isOverdue` marks it Overdue after 7 days); null for every other row.
   */
  pendingSince: z.string().nullable(),
  /** Where the row opens in the web app (the entry's own page). */
  url: z.string(),
});
export type ReportItem = z.infer<typeof ReportItemSchema>;

export type AcademicReportMenu = (typeof ACADEMIC_REPORT_MENUS)[number]['id'];

/** The page each academic menu's rows open (the staff's view of that record type). */
export const ACADEMIC_REPORT_PAGES: Record<AcademicReportMenu, string> = {
  synopsis: '/synopsis',
  thesis: '/thesisReview',
  memo: '/memo',
  appraisal: '/appeal',
  aetcom: '/atcom',
};

/**
 * The query parameter naming the academic entry its page opens (`/memo?student=…&entry=…`), as
 * record pages open `?record=`. The synopsis and thesis pages need none: each is one entry per
 * student, so `?student=` opens it.
 */
export const ACADEMIC_ENTRY_PARAM = 'entry';

/**
 * Where a report row of an academic record opens: its page with the student picked (staff
 * pages pick a student first) and, where the page lists several, the entry itself.
 */
export function academicReportPath(menu: AcademicReportMenu, id: string, studentId: string): string {
  const query = new URLSearchParams({ student: studentId });
  if (menu !== 'synopsis' && menu !== 'thesis') query.set(ACADEMIC_ENTRY_PARAM, id);
  return `${ACADEMIC_REPORT_PAGES[menu]}?${query}`;
}

export function isAcademicReportMenu(menu: string): menu is AcademicReportMenu {
  return Object.hasOwn(ACADEMIC_REPORT_PAGES, menu);
}

/**
 * The CSV export's columns, in order: the table's, the entry's title or topic (issue 28) and, for
 * those who see every college (Master, Admin), the college first.
 */
export const REPORT_CSV_COLUMNS = [
  'Department',
  'Menu',
  'Title / Topic',
  'Role',
  'Student Name',
  'Status',
  'Date',
] as const;
export const REPORT_CSV_COLLEGE_COLUMN = 'College';

/** A record's status as the table and the CSV show it. */
export const REPORT_ITEM_STATUS_LABELS: Record<ReportItem['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A thesis stage: approved on the report once its last step is written. */
export const THESIS_REPORT_STATE_LABELS: Record<'pending' | 'approved', string> = {
  pending: 'In progress',
  approved: 'Complete',
};

/** Appraisals and AETCOM years are written by the faculty with their scores: nothing waits. */
export const SCORED_REPORT_STATE_LABEL = 'Recorded';

/**
 * A row's own state (`ReportItem.statusLabel`): `memoStatus` is the memo's Issued / Explained /
 * Closed (MEMO_STATUSES) for a memo row, else unused.
 */
export function reportStatusLabel(
  menu: string,
  status: ReportItem['status'],
  memoStatus: string | null,
): string {
  if (menu === 'memo' && memoStatus && Object.hasOwn(MEMO_STATUS_LABELS, memoStatus)) {
    return MEMO_STATUS_LABELS[memoStatus as MemoStatus];
  }
  if (menu === 'appraisal' || menu === 'aetcom') return SCORED_REPORT_STATE_LABEL;
  if ((menu === 'synopsis' || menu === 'thesis') && status !== 'rejected') {
    return THESIS_REPORT_STATE_LABELS[status];
  }
  return REPORT_ITEM_STATUS_LABELS[status];
}

/** A YYYY-MM-DD date as DD-MM-YYYY (the table and the CSV); anything else unchanged. */
export function reportDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}

/** A `menu` that is neither a record kind nor an academic menu. */
export const REPORT_UNKNOWN_MENU = 'Unknown menu';

/** The export's query: the report's filters and search, without paging or sorting. */
export const ReportExportQuerySchema = ReportQuerySchema.omit({
  page: true,
  pageSize: true,
  sort: true,
  order: true,
});
export type ReportExportQuery = z.infer<typeof ReportExportQuerySchema>;
