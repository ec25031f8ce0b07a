import { Badge, Button, Fieldset, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import {
  AETCOM_GROUPS,
  AETCOM_MESSAGES,
  AETCOM_PERIOD_YEARS,
  AETCOM_SCORE_MAX,
  AETCOM_SCORE_MIN,
  aetcomError,
  aetcomSkillKey,
} from '@pgel/shared/academic/aetcom';
import { addYears } from '@pgel/shared/academic/common';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { isCalendarDate, todayIso } from '@pgel/shared/schemas/dates';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { memo, useCallback, useRef, useState } from 'react';
import { showError, showMessage } from '../../../components/dialogs';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { useSaveAetcom } from '../api/save-aetcom';
import { PeriodFields, Section } from './assessment-frame';

/** Scores as typed, by skill key ('' or missing when empty). */
type ScoreDrafts = Record<string, number | ''>;

type GroupFieldsProps = {
  group: (typeof AETCOM_GROUPS)[number];
  scores: ScoreDrafts;
  onScore: (key: string, value: number | '') => void;
};

/** One skill group: a fieldset with a 1-10 score per skill. */
const GroupFields = memo(
  function GroupFields({ group, scores, onScore }: GroupFieldsProps) {
    return (
      <Fieldset legend={group.title} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {group.skills.map((skill, index) => {
            const key = aetcomSkillKey(group.key, index);
            return (
              <NumberInput
                key={key}
                label={skill}
                aria-label={`${group.title}: ${skill}`}
                min={AETCOM_SCORE_MIN}
                max={AETCOM_SCORE_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                inputMode="numeric"
                placeholder={`${AETCOM_SCORE_MIN}-${AETCOM_SCORE_MAX}`}
                value={scores[key] ?? ''}
                onChange={(value) => onScore(key, typeof value === 'number' ? value : '')}
              />
            );
          })}
        </SimpleGrid>
      </Fieldset>
    );
  },
  // Only this group's scores matter to it.
  (before, after) =>
    before.group === after.group &&
    before.onScore === after.onScore &&
    before.group.skills.every((_, index) => {
      const key = aetcomSkillKey(before.group.key, index);
      return before.scores[key] === after.scores[key];
    }),
);

/**
 * The AETCOM entry (faculty; spec 03 sections 2, 5, 9): the From Date, the derived To Date (+1
 * year), the year the record gets, and the 11 skill groups with a 1-10 score per skill. Save
 * checks with the shared `aetcomError` ('Select a Student First!', 'Select a From Date First!',
 * 'Please fill in all scores!'), sends, shows the server's message and clears the form.
 */
export function AetcomForm({
  studentId,
  nextYear,
  onSaved,
}: {
  studentId: string | null;
  nextYear: number | null;
  /** After a save: the page drops the linked entry (`?entry=`). */
  onSaved?: () => void;
}) {
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [scores, setScores] = useState<ScoreDrafts>({});
  const save = useSaveAetcom();
  const inFlight = useRef(false);

  // Stable, so a typed score re-renders its own group only (41 inputs would lag on a phone).
  const setScore = useCallback(
    (key: string, value: number | '') => setScores((current) => ({ ...current, [key]: value })),
    [],
  );

  const toDate = fromDate && isCalendarDate(fromDate) ? addYears(fromDate, AETCOM_PERIOD_YEARS) : null;

  const submit = () => {
    if (inFlight.current) return;
    const typed: Record<string, number | null> = {};
    for (const [key, value] of Object.entries(scores)) typed[key] = value === '' ? null : value;
    const message = aetcomError({ studentId, fromDate, scores: typed });
    if (message) {
      void showError(message, VALIDATION_TITLE);
      return;
    }
    if (!studentId || !fromDate) return;
    if (fromDate > todayIso()) {
      void showError(AETCOM_MESSAGES.futureFrom, VALIDATION_TITLE);
      return;
    }
    inFlight.current = true;
    save.mutate(
      { studentId, fromDate, scores: typed as Record<string, number> },
      {
        onSuccess: (result) => {
          setScores({});
          setFromDate(null);
          onSaved?.();
          void showMessage({
            title: 'Success',
            message: result.message || AETCOM_MESSAGES.saved,
            tone: 'success',
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
    <Section
      title="Aetcom Skills"
      aside={
        nextYear !== null ? (
          <Badge variant="light" size="lg" tt="none">
            Year {nextYear}
          </Badge>
        ) : null
      }
    >
      <form
        aria-label="Aetcom scores"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <PeriodFields fromDate={fromDate} toDate={toDate} onFromDateChange={setFromDate} />
          {AETCOM_GROUPS.map((group) => (
            <GroupFields key={group.key} group={group} scores={scores} onScore={setScore} />
          ))}
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
