import type { ScaleStep } from './types';

/** The default score scale (spec 02 section 9). */
export const DEFAULT_SCALE: readonly ScaleStep[] = [
  { value: 0, label: 'Poor' },
  { value: 1, label: 'Satisfactory' },
  { value: 2, label: 'Average' },
  { value: 3, label: 'Good' },
  { value: 4, label: 'Very Good' },
];

/**
 * The 1-4 scale (spec 02 section 9: one type uses it, which is not shown). We use it for the
 * thesis review: a progress review always reports some progress, so there is no zero step.
 */
export const ONE_TO_FOUR_SCALE: readonly ScaleStep[] = [
  { value: 1, label: 'Poor' },
  { value: 2, label: 'Satisfactory' },
  { value: 3, label: 'Good' },
  { value: 4, label: 'Very Good' },
];

/** Rubric rows are scored 0-4 with the default scale's words. */
export const RUBRIC_ROW_SCALE = DEFAULT_SCALE;

/** A rubric's overall assessment: the rows' average rounded to 2 decimals. */
export function rubricOverall(rows: readonly number[]): number {
  if (rows.length === 0) return 0;
  const average = rows.reduce((sum, value) => sum + value, 0) / rows.length;
  return Math.round(average * 100) / 100;
}
