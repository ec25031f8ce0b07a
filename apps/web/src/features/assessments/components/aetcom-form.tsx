import { Accordion, Badge, Box, Button, Flex, Group, Stack, Text } from '@mantine/core';
import {
  AETCOM_GROUPS,
  AETCOM_MESSAGES,
  AETCOM_PERIOD_YEARS,
  AETCOM_SCORE_MAX,
  AETCOM_SCORE_MIN,
  AETCOM_SKILL_COUNT,
  aetcomError,
  aetcomSkillKey,
  averageOf,
} from '@pgel/shared/academic/aetcom';
import { addYears } from '@pgel/shared/academic/common';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { isCalendarDate, todayIso } from '@pgel/shared/schemas/dates';
import { IconCircleCheckFilled, IconDeviceFloppy } from '@tabler/icons-react';
import { memo, useCallback, useId, useRef, useState } from 'react';
import { showError, showMessage } from '../../../components/dialogs';
import { ScoreSegments } from '../../../components/score-segments';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { useSaveAetcom } from '../api/save-aetcom';
import { PeriodFields, Section, StickyActions } from './assessment-frame';

/** Scores as tapped, by skill key (missing until tapped). */
type Scores = Readonly<Record<string, number>>;
type AetcomGroup = (typeof AETCOM_GROUPS)[number];

const SUCCESS_AUTO_CLOSE_MS = 1500;

const keysOf = (group: AetcomGroup) => group.skills.map((_, index) => aetcomSkillKey(group.key, index));
const scoredIn = (group: AetcomGroup, scores: Scores) =>
  keysOf(group).flatMap((key) => (scores[key] === undefined ? [] : [scores[key] as number]));
const isComplete = (group: AetcomGroup, scores: Scores) =>
  scoredIn(group, scores).length === group.skills.length;
/** The skill's row on the page, to scroll to when it was left unscored. */
const skillRowId = (formId: string, key: string) => `${formId}-${key.replace('.', '-')}`;
const groupItemId = (formId: string, groupKey: string) => `${formId}-group-${groupKey}`;
/** The accordion's open and close, short: a tap's result is seen at once. */
const TRANSITION_MS = 150;

type SkillRowProps = {
  formId: string;
  group: AetcomGroup;
  index: number;
  value: number | null;
  missing: boolean;
  onScore: (key: string, value: number) => void;
};

/** One skill: its name (and 'Not scored' when a Save found it so) over a one-tap 1-10 control. */
const SkillRow = memo(function SkillRow({ formId, group, index, value, missing, onScore }: SkillRowProps) {
  const key = aetcomSkillKey(group.key, index);
  const skill = group.skills[index] as string;
  const labelId = useId();
  const missingId = useId();
  return (
    <Flex
      id={skillRowId(formId, key)}
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      gap={{ base: 4, sm: 'md' }}
      style={{ scrollMarginTop: 80, scrollMarginBottom: 96 }}
    >
      <Group gap={6} wrap="nowrap" align="baseline" style={{ flex: 1, minWidth: 0 }}>
        <Text id={labelId} size="sm" style={{ flex: 1, minWidth: 0 }}>
          {skill}
        </Text>
        {missing ? (
          <Text id={missingId} size="xs" fw={700} c="red.8" style={{ flex: 'none' }}>
            {AETCOM_MESSAGES.notScored}
          </Text>
        ) : null}
      </Group>
      <ScoreSegments
        aria-label={`${group.title}: ${skill}`}
        aria-describedby={missing ? missingId : undefined}
        min={AETCOM_SCORE_MIN}
        max={AETCOM_SCORE_MAX}
        value={value}
        missing={missing}
        onChange={(next) => onScore(key, next)}
        w={{ base: '100%', sm: 420 }}
      />
    </Flex>
  );
});

type GroupItemProps = {
  formId: string;
  group: AetcomGroup;
  scores: Scores;
  markUnscored: boolean;
  onScore: (key: string, value: number) => void;
};

/**
 * One skill group as an accordion item: its header says how far it is (scored count, average,
 * a tick once complete, the unscored count in red after a refused Save); its panel the skills.
 */
const GroupItem = memo(
  function GroupItem({ formId, group, scores, markUnscored, onScore }: GroupItemProps) {
    const scored = scoredIn(group, scores);
    const average = averageOf(scored);
    const complete = scored.length === group.skills.length;
    const unscored = group.skills.length - scored.length;
    return (
      <Accordion.Item
        value={group.key}
        id={groupItemId(formId, group.key)}
        style={{ scrollMarginTop: 72, scrollMarginBottom: 96 }}
      >
        <Accordion.Control>
          <Group justify="space-between" gap={6} wrap="wrap" pr={4} style={{ rowGap: 0 }}>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {complete ? (
                <IconCircleCheckFilled
                  size={18}
                  color="var(--mantine-color-teal-7)"
                  aria-hidden
                  style={{ flex: 'none' }}
                />
              ) : null}
              <Text fw={600} size="sm">
                {group.title}
              </Text>
            </Group>
            <Group gap={8} wrap="nowrap" style={{ flex: 'none', marginInlineStart: 'auto' }}>
              {markUnscored && unscored > 0 ? (
                <Text size="xs" fw={700} c="red.8">
                  {unscored} not scored
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  {scored.length}/{group.skills.length}
                </Text>
              )}
              <Text size="sm" fw={600} miw={56} ta="right" data-testid={`aetcom-average-${group.key}`}>
                {average === null ? '–' : `Avg ${average.toFixed(2)}`}
              </Text>
            </Group>
          </Group>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm" role="group" aria-label={group.title}>
            {group.skills.map((skill, index) => {
              const key = aetcomSkillKey(group.key, index);
              const value = scores[key] ?? null;
              return (
                <SkillRow
                  key={skill}
                  formId={formId}
                  group={group}
                  index={index}
                  value={value}
                  missing={markUnscored && value === null}
                  onScore={onScore}
                />
              );
            })}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    );
  },
  // Only this group's scores matter to it.
  (before, after) =>
    before.group === after.group &&
    before.onScore === after.onScore &&
    before.markUnscored === after.markUnscored &&
    keysOf(before.group).every((key) => before.scores[key] === after.scores[key]),
);

/** Calls `then` with the element once the page has been drawn again and it is there (30 tries). */
function whenDrawn(find: () => HTMLElement | null, then: (element: HTMLElement) => void, tries = 30) {
  window.setTimeout(() => {
    const element = find();
    if (element) then(element);
    else if (tries > 1) whenDrawn(find, then, tries - 1);
  }, 16);
}

/** The first group with a skill left, from `after` on (wrapping), or null when all are scored. */
function nextIncomplete(scores: Scores, after: number): AetcomGroup | null {
  for (let step = 1; step <= AETCOM_GROUPS.length; step += 1) {
    const group = AETCOM_GROUPS[(after + step) % AETCOM_GROUPS.length] as AetcomGroup;
    if (!isComplete(group, scores)) return group;
  }
  return null;
}

/**
 * The AETCOM entry (faculty; spec 03 sections 2, 5, 9; issue 28): the From Date (the server's
 * suggestion for the next year, editable), the derived To Date (+1 year), the year the record
 * gets, and the 11 skill groups as an accordion with a one-tap 1-10 score per skill. A group
 * closes once all its skills are scored and the next open one opens, so the page stays short;
 * each group's average and the year's follow every tap. Save checks with the shared
 * `aetcomError`; left-out skills are marked, their groups opened, and the first is scrolled to.
 */
export function AetcomForm({
  studentId,
  nextYear,
  suggestedFromDate = null,
  onSaved,
}: {
  studentId: string | null;
  nextYear: number | null;
  /** Where the next year starts, as the server suggests it (AetcomList.nextFromDate). */
  suggestedFromDate?: string | null;
  /** After a save: the page drops the linked entry (`?entry=`). */
  onSaved?: () => void;
}) {
  const formId = useId();
  const [fromDate, setFromDate] = useState<string | null>(suggestedFromDate);
  // The suggestion arrives with the student's list, after the form is drawn, and a new one after
  // each save: it is taken while the field is empty or still shows the previous suggestion.
  const [suggestion, setSuggestion] = useState(suggestedFromDate);
  if (suggestedFromDate !== suggestion) {
    setSuggestion(suggestedFromDate);
    if (suggestedFromDate !== null && (fromDate === null || fromDate === suggestion)) {
      setFromDate(suggestedFromDate);
    }
  }
  const [scores, setScores] = useState<Scores>({});
  // The scores as of the last tap, so two taps before a render both count.
  const latest = useRef<Scores>(scores);
  const [open, setOpen] = useState<string[]>([AETCOM_GROUPS[0].key]);
  const [markUnscored, setMarkUnscored] = useState(false);
  const save = useSaveAetcom();
  const inFlight = useRef(false);

  // Stable, so a tap re-renders its own group only (41 controls would lag on a phone).
  const setScore = useCallback(
    (key: string, value: number) => {
      const current = latest.current;
      const next = { ...current, [key]: value };
      latest.current = next;
      setScores(next);
      const index = AETCOM_GROUPS.findIndex((group) => key.startsWith(`${group.key}.`));
      const group = AETCOM_GROUPS[index];
      if (!group || isComplete(group, current) || !isComplete(group, next)) return;
      // The tap that completes a group closes it; when none is left open, the next one opens
      // and is brought into view once the accordion has moved.
      setOpen((opened) => {
        const rest = opened.filter((open) => open !== group.key);
        if (rest.length > 0) return rest;
        const following = nextIncomplete(next, index);
        return following ? [following.key] : [];
      });
      const following = nextIncomplete(next, index);
      if (following) {
        window.setTimeout(
          () =>
            document
              .getElementById(groupItemId(formId, following.key))
              ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }),
          TRANSITION_MS + 20,
        );
      }
    },
    [formId],
  );

  const toDate = fromDate && isCalendarDate(fromDate) ? addYears(fromDate, AETCOM_PERIOD_YEARS) : null;
  const allScored = Object.values(scores);
  const yearAverage = averageOf(allScored);

  /** Opens every group with a skill left, marks those skills and scrolls to the first. */
  const showUnscored = () => {
    setMarkUnscored(true);
    const incomplete = AETCOM_GROUPS.filter((group) => !isComplete(group, scores));
    setOpen(incomplete.map((group) => group.key));
    const first = incomplete[0];
    const firstKey = first ? keysOf(first).find((key) => scores[key] === undefined) : undefined;
    const element = () => (firstKey ? document.getElementById(skillRowId(formId, firstKey)) : null);
    // Its group may still be opening: wait for the row to be drawn.
    whenDrawn(element, (row) => row.scrollIntoView?.({ block: 'center', behavior: 'smooth' }));
    return () =>
      element()?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus({ preventScroll: true });
  };

  const submit = () => {
    if (inFlight.current) return;
    const message = aetcomError({ studentId, fromDate, scores });
    if (message) {
      if (message === AETCOM_MESSAGES.fillScores) {
        const focusFirst = showUnscored();
        const left = AETCOM_SKILL_COUNT - allScored.length;
        void showError(`${message} ${AETCOM_MESSAGES.unscoredCount(left)}`, VALIDATION_TITLE).then(
          focusFirst,
        );
        return;
      }
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
      { studentId, fromDate, scores },
      {
        onSuccess: (result) => {
          latest.current = {};
          setScores({});
          // The next year's suggestion comes with the refreshed list.
          setFromDate(null);
          setMarkUnscored(false);
          setOpen([AETCOM_GROUPS[0].key]);
          onSaved?.();
          void showMessage({
            title: 'Success',
            message: result.message || AETCOM_MESSAGES.saved,
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
          <Text size="sm" c="dimmed">
            Tap a score for each skill, {AETCOM_SCORE_MIN} (lowest) to {AETCOM_SCORE_MAX} (highest). A group
            closes once all its skills are scored; tap its name to change a score.
          </Text>
          <Accordion
            multiple
            value={open}
            onChange={setOpen}
            variant="separated"
            radius="md"
            chevronPosition="left"
            transitionDuration={TRANSITION_MS}
            // A closed group's 50 segments leave the page: a phone draws only the open ones.
            keepMounted={false}
            styles={{ content: { paddingInline: 'var(--mantine-spacing-sm)' } }}
          >
            {AETCOM_GROUPS.map((group) => (
              <GroupItem
                key={group.key}
                formId={formId}
                group={group}
                scores={scores}
                markUnscored={markUnscored}
                onScore={setScore}
              />
            ))}
          </Accordion>
          <StickyActions>
            <Box aria-live="polite" style={{ minWidth: 0 }}>
              <Text size="sm" fw={700} data-testid="aetcom-year-average">
                Year average: {yearAverage === null ? '–' : yearAverage.toFixed(2)}
              </Text>
              <Text size="xs" c="dimmed">
                {allScored.length} of {AETCOM_SKILL_COUNT} scored
              </Text>
            </Box>
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
