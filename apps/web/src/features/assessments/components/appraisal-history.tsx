import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Appraisal } from '@pgel/shared/academic/appraisal';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { NO_DATA_TEXT } from '@pgel/shared/schemas/list';
import { useCardLayout } from '../../../components/use-card-layout';
import { formatDate } from '../../records/components/record-format';
import { useLinkedEntry } from './assessment-frame';
import { EvaluationBadge } from './evaluation-badge';

function period(appraisal: Pick<Appraisal, 'fromDate' | 'toDate'>): string {
  return `${formatDate(appraisal.fromDate)} - ${formatDate(appraisal.toDate)}`;
}

/** One saved quarter: its period, who appraised it and when, and the 8 rows. */
function QuarterCard({ appraisal, isLinked }: { appraisal: Appraisal; isLinked: boolean }) {
  const isCards = useCardLayout();
  const label = `Quarter ${period(appraisal)}`;
  const ref = useLinkedEntry<HTMLElement>(isLinked ? appraisal.id : null);
  return (
    <Card
      ref={ref}
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={label}
      aria-current={isLinked ? 'true' : undefined}
      style={
        isLinked
          ? {
              borderColor: 'var(--mantine-color-brand-6)',
              boxShadow: '0 0 0 2px var(--mantine-color-brand-2)',
            }
          : undefined
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Text fw={700}>{period(appraisal)}</Text>
          <Text size="sm" c="dimmed">
            Appraised by {appraisal.appraisedBy.name} on {formatDate(appraisal.appraisedAt)}
          </Text>
        </Group>
        {isCards ? (
          <Stack gap="xs">
            {appraisal.rows.map((row, index) => (
              <Card key={row.particular} withBorder radius="sm" padding="xs">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600}>
                    {index + 1}. {row.particular}
                  </Text>
                  <Text size="sm" fw={700} aria-label={`Score ${row.score}`}>
                    {row.score}
                  </Text>
                </Group>
                <Group gap="xs" mt={4}>
                  <EvaluationBadge evaluation={row.evaluation} />
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'break-word' }}>
                  {row.remark || RECORD_MESSAGES.notAvailable}
                </Text>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped withTableBorder verticalSpacing="xs" aria-label={label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  <Table.Th>Particular</Table.Th>
                  <Table.Th w={80}>Score</Table.Th>
                  <Table.Th w={200}>Evaluation</Table.Th>
                  <Table.Th>Remark</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {appraisal.rows.map((row, index) => (
                  <Table.Tr key={row.particular}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{row.particular}</Table.Td>
                    <Table.Td>{row.score}</Table.Td>
                    <Table.Td>
                      <EvaluationBadge evaluation={row.evaluation} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'break-word' }}>
                      {row.remark || RECORD_MESSAGES.notAvailable}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The student's saved appraisals, one card per quarter (read-only for everyone); the linked one
 * (`linkedId`, from a /reports row) is marked and scrolled to.
 */
export function AppraisalHistory({
  items,
  linkedId = null,
}: {
  items: Appraisal[];
  linkedId?: string | null;
}) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {NO_DATA_TEXT}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {items.map((appraisal) => (
        <QuarterCard key={appraisal.id} appraisal={appraisal} isLinked={appraisal.id === linkedId} />
      ))}
    </Stack>
  );
}
