import {
  Alert,
  Flex,
  Group,
  List,
  SegmentedControl,
  Select,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { RECORD_MESSAGES, type Score, type VerifyRecordInput } from '@pgel/shared/records/api';
import { rubricOverall } from '@pgel/shared/records/scales';
import {
  RECORD_STATUS_LABELS,
  type RecordStatus,
  type ScaleStep,
  VERDICTS,
  type Verdict,
} from '@pgel/shared/records/types';
import { type Dispatch, memo, type SetStateAction, useCallback, useMemo } from 'react';
import { showError } from '../../../components/dialogs';
import { GrowingTextarea } from '../../../components/growing-textarea';
import tapTargets from '../../../components/tap-targets.module.css';
import type { VerifyScoring } from './verify-scoring';

export { commonScoring, scoringFor, type VerifyScoring } from './verify-scoring';

/** What the verifier has chosen so far; null where nothing is chosen. */
export type VerifyValues = {
  status: RecordStatus;
  score: number | null;
  rubric: (number | null)[];
  remark: string;
};

/** Fresh values: 'Pending' shown (spec 02 section 2), or the record's current verdict and score. */
export function initialVerifyValues(
  scoring: VerifyScoring | null,
  current?: { status: RecordStatus; score: Score | null; verifierRemark: string | null },
): VerifyValues {
  const rows = scoring?.type === 'rubric' ? scoring.rows : [];
  const savedRows = current?.score?.rows;
  return {
    status: current?.status ?? 'pending',
    score: scoring?.type === 'scale' && current?.score && !savedRows ? current.score.value : null,
    rubric: rows.map((_, index) =>
      savedRows && savedRows.length === rows.length ? (savedRows[index]?.value ?? null) : null,
    ),
    remark: current?.verifierRemark ?? '',
  };
}

const isVerdict = (status: RecordStatus): status is Verdict =>
  (VERDICTS as readonly string[]).includes(status);

/**
 * The request body, or null when something is missing ('All fields are required!'): a verdict,
 * non-blank feedback, and the score or every rubric row unless the kind is not scored.
 */
export function toVerifyInput(values: VerifyValues, scoring: VerifyScoring): VerifyRecordInput | null {
  const remark = values.remark.trim();
  if (!isVerdict(values.status) || remark === '') return null;
  switch (scoring.type) {
    case 'none':
      return { status: values.status, remark };
    case 'scale':
      return values.score === null ? null : { status: values.status, remark, score: values.score };
    case 'rubric': {
      if (values.rubric.length !== scoring.rows.length || values.rubric.some((value) => value === null)) {
        return null;
      }
      return { status: values.status, remark, rubric: values.rubric as number[] };
    }
  }
}

/** The rubric's overall so far: the average of the rows scored, rounded to 2 decimals. */
export function liveOverall(rubric: readonly (number | null)[]): number | null {
  const scored = rubric.filter((value): value is number => value !== null);
  return scored.length === 0 ? null : rubricOverall(scored);
}

/** A rubric row as the form and the error name it: its number and criterion. */
const rowTitle = (row: string, index: number) => `${index + 1}. ${row}`;

/** The rubric rows not scored yet, by number and criterion (none when the scoring has no rubric). */
export function unscoredRows(values: VerifyValues, scoring: VerifyScoring | null): string[] {
  if (scoring?.type !== 'rubric') return [];
  return scoring.rows.flatMap((row, index) =>
    (values.rubric[index] ?? null) === null ? [rowTitle(row, index)] : [],
  );
}

/** 'All fields are required!' (spec 02 section 9), followed by the rubric rows still unscored. */
export function showVerifyRequired(message: string, unscored: readonly string[]): Promise<void> {
  if (unscored.length === 0) return showError(message);
  return showError(
    <Stack gap={6}>
      <div>{message}</div>
      <div>{RECORD_MESSAGES.unscoredRows}</div>
      <List size="sm" spacing={2} component="ul">
        {unscored.map((row) => (
          <List.Item key={row}>{row}</List.Item>
        ))}
      </List>
    </Stack>,
  );
}

// Pending is what the field shows until a verdict is chosen, never a choice (Reset does that).
const statusOptions = (verdicts: readonly Verdict[]) =>
  verdicts.map((verdict) => ({ value: verdict, label: RECORD_STATUS_LABELS[verdict] }));
const ignoreSearch = () => {};

const stepOptions = (scale: readonly ScaleStep[]) =>
  scale.map((step) => ({ value: String(step.value), label: `${step.value} - ${step.label}` }));
const comboboxProps = { withinPortal: true } as const;
// The options sit in a portal, outside the dialog's touch-sized area: 44 px on a phone too.
const selectClassNames = { option: tapTargets.option };

/** One segment per step: the number shown, its word read out ('4 - Very Good'). */
const segmentOptions = (scale: readonly ScaleStep[]) =>
  scale.map((step) => ({
    value: String(step.value),
    label: (
      <>
        {step.value}
        <VisuallyHidden> - {step.label}</VisuallyHidden>
      </>
    ),
  }));

/**
 * One rubric item: its criterion beside a one-tap 0-4 control (label above it on phones).
 * Memoised: a tap re-renders its own row only, not all 14.
 */
const RubricRow = memo(function RubricRow({
  index,
  title,
  scale,
  value,
  missing,
  onScore,
}: {
  index: number;
  title: string;
  scale: readonly ScaleStep[];
  value: number | null;
  /** Marked after a submit that left it unscored. */
  missing: boolean;
  onScore: (index: number, value: number) => void;
}) {
  const labelId = useId();
  const missingId = useId();
  const segments = useMemo(() => segmentOptions(scale), [scale]);
  return (
    <Flex
      direction={{ base: 'column', xs: 'row' }}
      align={{ base: 'stretch', xs: 'center' }}
      gap={{ base: 6, xs: 'sm' }}
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Text id={labelId} size="sm">
          {title}
        </Text>
        {missing ? (
          <Text id={missingId} size="xs" fw={700} c="red.8">
            Not scored
          </Text>
        ) : null}
      </Group>
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={missing ? missingId : undefined}
        data={segments}
        // '' matches no segment: nothing is chosen until the verifier taps one.
        value={value === null ? '' : String(value)}
        onChange={(next) => onScore(index, Number(next))}
        fullWidth
        w={{ base: '100%', xs: 230 }}
        style={{ flexShrink: 0 }}
      />
    </Flex>
  );
});

type VerifyFieldsProps = {
  scoring: VerifyScoring;
  values: VerifyValues;
  onChange: Dispatch<SetStateAction<VerifyValues>>;
  /** After a refused submit: mark the rubric rows still unscored. */
  markUnscored?: boolean;
  /** The verdicts the kind offers (review uploads: Approved only); both by default. */
  verdicts?: readonly Verdict[];
  /** The remark's label: 'Feedback', or 'DRPC Remark' for a DRP coordinator (issue 28). */
  remarkLabel?: string;
  /** The dialog's first focus on the score (the verdict already chosen, issue 30). */
  focusScore?: boolean;
};

/** Status, score (a scale, or one tap per rubric row with the running average) and Feedback. */
export function VerifyFields({
  scoring,
  values,
  onChange,
  markUnscored = false,
  verdicts = VERDICTS,
  remarkLabel = 'Feedback',
  focusScore = false,
}: VerifyFieldsProps) {
  const set = (changes: Partial<VerifyValues>) => onChange((old) => ({ ...old, ...changes }));
  const scoreRow = useCallback(
    (index: number, value: number) =>
      onChange((old) => ({ ...old, rubric: old.rubric.map((row, i) => (i === index ? value : row)) })),
    [onChange],
  );
  const overall = liveOverall(values.rubric);
  const scoredRows = values.rubric.filter((value) => value !== null).length;
  return (
    <Stack gap="md">
      <Select
        label="Status"
        withAsterisk
        data={statusOptions(verdicts)}
        value={isVerdict(values.status) ? values.status : null}
        // The field shows the record's status ('Pending' until a verdict is chosen), which the list never offers.
        searchValue={RECORD_STATUS_LABELS[values.status]}
        onSearchChange={ignoreSearch}
        onChange={(next) => next && set({ status: next as RecordStatus })}
        allowDeselect={false}
        comboboxProps={comboboxProps}
        classNames={selectClassNames}
      />
      {scoring.type === 'scale' ? (
        <Select
          label="Score"
          withAsterisk
          data-autofocus={focusScore || undefined}
          placeholder="Select score"
          data={stepOptions(scoring.scale)}
          value={values.score === null ? null : String(values.score)}
          onChange={(next) => set({ score: next === null ? null : Number(next) })}
          comboboxProps={comboboxProps}
          classNames={selectClassNames}
        />
      ) : null}
      {scoring.type === 'rubric' ? (
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            {scoring.title}: score each item ({scaleRange(scoring.rowScale)})
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            {scoring.rowScale.map((step) => `${step.value} ${step.label}`).join(' · ')}
          </Text>
          <Stack gap={6}>
            {scoring.rows.map((row, index) => (
              <RubricRow
                key={row}
                index={index}
                title={rowTitle(row, index)}
                scale={scoring.rowScale}
                value={values.rubric[index] ?? null}
                missing={markUnscored && (values.rubric[index] ?? null) === null}
                onScore={scoreRow}
              />
            ))}
          </Stack>
          <Group gap="xs" aria-live="polite">
            <Text fw={600}>Overall Assessment:</Text>
            <Text fw={700} c="brand.8" data-testid="rubric-overall">
              {overall === null ? '–' : overall.toFixed(2)}
            </Text>
            <Text size="sm" c="dimmed">
              ({scoredRows} of {scoring.rows.length} items scored)
            </Text>
          </Group>
        </Stack>
      ) : null}
      {scoring.type === 'none' ? (
        <Alert variant="light" color="gray" p="xs">
          This entry is not scored.
        </Alert>
      ) : null}
      <GrowingTextarea
        size="md"
        label={remarkLabel}
        withAsterisk
        minRows={3}
        maxRows={8}
        maxLength={2000}
        value={values.remark}
        onChange={(event) => set({ remark: event.currentTarget.value })}
      />
    </Stack>
  );
}

/** '0-4' for a scale from 0 to 4. */
function scaleRange(scale: readonly ScaleStep[]): string {
  const values = scale.map((step) => step.value);
  return `${Math.min(...values)}-${Math.max(...values)}`;
}
