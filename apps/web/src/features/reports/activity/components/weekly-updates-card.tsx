import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  WEEKLY_UPDATE_MESSAGES,
  type WeeklyUpdates,
  weekEnd,
  weekLabel,
} from '@pgel/shared/reminders/weekly-updates';
import { reportDate } from '@pgel/shared/reports/activity';
import { IconCalendarX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCardLayout } from '../../../../components/use-card-layout';
import { errorMessage } from '../../../../lib/api-client';
import type { FlagCountsScope } from '../api/get-flag-counts';
import { useWeeklyUpdates } from '../api/get-weekly-updates';

type Row = WeeklyUpdates['items'][number];

/** A week in a badge: "30 Nov – 6 Dec"; the full dates read out (and on hover). */
function WeekBadge({ monday }: { monday: string }) {
  const short = `${dayjs(monday).format('D MMM')} – ${dayjs(weekEnd(monday)).format('D MMM')}`;
  return (
    <Badge
      size="sm"
      variant="light"
      color="gray"
      c="dark.6"
      title={weekLabel(monday)}
      styles={{ root: { textTransform: 'none', flex: 'none' } }}
    >
      <span aria-hidden>{short}</span>
      <VisuallyHidden>{weekLabel(monday)}</VisuallyHidden>
    </Badge>
  );
}

function WeekBadges({ row }: { row: Row }) {
  return (
    <Group gap={4} wrap="wrap">
      {row.missedWeeks.map((monday) => (
        <WeekBadge key={monday} monday={monday} />
      ))}
    </Group>
  );
}

function lastEntry(row: Row): string {
  return row.lastEntryAt ? reportDate(dayjs(row.lastEntryAt).format('YYYY-MM-DD')) : 'Never';
}

function StudentLink({ row, onPick }: { row: Row; onPick: (id: string) => void }) {
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

const missedText = (row: Row) => `${row.missedWeeks.length} of ${row.weeksCounted}`;

/**
 * The HOD's weekly update on /reports (issue 30): each resident who saved no entry in a week of the
 * last eight (from their start), which weeks, and when they last wrote. A name shows that
 * resident's rows in the report above.
 */
export function WeeklyUpdatesCard({
  scope,
  onPickStudent,
}: {
  scope: FlagCountsScope;
  onPickStudent: (studentId: string) => void;
}) {
  const updates = useWeeklyUpdates(scope, true);
  const isPhone = useCardLayout();
  const rows = updates.data?.items ?? [];
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="weekly-updates-title">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap={6}>
            <IconCalendarX size={18} color="var(--mantine-color-red-8)" aria-hidden />
            <Title order={2} size="h4" id="weekly-updates-title">
              {WEEKLY_UPDATE_MESSAGES.title}
            </Title>
          </Group>
          {updates.isFetching ? <Loader size="xs" aria-label="Loading the weeks without entries" /> : null}
        </Group>
        <Text size="xs" c="dark.4">
          {WEEKLY_UPDATE_MESSAGES.intro} Choose a name to see that resident's entries.
        </Text>
        {updates.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(updates.error)}
          </Alert>
        ) : null}
        {updates.data ? (
          <Text size="sm" fw={500}>
            {updates.data.residents === 0
              ? 'No resident of this department writes the logbook yet.'
              : `${rows.length} of ${updates.data.residents} residents missed a week.`}
          </Text>
        ) : null}
        {updates.isSuccess && rows.length === 0 && updates.data.residents > 0 ? (
          <Text c="dimmed">{WEEKLY_UPDATE_MESSAGES.none}</Text>
        ) : null}
        {rows.length > 0 && isPhone ? <ResidentCards rows={rows} onPickStudent={onPickStudent} /> : null}
        {rows.length > 0 && !isPhone ? <ResidentTable rows={rows} onPickStudent={onPickStudent} /> : null}
      </Stack>
    </Card>
  );
}

function ResidentTable({
  rows,
  onPickStudent,
}: {
  rows: readonly Row[];
  onPickStudent: (id: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} striped aria-labelledby="weekly-updates-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Student Name</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              Weeks missed
            </Table.Th>
            <Table.Th>Weeks without entries</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Last entry</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.studentId}>
              <Table.Td>
                <StudentLink row={row} onPick={onPickStudent} />
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {missedText(row)}
              </Table.Td>
              <Table.Td>
                <WeekBadges row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastEntry(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per resident, the weeks as badges under the name. */
function ResidentCards({
  rows,
  onPickStudent,
}: {
  rows: readonly Row[];
  onPickStudent: (id: string) => void;
}) {
  return (
    <Stack
      component="ul"
      gap="xs"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-labelledby="weekly-updates-title"
    >
      {rows.map((row) => (
        <li key={row.studentId}>
          <Card withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <StudentLink row={row} onPick={onPickStudent} />
              <Text size="sm" fw={700} style={{ flex: 'none' }}>
                {missedText(row)} weeks
              </Text>
            </Group>
            <Stack gap={6} mt={6}>
              <WeekBadges row={row} />
              <Text size="xs" c="dark.4">
                Last entry: {lastEntry(row)}
              </Text>
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
