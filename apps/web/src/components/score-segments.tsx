import { type MantineColor, SegmentedControl, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';

/** How long typed digits make one number ('1' then '0' is 10). */
const DIGIT_WINDOW_MS = 800;

/** What the control says about a typed number that is no score. */
export const outOfRangeText = (typed: string, min: number, max: number) =>
  `${typed} is not a score: choose ${min} to ${max}.`;

type ScoreSegmentsProps = {
  /** The lowest and highest score, each one segment. */
  min: number;
  max: number;
  /** The chosen score; null until one is tapped. */
  value: number | null;
  onChange: (value: number) => void;
  /** The control's name as read out (e.g. 'Attitudes: Punctuality and discipline'). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  /** Marked (red outline) after a Save that found it unscored. */
  missing?: boolean;
  /** The chosen segment's colour (e.g. the appraisal's band); the brand colour by default. */
  color?: MantineColor;
  /** Its width; fills its container by default. */
  w?: number | string | Record<string, number | string>;
};

/**
 * A one-tap score (issue 28, as the clinical-training rubric's 0-4): one segment per whole score
 * from `min` to `max`, nothing chosen until tapped. On a keyboard the arrows move and digits type
 * a score ('1' then '0' within a moment is 10); a typed number outside the range is never dropped
 * silently: the control says it is not a score and keeps the last one.
 */
export function ScoreSegments({
  min,
  max,
  value,
  onChange,
  missing = false,
  color,
  w = '100%',
  ...aria
}: ScoreSegmentsProps) {
  const noteId = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const typed = useRef({ text: '', at: 0 });
  const data = useMemo(() => Array.from({ length: max - min + 1 }, (_, i) => String(min + i)), [min, max]);
  // A value the control cannot show (from elsewhere) is said, never hidden.
  const shown = value !== null && Number.isInteger(value) && value >= min && value <= max;
  const outside = value !== null && !shown ? outOfRangeText(String(value), min, max) : null;
  const note = refused ?? outside;

  const choose = (next: number) => {
    setRefused(null);
    if (next !== value) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!/^\d$/.test(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const now = Date.now();
    const previous = typed.current;
    const joined =
      now - previous.at < DIGIT_WINDOW_MS && previous.text.length === 1
        ? previous.text + event.key
        : event.key;
    typed.current = { text: joined, at: now };
    const number = Number(joined);
    if (number >= min && number <= max) {
      choose(number);
      return;
    }
    // '1' may still become 10: only a number no further digit can mend is refused.
    setRefused(outOfRangeText(joined, min, max));
  };

  const describedBy = [aria['aria-describedby'], note ? noteId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={2} w={w}>
      <SegmentedControl
        aria-label={aria['aria-label']}
        aria-labelledby={aria['aria-labelledby']}
        aria-describedby={describedBy}
        aria-invalid={missing || note !== null ? true : undefined}
        data={data}
        // '' matches no segment: nothing is chosen until a score is tapped.
        value={shown ? String(value) : ''}
        onChange={(next) => choose(Number(next))}
        onKeyDown={onKeyDown}
        color={color ?? 'brand'}
        fullWidth
        size="md"
        radius="md"
        withItemsBorders={false}
        styles={{
          root: missing ? { outline: '2px solid var(--mantine-color-red-7)', outlineOffset: 1 } : undefined,
          control: { minWidth: 0 },
          label: { paddingInline: 0 },
        }}
      />
      {note ? (
        <Text id={noteId} size="xs" fw={600} c="red.8" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
