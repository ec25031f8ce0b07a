import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NoAccessPanel as SharedNoAccessPanel } from '../../../components/no-access-panel';

type ReferencePageProps = {
  title: string;
  /** Label of the header's add button; no button when absent (the user may not add). */
  addLabel?: string;
  onAdd?: () => void;
  /** Controls under the title, outside the card (a view toggle and filters, as on /referral). */
  controls?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of a reference page: its title, a visible add button (the floating one is easy to
 * miss, and phones hide it behind nothing else) and the table in a card.
 */
export function ReferencePage({ title, addLabel, onAdd, controls, children }: ReferencePageProps) {
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
      {controls}
      <Card withBorder radius="lg" padding="md">
        {children}
      </Card>
    </Stack>
  );
}

/** The reference pages' no-access panel: they are the Master's, except institutions. */
export function NoAccessPanel({
  title,
  message = 'This page is for the Master administrator.',
}: {
  title: string;
  message?: string;
}) {
  return <SharedNoAccessPanel title={title} message={message} />;
}
