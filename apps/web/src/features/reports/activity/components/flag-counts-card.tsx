import { Badge, Card, Group, Table, Text } from '@mantine/core';
import {
  FLAG_MESSAGES,
  type FlagCounts,
  RECORD_FLAG_CODES,
  RECORD_FLAG_LABELS,
} from '@pgel/shared/records/flags';
import { IconFlag } from '@tabler/icons-react';
import { useCardLayout } from '../../../../components/use-card-layout';
import { type FlagCountsScope, useFlagCounts } from '../api/get-flag-counts';
import { ResidentCardList, ResidentSummaryCard, StudentLink } from './resident-summary-card';

type Row = FlagCounts['items'][number];

/**
 * The HOD's summary on /reports (issue 27): for each student of the department with flagged
 * entries, how many carry each flag. A name shows that student's rows in the report below.
 */
export function FlagCountsCard({
  scope,
  onPickStudent,
}: {
  scope: FlagCountsScope;
  onPickStudent: (studentId: string) => void;
}) {
  const counts = useFlagCounts(scope, true);
  const isPhone = useCardLayout();
  const rows = counts.data ?? [];
  return (
    <ResidentSummaryCard
      titleId="flag-counts-title"
      icon={<IconFlag size={18} color="var(--mantine-color-orange-8)" aria-hidden />}
      title={FLAG_MESSAGES.title}
      intro={"Flagged for a second look, never refused. Choose a name to see that student's entries."}
      loadingLabel="Loading the flagged entries"
      isFetching={counts.isFetching}
      error={counts.isError ? counts.error : null}
    >
      {counts.isSuccess && rows.length === 0 ? <Text c="dimmed">{FLAG_MESSAGES.none}</Text> : null}
      {rows.length > 0 && isPhone ? <CountCards rows={rows} onPickStudent={onPickStudent} /> : null}
      {rows.length > 0 && !isPhone ? <CountTable rows={rows} onPickStudent={onPickStudent} /> : null}
    </ResidentSummaryCard>
  );
}

function CountTable({ rows, onPickStudent }: { rows: readonly Row[]; onPickStudent: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} striped aria-labelledby="flag-counts-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Student Name</Table.Th>
            {RECORD_FLAG_CODES.map((code) => (
              <Table.Th key={code} ta="right">
                {RECORD_FLAG_LABELS[code]}
              </Table.Th>
            ))}
            <Table.Th ta="right">Flagged entries</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.studentId}>
              <Table.Td>
                <StudentLink row={row} onPick={onPickStudent} />
              </Table.Td>
              {RECORD_FLAG_CODES.map((code) => (
                <Table.Td key={code} ta="right" c={row.counts[code] === 0 ? 'dark.3' : undefined}>
                  {row.counts[code]}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700}>
                {row.total}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per student, the flags it has as counted badges. */
function CountCards({ rows, onPickStudent }: { rows: readonly Row[]; onPickStudent: (id: string) => void }) {
  return (
    <ResidentCardList labelledBy="flag-counts-title">
      {rows.map((row) => (
        <li key={row.studentId}>
          <Card withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <StudentLink row={row} onPick={onPickStudent} />
              <Text size="sm" fw={700} style={{ flex: 'none' }}>
                {row.total} flagged
              </Text>
            </Group>
            <Group gap={4} mt={6}>
              {RECORD_FLAG_CODES.filter((code) => row.counts[code] > 0).map((code) => (
                <Badge
                  key={code}
                  size="sm"
                  variant="light"
                  color="orange"
                  c="orange.9"
                  styles={{ root: { textTransform: 'none' } }}
                >
                  {RECORD_FLAG_LABELS[code]}: {row.counts[code]}
                </Badge>
              ))}
            </Group>
          </Card>
        </li>
      ))}
    </ResidentCardList>
  );
}
