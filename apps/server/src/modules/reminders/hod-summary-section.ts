import type { Executor } from '../../db/client';

/** The department an HOD's summary is about. */
export type SummaryDepartment = { collegeId: string; departmentId: string };

/**
 * One section of an HOD's weekly summary, ready to write into its mail (text and HTML alike): a
 * heading, a sentence, a table and a link into the app. Staff names, counts and dates only.
 */
export type SummarySection = {
  title: string;
  intro: string;
  columns: ReadonlyArray<{ label: string; numeric?: boolean }>;
  rows: ReadonlyArray<readonly string[]>;
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
