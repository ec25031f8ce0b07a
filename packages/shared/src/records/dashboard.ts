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
