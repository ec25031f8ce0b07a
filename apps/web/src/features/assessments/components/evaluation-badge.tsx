import { Badge, Text } from '@mantine/core';
import type { Evaluation } from '@pgel/shared/academic/appraisal';

/** Not Satisfactory red, Satisfactory amber, More Than Satisfactory green; dark text keeps 4.5:1. */
const darker = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)`;
const COLORS: Record<Evaluation, { color: string; text: string }> = {
  'Not Satisfactory': { color: 'red', text: darker('red') },
  Satisfactory: { color: 'yellow', text: darker('yellow') },
  'More Than Satisfactory': { color: 'green', text: darker('green') },
};

export function EvaluationBadge({ evaluation }: { evaluation: Evaluation | null }) {
  if (!evaluation) {
    return (
      <Text size="sm" c="dimmed" aria-label="No evaluation yet">
        —
      </Text>
    );
  }
  return (
    <Badge
      color={COLORS[evaluation].color}
      c={COLORS[evaluation].text}
      variant="light"
      tt="none"
      styles={{ root: { flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {evaluation}
    </Badge>
  );
}
