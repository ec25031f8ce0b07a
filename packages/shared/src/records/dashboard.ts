/**
 * The student dashboard (spec 02 section 2): a Mandatory Checklist card 'n / 8' and one card per
 * activity category, counted in this order, each linking to `/task/{kindId}`.
 */
export type DashboardCategory = { title: string; kindId: string };

export const DASHBOARD_CATEGORIES: readonly DashboardCategory[] = [
  { title: 'PG Induction Schedule', kindId: 'introduction-schedule' },
  { title: 'Academic Activity', kindId: 'clinical-training' },
  { title: 'Teaching Experience', kindId: 'teaching' },
  { title: 'OPD Campus', kindId: 'opd' },
  { title: 'Academic Participations', kindId: 'conference' },
  { title: 'Podium Poster Publication', kindId: 'paper-poster' },
  { title: 'Thesis Review', kindId: 'thesis-review' },
  { title: 'Specialty Clinic Posting', kindId: 'speciality-posting' },
  { title: 'Diagnostic Skills', kindId: 'diagnostic-skill' },
  { title: 'Procedures', kindId: 'procedure' },
  { title: 'Skill Labs', kindId: 'skills-lab' },
  { title: 'Extra Curricular Activities', kindId: 'extra-curricular' },
  { title: 'Leave Record', kindId: 'leave' },
  { title: 'Mandatory', kindId: 'checklist' },
  { title: 'Clinical Cases & Symptoms-based Approach', kindId: 'clinical-case' },
];

/** The Mandatory Checklist particulars (spec 02 section 2); the checklist kind's select offers them. */
export const CHECKLIST_PARTICULARS = [
  'PG Induction',
  'BCBR Training',
  'GCP',
  'BLS & ACLS',
  'DRP Completion Certificate',
  'Research Methodology Training',
  'Thesis Dissertation Acceptance',
  'Thesis Submission Letter',
] as const;

/** The Mandatory Checklist card shows the count out of this. */
export const CHECKLIST_TARGET = 8;

/** A category card's counts: all of its entries, and how many are in each status. */
export type CategoryCounts = { total: number; approved: number; pending: number; rejected: number };

type ChecklistStatus = 'pending' | 'approved' | 'rejected';
const STATUS_RANK: Record<ChecklistStatus, number> = { rejected: 1, pending: 2, approved: 3 };

/** Whether a value is one of the eight checklist particulars. */
export function isChecklistParticular(value: unknown): value is (typeof CHECKLIST_PARTICULARS)[number] {
  return (CHECKLIST_PARTICULARS as readonly unknown[]).includes(value);
}

/**
 * The Mandatory Checklist card counts particulars, not entries (issue 10): a rejected entry and
 * the one that replaced it are one particular, and only the eight particulars count, so the card
 * never shows more than 'n / 8'. Each particular counts once, in the status of its best entry:
 * approved, else pending, else rejected.
 */
export function checklistProgress(
  entries: ReadonlyArray<{ particular: unknown; status: ChecklistStatus }>,
): CategoryCounts {
  const best = new Map<string, ChecklistStatus>();
  for (const { particular, status } of entries) {
    if (!isChecklistParticular(particular)) continue;
    const current = best.get(particular);
    if (current === undefined || STATUS_RANK[status] > STATUS_RANK[current]) best.set(particular, status);
  }
  const counts: CategoryCounts = { total: best.size, approved: 0, pending: 0, rejected: 0 };
  for (const status of best.values()) counts[status] += 1;
  return counts;
}
