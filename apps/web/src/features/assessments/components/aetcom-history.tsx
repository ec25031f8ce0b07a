import { Accordion, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { AETCOM_GROUPS, type AetcomRecord, aetcomSkillKey } from '@pgel/shared/academic/aetcom';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { NO_DATA_TEXT } from '@pgel/shared/schemas/list';
import { formatDate } from '../../records/components/record-format';
import { useLinkedEntry } from './assessment-frame';

function period(record: Pick<AetcomRecord, 'fromDate' | 'toDate'>): string {
  return `${formatDate(record.fromDate)} - ${formatDate(record.toDate)}`;
}

/** The scores of one record, group by group. */
function RecordScores({ record }: { record: AetcomRecord }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Scored by {record.scoredBy.name} on {formatDate(record.scoredAt)}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {AETCOM_GROUPS.map((group) => (
          <Table
            key={group.key}
            withTableBorder
            verticalSpacing={4}
            aria-label={`${group.title}, year ${record.year}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{group.title}</Table.Th>
                <Table.Th w={64} ta="right">
                  Score
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.skills.map((skill, index) => (
                <Table.Tr key={skill}>
                  <Table.Td>{skill}</Table.Td>
                  <Table.Td ta="right">
                    {record.scores[aetcomSkillKey(group.key, index)] ?? RECORD_MESSAGES.notAvailable}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The student's AETCOM years: year, period and average, each opening to its scores. The linked
 * year (`linkedId`, from a /reports row) opens, marked and scrolled to, also when another year
 * is linked while the page is open (Back and Forward between two links).
 */
export function AetcomHistory({
  items,
  linkedId = null,
}: {
  items: AetcomRecord[];
  linkedId?: string | null;
}) {
  const isLinked = linkedId !== null && items.some((record) => record.id === linkedId);
  const linkedRef = useLinkedEntry<HTMLDivElement>(isLinked ? linkedId : null);
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {NO_DATA_TEXT}
      </Text>
    );
  }
  return (
    <Accordion
      // Another linked year is another starting state: the accordion opens it afresh.
      key={isLinked ? linkedId : 'none'}
      variant="separated"
      radius="md"
      multiple
      defaultValue={isLinked && linkedId ? [linkedId] : []}
    >
      {items.map((record) => (
        <Accordion.Item
          key={record.id}
          value={record.id}
          ref={record.id === linkedId ? linkedRef : undefined}
          aria-current={record.id === linkedId ? 'true' : undefined}
          style={record.id === linkedId ? { borderColor: 'var(--mantine-color-brand-6)' } : undefined}
        >
          <Accordion.Control>
            <Group justify="space-between" gap="xs" wrap="wrap" pr="xs">
              <Text fw={700}>Year {record.year}</Text>
              <Text size="sm">{period(record)}</Text>
              <Text size="sm">Average: {record.average.toFixed(2)}</Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <RecordScores record={record} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
