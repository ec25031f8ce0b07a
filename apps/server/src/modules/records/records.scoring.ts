import type { Score, VerifyRecordInput } from '@pgel/shared/records/api';
import { rubricOverall } from '@pgel/shared/records/scales';
import type { RecordKind, ScaleStep } from '@pgel/shared/records/types';

/** What the leave record (scoring 'none') stores as its score: 0, and the verifier is not asked. */
export const NOT_SCORED: Score = { value: 0, label: 'Not scored' };

/**
 * The score a verification stores, or undefined when the input does not fit the kind: a scale
 * step; a rubric's rows (one 0-4 value per row) and their average when the record's type has a
 * rubric; 0 for kinds that are not scored.
 */
export function scoreFor(
  kind: RecordKind,
  details: Record<string, unknown>,
  input: Pick<VerifyRecordInput, 'score' | 'rubric'>,
): Score | undefined {
  const fromScale = (scale: readonly ScaleStep[]) => {
    const step = scale.find((s) => s.value === input.score);
    return step ? { value: step.value, label: step.label } : undefined;
  };
  const scoring = kind.scoring;
  switch (scoring.type) {
    case 'none':
      return NOT_SCORED;
    case 'scale':
      return fromScale(scoring.scale);
    case 'rubric': {
      const type = details[scoring.field];
      const rows =
        typeof type === 'string' && Object.hasOwn(scoring.rubrics, type) ? scoring.rubrics[type] : undefined;
      if (!rows) return fromScale(scoring.otherwise);
      if (!input.rubric || input.rubric.length !== rows.length) return undefined;
      const values = input.rubric;
      const overall = rubricOverall(values);
      const nearest = scoring.rowScale.find((s) => s.value === Math.round(overall));
      return {
        value: overall,
        label: nearest?.label ?? String(overall),
        rows: rows.map((title, i) => ({ title, value: values[i] as number })),
      };
    }
  }
}
