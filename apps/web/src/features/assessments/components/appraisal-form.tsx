import {
  Box,
  Button,
  Card,
  Group,
  Input,
  List,
  type MantineColor,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  APPRAISAL_FORM_MAX,
  APPRAISAL_MESSAGES,
  APPRAISAL_PARTICULARS,
  APPRAISAL_PERIOD_DAYS,
  APPRAISAL_REMARK_MAX,
  APPRAISAL_ROW_COUNT,
  APPRAISAL_SCORE_MIN,
  APPRAISAL_SCORE_REFERENCE,
  appraisalError,
  type Evaluation,
  evaluationFor,
} from '@pgel/shared/academic/appraisal';
import { addDays } from '@pgel/shared/academic/common';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { isCalendarDate, todayIso } from '@pgel/shared/schemas/dates';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { memo, useCallback, useId, useRef, useState } from 'react';
import { showError, showMessage } from '../../../components/dialogs';
import { ScoreSegments } from '../../../components/score-segments';
import { useCardLayout } from '../../../components/use-card-layout';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { useSaveAppraisal } from '../api/save-appraisal';
import { PeriodFields, Section, StickyActions } from './assessment-frame';
import { EvaluationBadge } from './evaluation-badge';

/** One row as entered: the score once tapped (null before) and the remark. */
type RowDraft = { score: number | null; remark: string };

const emptyRows = (): RowDraft[] => APPRAISAL_PARTICULARS.map(() => ({ score: null, remark: '' }));

const SUCCESS_AUTO_CLOSE_MS = 1500;

/** The band of a tapped score. */
function liveEvaluation(score: number | null): Evaluation | null {
  return score !== null && Number.isInteger(score) && score >= APPRAISAL_SCORE_MIN
    ? evaluationFor(score)
    : null;
}

/** The chosen segment takes its band's colour, as the badge beside it. */
const BAND_COLORS: Record<Evaluation, MantineColor> = {
  'Not Satisfactory': 'red.7',
  Satisfactory: 'yellow.8',
  'More Than Satisfactory': 'green.8',
};

/** The row's element on the page, to scroll to when it was left unscored. */
const rowElementId = (formId: string, index: number) => `${formId}-row-${index + 1}`;

function ScoreReference() {
  return (
    <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-default-hover)">
      <Text size="sm" fw={600} mb={4}>
        Score reference
      </Text>
      <List size="sm" spacing={2}>
        {APPRAISAL_SCORE_REFERENCE.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Card>
  );
}

type RowProps = {
  index: number;
  row: RowDraft;
  onChange: (index: number, row: RowDraft) => void;
};

function ScoreInput({
  index,
  row,
  onChange,
  missing,
  labelledBy,
}: RowProps & { missing: boolean; labelledBy?: string }) {
  const evaluation = liveEvaluation(row.score);
  return (
    <ScoreSegments
      aria-label={labelledBy ? undefined : `Score: ${APPRAISAL_PARTICULARS[index]}`}
      aria-labelledby={labelledBy}
      min={APPRAISAL_SCORE_MIN}
      max={APPRAISAL_FORM_MAX}
      value={row.score}
      missing={missing}
      color={evaluation ? BAND_COLORS[evaluation] : undefined}
      onChange={(score) => onChange(index, { ...row, score })}
    />
  );
}

function RemarkInput({ index, row, onChange, withLabel }: RowProps & { withLabel: boolean }) {
  return (
    <TextInput
      label={withLabel ? 'Remark' : undefined}
      aria-label={withLabel ? undefined : `Remark: ${APPRAISAL_PARTICULARS[index]}`}
      maxLength={APPRAISAL_REMARK_MAX}
      value={row.remark}
      onChange={(event) => onChange(index, { ...row, remark: event.currentTarget.value })}
    />
  );
}

/** 'Not scored' beside a row a Save found without a score. */
function NotScored({ id }: { id?: string }) {
  return (
    <Text id={id} size="xs" fw={700} c="red.8" style={{ flex: 'none' }}>
      {APPRAISAL_MESSAGES.notScored}
    </Text>
  );
}

type GridRowProps = RowProps & { formId: string; missing: boolean };

/** A phone's card for one particular: its name and band, the score, the remark. Memoised. */
const RowCard = memo(function RowCard({ formId, index, row, onChange, missing }: GridRowProps) {
  const scoreLabelId = useId();
  return (
    <Card
      id={rowElementId(formId, index)}
      withBorder
      radius="md"
      padding="sm"
      style={{ scrollMarginTop: 80, scrollMarginBottom: 96 }}
    >
      <Stack gap="xs" role="group" aria-label={APPRAISAL_PARTICULARS[index]}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            {index + 1}. {APPRAISAL_PARTICULARS[index]}
          </Text>
          {missing ? <NotScored /> : <EvaluationBadge evaluation={liveEvaluation(row.score)} />}
        </Group>
        <Stack gap={4}>
          <Input.Label id={scoreLabelId} size="md">
            Score
          </Input.Label>
          <ScoreInput
            index={index}
            row={row}
            onChange={onChange}
            missing={missing}
            labelledBy={scoreLabelId}
          />
        </Stack>
        <RemarkInput index={index} row={row} onChange={onChange} withLabel />
      </Stack>
    </Card>
  );
});

/** A desktop table row: #, the particular with its band under it, the score, the remark. Memoised. */
const RowLine = memo(function RowLine({ formId, index, row, onChange, missing }: GridRowProps) {
  const evaluation = liveEvaluation(row.score);
  return (
    <Table.Tr id={rowElementId(formId, index)} style={{ scrollMarginTop: 80, scrollMarginBottom: 96 }}>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Text size="sm">{APPRAISAL_PARTICULARS[index]}</Text>
          <Box aria-live="polite">
            {/* Nothing until scored: a dash under every particular is only noise here. */}
            {missing ? <NotScored /> : evaluation ? <EvaluationBadge evaluation={evaluation} /> : null}
          </Box>
        </Stack>
      </Table.Td>
      <Table.Td>
        <ScoreInput index={index} row={row} onChange={onChange} missing={missing} />
      </Table.Td>
      <Table.Td>
        <RemarkInput index={index} row={row} onChange={onChange} withLabel={false} />
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * The 8 rows as a table (#, Particular and its evaluation, Score, Remark), each score one tap on
 * a 1-9 control; on phones one card per row.
 */
function AppraisalGrid({
  formId,
  rows,
  markUnscored,
  onRowChange,
}: {
  formId: string;
  rows: RowDraft[];
  markUnscored: boolean;
  onRowChange: (index: number, row: RowDraft) => void;
}) {
  const isCards = useCardLayout();
  if (isCards) {
    return (
      <Stack gap="sm">
        {rows.map((row, index) => (
          <RowCard
            key={APPRAISAL_PARTICULARS[index]}
            formId={formId}
            index={index}
            row={row}
            onChange={onRowChange}
            missing={markUnscored && row.score === null}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Table withTableBorder verticalSpacing="xs" aria-label="Appraisal scores" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th>Particular</Table.Th>
          <Table.Th w={{ base: 300, lg: 340 }}>
            Score ({APPRAISAL_SCORE_MIN}-{APPRAISAL_FORM_MAX})
          </Table.Th>
          <Table.Th w="30%">Remark</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <RowLine
            key={APPRAISAL_PARTICULARS[index]}
            formId={formId}
            index={index}
            row={row}
            onChange={onRowChange}
            missing={markUnscored && row.score === null}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The Quarterly Appraisal Form's entry (faculty; spec 03 sections 2, 5, 9): the From Date, the
 * derived To Date (+90 days), the score reference and the 8-row grid whose evaluation follows
 * each score as it is typed. Save checks with the shared `appraisalError` (the spec's messages in
 * its order), sends, says 'Records have been successfully saved!' and clears the grid.
 */
export function AppraisalForm({
  studentId,
  onSaved,
}: {
  studentId: string | null;
  /** After a save: the page drops the linked entry (`?entry=`). */
  onSaved?: () => void;
}) {
  const formId = useId();
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [rows, setRows] = useState<RowDraft[]>(emptyRows);
  const [markUnscored, setMarkUnscored] = useState(false);
  const save = useSaveAppraisal();
  // Stable, so a tap re-renders its own row only.
  const onRowChange = useCallback(
    (index: number, row: RowDraft) =>
      setRows((current) => current.map((old, i) => (i === index ? row : old))),
    [],
  );
  const scoredCount = rows.filter((row) => row.score !== null).length;
  // Set at once, not on the next render as `isPending` is: two quick presses send once.
  const inFlight = useRef(false);

  const toDate = fromDate && isCalendarDate(fromDate) ? addDays(fromDate, APPRAISAL_PERIOD_DAYS) : null;

  const submit = () => {
    if (inFlight.current) return;
    const scored = rows.map((row) => ({
      score: row.score,
      remark: row.remark.trim() === '' ? null : row.remark.trim(),
    }));
    const message = appraisalError({ studentId, fromDate, rows: scored });
    if (message) {
      const first = rows.findIndex((row) => row.score === null);
      if (studentId && fromDate && first >= 0) {
        // Every row left unscored is marked; the first is brought into view.
        setMarkUnscored(true);
        window.setTimeout(
          () =>
            document
              .getElementById(rowElementId(formId, first))
              ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }),
          0,
        );
      }
      void showError(message, VALIDATION_TITLE);
      return;
    }
    if (!studentId || !fromDate) return;
    if (fromDate > todayIso()) {
      void showError(APPRAISAL_MESSAGES.futureFrom, VALIDATION_TITLE);
      return;
    }
    inFlight.current = true;
    save.mutate(
      {
        studentId,
        fromDate,
        rows: scored.map((row) => ({ score: row.score as number, remark: row.remark })),
      },
      {
        onSuccess: () => {
          setRows(emptyRows());
          setFromDate(null);
          setMarkUnscored(false);
          onSaved?.();
          void showMessage({
            title: 'Success',
            message: APPRAISAL_MESSAGES.saved,
            tone: 'success',
            autoCloseMs: SUCCESS_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => void showError(failureMessage(error)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <Section title="Appraise">
      <form
        aria-label="Quarterly appraisal"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <PeriodFields fromDate={fromDate} toDate={toDate} onFromDateChange={setFromDate} />
          <ScoreReference />
          <AppraisalGrid formId={formId} rows={rows} markUnscored={markUnscored} onRowChange={onRowChange} />
          <StickyActions>
            <Text size="sm" c="dimmed" aria-live="polite">
              {scoredCount} of {APPRAISAL_ROW_COUNT} scored
            </Text>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              Save
            </Button>
          </StickyActions>
        </Stack>
      </form>
    </Section>
  );
}
