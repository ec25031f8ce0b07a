import type { Executor } from '../../db/client';

/** The department an HOD's summary is about. */
export type SummaryDepartment = { collegeId: string; departmentId: string };

/**
 * A table cell: its text, or a name with a detail the HTML sets smaller beneath it (the text
 * mail puts it in brackets).
 */
export type SummaryCell = string | { text: string; detail: string | null };

/**
 * One section of an HOD's weekly summary, ready to write into its mail (text and HTML alike): a
 * heading, a sentence, a table and a link into the app. Names, counts, months and dates only:
 * never an entry's contents or a patient.
 */
export type SummarySection = {
  title: string;
  intro: string;
  /**
   * `numeric`: set right; `wrap`: a column of names that may break between words on a phone (the
   * others, counts and dates, never break; the first column always may).
   */
  columns: ReadonlyArray<{ label: string; numeric?: boolean; wrap?: boolean }>;
  rows: ReadonlyArray<readonly SummaryCell[]>;
  link: { label: string; path: string };
};

/**
 * Finds what one section says of a department at the pass's clock; null when it has nothing to
 * say (a summary with no section is not sent).
 */
export type SummarySectionSource = (
  db: Executor,
  department: SummaryDepartment,
  now: Date,
) => Promise<SummarySection | null>;
