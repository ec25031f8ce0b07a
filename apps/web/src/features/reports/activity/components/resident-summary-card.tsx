import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../lib/api-client';

/**
 * The frame of the HOD's per-resident cards on /reports (flagged entries, weeks without
 * entries): an icon and title, a loader while fetching, the intro, the error, then the rows.
 */
export function ResidentSummaryCard({
  titleId,
  icon,
  title,
  intro,
  loadingLabel,
  isFetching,
  error,
  children,
}: {
  titleId: string;
  icon: ReactNode;
  title: string;
  intro: ReactNode;
  loadingLabel: string;
  isFetching: boolean;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap={6}>
            {icon}
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
          </Group>
          {isFetching ? <Loader size="xs" aria-label={loadingLabel} /> : null}
        </Group>
        <Text size="xs" c="dark.4">
          {intro}
        </Text>
        {error ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

/** A resident's name that filters the report to their entries. */
export function StudentLink({
  row,
  onPick,
}: {
  row: { studentId: string; studentName: string };
  onPick: (id: string) => void;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      ta="left"
      onClick={() => onPick(row.studentId)}
    >
      {row.studentName}
    </Anchor>
  );
}

/** Phones: the rows as a list of cards, named by the card's title. */
export function ResidentCardList({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Stack
      component="ul"
      gap="xs"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-labelledby={labelledBy}
    >
      {children}
    </Stack>
  );
}
