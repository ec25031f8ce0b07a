import type { RecordKind, ScaleStep } from '@pgel/shared/records/types';

// How an entry is scored when verified: plain functions, without the fields' components, so a
// report page reads an entry's scoring (approve with the last score, issue 30) without loading
// the verification dialog's code.

/** How one record is scored when verified. */
export type VerifyScoring =
  | { type: 'scale'; scale: readonly ScaleStep[] }
  /** Row by row (clinical training types with a rubric); `title` is the type. */
  | { type: 'rubric'; title: string; rows: readonly string[]; rowScale: readonly ScaleStep[] }
  /** Not scored (leave). */
  | { type: 'none' };

/**
 * The scoring of a record from its kind and details: the kind's scale, the rubric of its
 * training type when it has one (the `otherwise` scale when not), or none.
 */
export function scoringFor(kind: RecordKind, details: Record<string, unknown>): VerifyScoring {
  const { scoring } = kind;
  switch (scoring.type) {
    case 'scale':
      return { type: 'scale', scale: scoring.scale };
    case 'none':
      return { type: 'none' };
    case 'rubric': {
      const value = details[scoring.field];
      const rows = typeof value === 'string' ? scoring.rubrics[value] : undefined;
      return rows
        ? { type: 'rubric', title: value as string, rows, rowScale: scoring.rowScale }
        : { type: 'scale', scale: scoring.otherwise };
    }
  }
}

/** One scoring for several records, or null when they are scored differently (mixed training types). */
export function commonScoring(scorings: readonly VerifyScoring[]): VerifyScoring | null {
  const [first, ...rest] = scorings;
  if (!first) return null;
  const key = (scoring: VerifyScoring) =>
    scoring.type === 'rubric'
      ? `rubric:${scoring.title}`
      : scoring.type === 'scale'
        ? `scale:${scoring.scale.map((step) => step.value).join(',')}`
        : 'none';
  return rest.every((scoring) => key(scoring) === key(first)) ? first : null;
}
