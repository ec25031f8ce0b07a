import { Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
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
import type { FlagCountsScope } from '../api/get-flag-counts';
import { useWeeklyUpdates } from '../api/get-weekly-updates';
import { ResidentCardList, ResidentSummaryCard, StudentLink } from './resident-summary-card';

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
    <ResidentSummaryCard
      titleId="weekly-updates-title"
      icon={<IconCalendarX size={18} color="var(--mantine-color-red-8)" aria-hidden />}
      title={WEEKLY_UPDATE_MESSAGES.title}
      intro={<>{WEEKLY_UPDATE_MESSAGES.intro} Choose a name to see that resident's entries.</>}
      loadingLabel="Loading the weeks without entries"
      isFetching={updates.isFetching}
      error={updates.isError ? updates.error : null}
    >
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
    </ResidentSummaryCard>
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
    <ResidentCardList labelledBy="weekly-updates-title">
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
    </ResidentCardList>
  );
}
