import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { findKind } from '@pgel/shared/records/kinds';
import { recordPagePath } from '@pgel/shared/records/paths';
import { RECORD_STATUS_LABELS } from '@pgel/shared/records/types';
import { NO_DATA_TEXT } from '@pgel/shared/schemas/list';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { FlagBadges } from '../../../components/flag-badges';
import { OverdueBadge } from '../../../components/overdue-badge';
import { useCardLayout } from '../../../components/use-card-layout';
import { errorMessage } from '../../../lib/api-client';
import { PENDING_PAGE_SIZE, usePendingRecords } from '../api/list-pending-records';

/** The faculty dashboard: pending entries of the department, by student name, 10 a page. */
export function PendingVerifications() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const pending = usePendingRecords(page, debounced);
  // Drawn in a transition, like DataTable's rows (issue 29): the page's biggest render on a phone
  // must not be one long task; the placeholders stay until the rows are drawn.
  const data = useDeferredValue(pending.data);
  const isLoading = pending.isPending || (pending.data !== undefined && data === undefined);
  const total = data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PENDING_PAGE_SIZE));
  const rows = data?.items ?? [];
  // A phone shows each entry as a card: the table's Date and Status would be off to the right.
  const isPhone = useCardLayout();

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pending-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3" id="pending-title">
            Pending Verifications
          </Title>
          <TextInput
            type="search"
            aria-label="Search by student name"
            placeholder="Search by student name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 280 }}
          />
        </Group>
        {pending.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Error">
            {errorMessage(pending.error)}
          </Alert>
        ) : null}
        {isPhone ? (
          <PendingCards rows={rows} isEmpty={rows.length === 0 && !isLoading} loading={isLoading} />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Student Name</Table.Th>
                  <Table.Th>Task / Topic</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {isLoading ? <SkeletonRows /> : null}
                {rows.length === 0 && !isLoading ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text ta="center" c="dimmed" py="md">
                        {NO_DATA_TEXT}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((row) => {
                  const kind = findKind(row.kind);
                  const open = () => navigate(recordPagePath(row.kind, row.id));
                  return (
                    <Table.Tr
                      key={row.id}
                      onClick={open}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') open();
                      }}
                      tabIndex={0}
                      style={{ cursor: 'pointer' }}
                      aria-label={`Open ${kind?.menuTitle ?? row.kind} entry of ${row.studentName}`}
                    >
                      <Table.Td fw={600}>{row.studentName}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {kind?.menuTitle ?? row.kind}
                        </Text>
                        {row.summary ? (
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {row.summary}
                          </Text>
                        ) : null}
                        {row.flags.length > 0 ? (
                          <Box mt={4}>
                            <FlagBadges flags={row.flags} />
                          </Box>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{row.date ? dayjs(row.date).format('DD-MM-YYYY') : 'N/A'}</Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          <Badge color="gray.7" variant="filled">
                            {RECORD_STATUS_LABELS[row.status]}
                          </Badge>
                          {/* Waiting more than 7 days (issue 30). */}
                          <OverdueBadge since={row.pendingSince} />
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          {/* Nothing until the count is known: "0 entries" first would be wrong, then replaced. */}
          <Text size="sm" c="dimmed" mih="1.55em">
            {isLoading ? '' : total === 0 ? '0 entries' : `Page ${page} of ${lastPage} · ${total} pending`}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={page >= lastPage}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

type PendingRow = NonNullable<ReturnType<typeof usePendingRecords>['data']>['items'][number];

/**
 * While the first page loads, the table keeps a page's height of rows (and the cards a page of
 * cards): the entries then fill the space instead of pushing the page down (issue 29: layout
 * shift on the faculty dashboard).
 */
function SkeletonRows() {
  return Array.from({ length: PENDING_PAGE_SIZE }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
    <Table.Tr key={i} aria-hidden>
      <Table.Td colSpan={4}>
        <Skeleton height={44} radius="sm" />
      </Table.Td>
    </Table.Tr>
  ));
}

/** The height of a card without flags (name and status, kind, one line of topic, date). */
const CARD_HEIGHT = 108;

/**
 * The pending entries as cards (phones): student and status, the activity and topic, the date.
 * Each card's accessible name is its visible text (WCAG 2.5.3), so a voice user says what they see.
 */
function PendingCards({
  rows,
  isEmpty,
  loading,
}: {
  rows: readonly PendingRow[];
  isEmpty: boolean;
  loading: boolean;
}) {
  const navigate = useNavigate();
  if (loading) {
    return (
      <Stack gap="xs" aria-hidden>
        {Array.from({ length: PENDING_PAGE_SIZE }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={i} height={CARD_HEIGHT} radius="md" />
        ))}
      </Stack>
    );
  }
  if (isEmpty) {
    return (
      <Text ta="center" c="dimmed" py="md">
        {NO_DATA_TEXT}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label="Pending entries"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {rows.map((row) => {
        const title = findKind(row.kind)?.menuTitle ?? row.kind;
        return (
          <li key={row.id}>
            <UnstyledButton w="100%" onClick={() => navigate(recordPagePath(row.kind, row.id))}>
              <Card withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.studentName}
                  </Text>
                  <Group gap={4} justify="flex-end" style={{ flex: 'none' }}>
                    <Badge color="gray.7" variant="filled" style={{ flex: 'none' }}>
                      {RECORD_STATUS_LABELS[row.status]}
                    </Badge>
                    <OverdueBadge since={row.pendingSince} inButton />
                  </Group>
                </Group>
                <Text size="sm" fw={500} mt={4}>
                  {title}
                </Text>
                {row.summary ? (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {row.summary}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" mt={4}>
                  {row.date ? dayjs(row.date).format('DD-MM-YYYY') : 'N/A'}
                </Text>
                {row.flags.length > 0 ? (
                  <Box mt={6}>
                    <FlagBadges flags={row.flags} />
                  </Box>
                ) : null}
              </Card>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
