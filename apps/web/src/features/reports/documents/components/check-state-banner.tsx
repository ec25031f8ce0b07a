import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { BONAFIDE_CHECK_MESSAGES } from '@pgel/shared/reports/bonafide';
import { CHECK_MESSAGES } from '@pgel/shared/reports/documents';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';

const STATES = {
  genuine: {
    color: 'green',
    word: CHECK_MESSAGES.genuine,
    text: CHECK_MESSAGES.genuineText,
    Icon: IconShieldCheck,
  },
  changed: {
    color: 'red',
    word: CHECK_MESSAGES.changed,
    text: CHECK_MESSAGES.changedText,
    Icon: IconAlertTriangle,
  },
  // A Bonafide Certificate the college withdrew (issue 28).
  revoked: {
    color: 'red',
    word: BONAFIDE_CHECK_MESSAGES.revoked,
    text: BONAFIDE_CHECK_MESSAGES.revokedText,
    Icon: IconAlertTriangle,
  },
} as const;

export type CheckState = keyof typeof STATES;

/**
 * The large green (genuine) or red (changed since issue, revoked) verdict at the top of the
 * check; `text` replaces the state's own sentence (a genuine certificate is not a logbook).
 */
export function CheckStateBanner({ state, text: ownText }: { state: CheckState; text?: string }) {
  const { color, word, text: stateText, Icon } = STATES[state];
  const text = ownText ?? stateText;
  return (
    <Paper
      role="status"
      data-state={state}
      radius="lg"
      p={{ base: 'md', xs: 'lg' }}
      bg={`${color}.0`}
      style={{ border: `2px solid var(--mantine-color-${color}-8)` }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon color={`${color}.8`} size={52} radius="xl" aria-hidden>
          <Icon size={32} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fz={{ base: 26, xs: 32 }} fw={800} lh={1.15} c={`${color}.9`} tt="uppercase">
            {word}
          </Text>
          <Text c="dark.8">{text}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}
