import { Button, Card, Group, List, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  APPRAISAL_FORM_MAX,
  APPRAISAL_MESSAGES,
  APPRAISAL_PARTICULARS,
  APPRAISAL_PERIOD_DAYS,
  APPRAISAL_REMARK_MAX,
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
import { useRef, useState } from 'react';
import { showError, showMessage } from '../../../components/dialogs';
import { useCardLayout } from '../../../components/use-card-layout';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { useSaveAppraisal } from '../api/save-appraisal';
import { PeriodFields, Section } from './assessment-frame';
import { EvaluationBadge } from './evaluation-badge';

/** One row as typed: the score while typed ('' when empty) and the remark. */
type RowDraft = { score: number | ''; remark: string };

const emptyRows = (): RowDraft[] => APPRAISAL_PARTICULARS.map(() => ({ score: '', remark: '' }));

/** The band of a typed score, once it is a whole score the save would accept. */
function liveEvaluation(score: number | ''): Evaluation | null {
  return typeof score === 'number' && Number.isInteger(score) && score >= APPRAISAL_SCORE_MIN
    ? evaluationFor(score)
    : null;
}

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
  onChange: (row: RowDraft) => void;
};

function ScoreInput({ index, row, onChange, withLabel }: RowProps & { withLabel: boolean }) {
  const particular = APPRAISAL_PARTICULARS[index];
  return (
    <NumberInput
      label={withLabel ? 'Score' : undefined}
      aria-label={withLabel ? undefined : `Score: ${particular}`}
      min={APPRAISAL_SCORE_MIN}
      max={APPRAISAL_FORM_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      inputMode="numeric"
      placeholder={`${APPRAISAL_SCORE_MIN}-${APPRAISAL_FORM_MAX}`}
      w={withLabel ? '100%' : 96}
      value={row.score}
      onChange={(value) => onChange({ ...row, score: typeof value === 'number' ? value : '' })}
    />
  );
}

function RemarkInput({ index, row, onChange, withLabel }: RowProps & { withLabel: boolean }) {
  return (
    <TextInput
      label={withLabel ? 'Remark' : undefined}
      aria-label={withLabel ? undefined : `Remark: ${APPRAISAL_PARTICULARS[index]}`}
      maxLength={APPRAISAL_REMARK_MAX}
      miw={withLabel ? undefined : 180}
      value={row.remark}
      onChange={(event) => onChange({ ...row, remark: event.currentTarget.value })}
    />
  );
}

/** The 8 rows as a table (#, Particular, Score, Evaluation, Remark); on phones one card per row. */
function AppraisalGrid({
  rows,
  onRowChange,
}: {
  rows: RowDraft[];
  onRowChange: (index: number, row: RowDraft) => void;
}) {
  const isCards = useCardLayout();
  if (isCards) {
    return (
      <Stack gap="sm">
        {rows.map((row, index) => (
          <Card key={APPRAISAL_PARTICULARS[index]} withBorder radius="md" padding="sm">
            <Stack gap="xs" role="group" aria-label={APPRAISAL_PARTICULARS[index]}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>
                  {index + 1}. {APPRAISAL_PARTICULARS[index]}
                </Text>
                <EvaluationBadge evaluation={liveEvaluation(row.score)} />
              </Group>
              <ScoreInput index={index} row={row} onChange={(next) => onRowChange(index, next)} withLabel />
              <RemarkInput index={index} row={row} onChange={(next) => onRowChange(index, next)} withLabel />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table withTableBorder verticalSpacing="xs" aria-label="Appraisal scores">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Particular</Table.Th>
            <Table.Th w={110}>Score</Table.Th>
            <Table.Th w={200}>Evaluation</Table.Th>
            <Table.Th>Remark</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={APPRAISAL_PARTICULARS[index]}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{APPRAISAL_PARTICULARS[index]}</Table.Td>
              <Table.Td>
                <ScoreInput
                  index={index}
                  row={row}
                  onChange={(next) => onRowChange(index, next)}
                  withLabel={false}
                />
              </Table.Td>
              <Table.Td aria-live="polite">
                <EvaluationBadge evaluation={liveEvaluation(row.score)} />
              </Table.Td>
              <Table.Td>
                <RemarkInput
                  index={index}
                  row={row}
                  onChange={(next) => onRowChange(index, next)}
                  withLabel={false}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [rows, setRows] = useState<RowDraft[]>(emptyRows);
  const save = useSaveAppraisal();
  // Set at once, not on the next render as `isPending` is: two quick presses send once.
  const inFlight = useRef(false);

  const toDate = fromDate && isCalendarDate(fromDate) ? addDays(fromDate, APPRAISAL_PERIOD_DAYS) : null;

  const submit = () => {
    if (inFlight.current) return;
    const scored = rows.map((row) => ({
      score: row.score === '' ? null : row.score,
      remark: row.remark.trim() === '' ? null : row.remark.trim(),
    }));
    const message = appraisalError({ studentId, fromDate, rows: scored });
    if (message) {
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
          onSaved?.();
          void showMessage({ title: 'Success', message: APPRAISAL_MESSAGES.saved, tone: 'success' });
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
          <AppraisalGrid
            rows={rows}
            onRowChange={(index, row) =>
              setRows((current) => current.map((old, i) => (i === index ? row : old)))
            }
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
