import { Alert, Flex, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { Score, VerifyRecordInput } from '@pgel/shared/records/api';
import { rubricOverall } from '@pgel/shared/records/scales';
import {
  RECORD_STATUS_LABELS,
  type RecordKind,
  type RecordStatus,
  type ScaleStep,
  VERDICTS,
  type Verdict,
} from '@pgel/shared/records/types';

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

const STATUS_OPTIONS = [
  // Shown until a verdict is chosen; the verifier cannot choose it (Reset does that).
  { value: 'pending', label: RECORD_STATUS_LABELS.pending, disabled: true },
  ...VERDICTS.map((verdict) => ({ value: verdict, label: RECORD_STATUS_LABELS[verdict] })),
];

const stepOptions = (scale: readonly ScaleStep[]) =>
  scale.map((step) => ({ value: String(step.value), label: `${step.value} - ${step.label}` }));
const comboboxProps = { withinPortal: true } as const;

/** One rubric item: its criterion beside a 0-4 select (stacked on phones). */
function RubricRow({
  title,
  scale,
  value,
  onChange,
}: {
  title: string;
  scale: readonly ScaleStep[];
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <Flex
      direction={{ base: 'column', xs: 'row' }}
      align={{ base: 'stretch', xs: 'center' }}
      gap={{ base: 4, xs: 'sm' }}
      py={4}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text component="label" htmlFor={id} size="sm" style={{ flex: 1 }}>
        {title}
      </Text>
      <Select
        id={id}
        placeholder="Score"
        data={stepOptions(scale)}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next === null ? null : Number(next))}
        w={{ base: '100%', xs: 180 }}
        comboboxProps={comboboxProps}
      />
    </Flex>
  );
}

type VerifyFieldsProps = {
  scoring: VerifyScoring;
  values: VerifyValues;
  onChange: (values: VerifyValues) => void;
};

/** Status, score (a scale or one 0-4 select per rubric row with the live overall) and Feedback. */
export function VerifyFields({ scoring, values, onChange }: VerifyFieldsProps) {
  const set = (changes: Partial<VerifyValues>) => onChange({ ...values, ...changes });
  const overall = liveOverall(values.rubric);
  const scoredRows = values.rubric.filter((value) => value !== null).length;
  return (
    <Stack gap="md">
      <Select
        label="Status"
        withAsterisk
        data={STATUS_OPTIONS}
        value={values.status}
        onChange={(next) => next && set({ status: next as RecordStatus })}
        allowDeselect={false}
        comboboxProps={comboboxProps}
      />
      {scoring.type === 'scale' ? (
        <Select
          label="Score"
          withAsterisk
          placeholder="Select score"
          data={stepOptions(scoring.scale)}
          value={values.score === null ? null : String(values.score)}
          onChange={(next) => set({ score: next === null ? null : Number(next) })}
          comboboxProps={comboboxProps}
        />
      ) : null}
      {scoring.type === 'rubric' ? (
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            {scoring.title}: score each item (0-4)
          </Text>
          <Stack gap={6}>
            {scoring.rows.map((row, index) => (
              <RubricRow
                key={row}
                title={`${index + 1}. ${row}`}
                scale={scoring.rowScale}
                value={values.rubric[index] ?? null}
                onChange={(value) =>
                  set({ rubric: values.rubric.map((old, i) => (i === index ? value : old)) })
                }
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
      <Textarea
        size="md"
        label="Feedback"
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
        value={values.remark}
        onChange={(event) => set({ remark: event.currentTarget.value })}
      />
    </Stack>
  );
}
