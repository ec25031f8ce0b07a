import { Alert, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { CONFIRMATION_MESSAGES } from '@pgel/shared/schemas/staff-confirmation';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * What an account awaiting confirmation sees on every page but its profile (issue 27): whom it
 * waits for and what it may do meanwhile. The server refuses the rest, whatever the page asks.
 */
export function AwaitingConfirmationPanel({ user }: { user: SessionUser }) {
  return (
    <Stack gap="lg" maw={640}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light" color="yellow" aria-hidden>
          <IconHourglass size={26} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {CONFIRMATION_MESSAGES.pageTitle}
        </Title>
      </Group>
      <Alert color="yellow" variant="light">
        <Text size="sm">{user.waitsFor ?? CONFIRMATION_MESSAGES.awaiting}</Text>
      </Alert>
      <Text size="sm" c="dimmed">
        You will be told here and by e-mail once it is decided. Meanwhile you can keep your profile and your
        password up to date.
      </Text>
      <Group>
        <Button component={Link} to={paths.profile} variant="light">
          Open my profile
        </Button>
      </Group>
    </Stack>
  );
}
