import { canWriteLogbook } from '@pgel/shared/auth/policies';
import { HOD_SUMMARY_MESSAGES } from '@pgel/shared/reminders/hod-summary';
import {
  authenticationDueDate,
  daysBetween,
  indiaDate,
  lastEscalatedMonth,
  monthLabel,
} from '@pgel/shared/supervision/months';
import {
  type MonthGuide,
  monthGuides,
  unauthenticatedMonths,
} from '../monthly-authentication/months-to-authenticate';
import type { SummaryCell, SummarySection, SummarySectionSource } from './hod-summary-section';
import { listStaffNames } from './verifier-backlog.repository';
import { listDepartmentResidents } from './weekly-update.repository';

const M = HOD_SUMMARY_MESSAGES.months;

/**
 * How many days a month not authenticated is overdue on `today`: from its due date (the 10th of
 * the next month), or from the day an entry changed after its signature when that is later.
 */
export function daysOverdue(month: { month: string; changedAt: Date | null }, today: string): number {
  const due = authenticationDueDate(month.month);
  const changed = month.changedAt ? indiaDate(month.changedAt) : null;
  return Math.max(0, daysBetween(changed && changed > due ? changed : due, today));
}

/**
 * The summary's section on monthly authentication (issue 30): each resident of the department who
 * may write the logbook with a month of their course still not authenticated (never signed, or
 * changed after its signature) on or after the 20th of the next month: their name and their guide
 * beneath, the most overdue such month (and how many more) and the days overdue. Most overdue first.
 * Names and months only: no entry, no patient.
 */
export const monthAuthenticationSection: SummarySectionSource = async (db, department, now) => {
  const residents = (await listDepartmentResidents(db, department)).filter((resident) =>
    canWriteLogbook({ ...resident, role: null }),
  );
  const months = await unauthenticatedMonths(db, residents, { through: lastEscalatedMonth(now) });
  if (months.length === 0) return null;
  const today = indiaDate(now);
  const behind = new Map<string, Array<(typeof months)[number] & { overdue: number }>>();
  for (const month of months) {
    const late = { ...month, overdue: daysOverdue(month, today) };
    const list = behind.get(month.studentId);
    if (list) list.push(late);
    else behind.set(month.studentId, [late]);
  }
  const late = residents.filter((resident) => behind.has(resident.id));
  const guides = await monthGuides(db, late);
  const active = new Map(
    (await listStaffNames(db, [...new Set([...guides.values()].map((guide) => guide.id))])).map((staff) => [
      staff.id,
      staff.active,
    ]),
  );
  const guideLine = (guide: MonthGuide | undefined): string =>
    guide ? M.guide(guide.source, guide.name, active.get(guide.id) !== false) : M.noGuide;
  const rows = late.map((resident) => {
    const own = [...(behind.get(resident.id) ?? [])].sort(
      (a, b) => b.overdue - a.overdue || a.month.localeCompare(b.month),
    );
    const worst = own[0] as (typeof own)[number];
    const detail = [worst.changedAt ? M.changed : null, own.length > 1 ? M.more(own.length - 1) : null]
      .filter(Boolean)
      .join(', ');
    return {
      name: resident.name,
      overdue: worst.overdue,
      cells: [
        { text: resident.name, detail: guideLine(guides.get(resident.id)) },
        { text: monthLabel(worst.month), detail: detail || null },
        String(worst.overdue),
      ] satisfies SummaryCell[],
    };
  });
  rows.sort((a, b) => b.overdue - a.overdue || a.name.localeCompare(b.name));
  return {
    title: M.title,
    intro: M.intro,
    columns: [
      { label: M.columns.resident },
      { label: M.columns.month, wrap: true },
      { label: M.columns.overdue, numeric: true },
    ],
    rows: rows.map((row) => row.cells),
    link: { label: M.link, path: '/dashboard' },
  } satisfies SummarySection;
};
