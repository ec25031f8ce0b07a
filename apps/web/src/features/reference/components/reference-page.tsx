import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../lib/paths';

type ReferencePageProps = {
  title: string;
  /** Label of the header's add button; no button when absent (the user may not add). */
  addLabel?: string;
  onAdd?: () => void;
  children: ReactNode;
};

/**
 * The frame of a reference page: its title, a visible add button (the floating one is easy to
 * miss, and phones hide it behind nothing else) and the table in a card.
 */
export function ReferencePage({ title, addLabel, onAdd, children }: ReferencePageProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {addLabel && onAdd ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        ) : null}
      </Group>
      <Card withBorder radius="lg" padding="md">
        {children}
      </Card>
    </Stack>
  );
}

/** Shown instead of a page the signed-in user's role may not use (the server refuses it too). */
export function NoAccessPanel({
  title,
  message = 'This page is for the Master administrator.',
}: {
  title: string;
  message?: string;
}) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Card withBorder radius="lg" padding="xl">
        <StatusPanel
          status="error"
          title="You do not have access to this page."
          message={message}
          actions={
            <Group justify="center">
              <Button component={Link} to={paths.dashboard} variant="light">
                Go to Dashboard
              </Button>
            </Group>
          }
        />
      </Card>
    </Stack>
  );
}
