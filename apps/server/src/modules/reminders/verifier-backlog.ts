import { VERIFICATION_WAIT, waitingCutoff } from '@pgel/shared/records/overdue';
import { HOD_SUMMARY_MESSAGES } from '@pgel/shared/reminders/hod-summary';
import { reportDate } from '@pgel/shared/reports/activity';
import { roleLabel, STAFF_ROLES, type StaffRole } from '@pgel/shared/roles';
import { indiaDate } from '../../platform/india-time';
import type { SummaryCell, SummarySection, SummarySectionSource } from './hod-summary-section';
import { listStaffNames, listVerifierBacklog } from './verifier-backlog.repository';

const M = HOD_SUMMARY_MESSAGES.verifiers;

function asRole(role: string | null): StaffRole | null {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '') ? (role as StaffRole) : null;
}

/**
 * The summary's section on verification (issue 30): each verifier of the department with an
 * entry pending more than 14 days, or more than 25 pending, with the counts and the date the
 * oldest began to wait; most waiting longest first.
 */
export const verifierBacklogSection: SummarySectionSource = async (db, department, now) => {
  const backlog = await listVerifierBacklog(db, department, {
    cutoff: waitingCutoff(now, VERIFICATION_WAIT.escalateAfterDays),
    over: VERIFICATION_WAIT.escalatePendingOver,
  });
  if (backlog.length === 0) return null;
  const staff = new Map(
    (
      await listStaffNames(
        db,
        backlog.flatMap((row) => (row.verifierId ? [row.verifierId] : [])),
      )
    ).map((row) => [row.id, row]),
  );
  const nameOf = (verifierId: string | null): SummaryCell => {
    const person = verifierId ? staff.get(verifierId) : undefined;
    if (!person) return { text: M.noTeacher, detail: M.noTeacherDetail };
    const role = asRole(person.role);
    const details = [role ? roleLabel(role) : null, person.active ? null : M.inactive].filter(Boolean);
    return { text: person.name, detail: details.length > 0 ? details.join(', ') : null };
  };
  const rows = [...backlog].sort(
    (a, b) =>
      b.waitingLong - a.waitingLong || b.pending - a.pending || a.oldest.getTime() - b.oldest.getTime(),
  );
  return {
    title: M.title,
    intro: M.intro,
    columns: [
      { label: M.columns.verifier },
      { label: M.columns.pending, numeric: true },
      { label: M.columns.overdue, numeric: true },
      { label: M.columns.oldest },
    ],
    rows: rows.map((row) => [
      nameOf(row.verifierId),
      String(row.pending),
      String(row.waitingLong),
      reportDate(indiaDate(row.oldest)),
    ]),
    link: { label: M.link, path: '/reports?status=pending' },
  } satisfies SummarySection;
};
