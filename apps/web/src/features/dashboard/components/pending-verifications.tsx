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
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import type { PendingResident } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { daysWaiting } from '@pgel/shared/records/overdue';
import { recordPagePath, residentPendingPath } from '@pgel/shared/records/paths';
import { RECORD_STATUS_LABELS } from '@pgel/shared/records/types';
import { NO_DATA_TEXT } from '@pgel/shared/schemas/list';
import { IconAlertTriangle, IconChecks, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FlagBadges } from '../../../components/flag-badges';
import { OverdueBadge } from '../../../components/overdue-badge';
import tapTargets from '../../../components/tap-targets.module.css';
import { useCardLayout } from '../../../components/use-card-layout';
import { errorMessage } from '../../../lib/api-client';
import { PENDING_PAGE_SIZE, usePendingRecords } from '../api/list-pending-records';
import { groupByResident, type PendingGroup } from '../pending-groups';

/**
 * The faculty dashboard: pending entries of the department, 10 a page, the longest waiting first
 * (the overdue lead) and grouped by resident (issue 30): each resident's heading says how many of
 * theirs wait and for how long the oldest, with a Verify for each kind that opens its report on
 * that resident's pending entries. Searched by student name.
 */
export function PendingVerifications() {
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
  const groups = data ? groupByResident(data.items, data.residents) : [];
  const isEmpty = groups.length === 0 && !isLoading;
  // A phone shows each entry as a card: the table's Date and Status would be off to the right.
  const isPhone = useCardLayout();

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="pending-title"
      className={tapTargets.area}
    >
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
          <PendingCards groups={groups} isEmpty={isEmpty} loading={isLoading} />
        ) : (
          <PendingTable groups={groups} isEmpty={isEmpty} loading={isLoading} />
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

type GroupsProps = { groups: readonly PendingGroup[]; isEmpty: boolean; loading: boolean };

/** What a kind is called on the page. */
const kindTitle = (kindId: string) => findKind(kindId)?.menuTitle ?? kindId;

/** "3 pending · the oldest waiting 9 days": how much of a resident's waits, and how long. */
function waitSummary(resident: PendingResident, now: Date): string {
  const days = daysWaiting(resident.oldestPendingSince, now);
  const oldest = days === 0 ? 'waiting since today' : `waiting ${days === 1 ? '1 day' : `${days} days`}`;
  return `${resident.pending} pending · ${resident.pending === 1 ? '' : 'the oldest '}${oldest}`;
}

/**
 * A resident's heading: their name, how many of theirs wait and since when the oldest (Overdue
 * after 7 days), and a Verify per kind of theirs, which opens that kind's report filtered to
 * them and to Pending, their entries there to go through or select together.
 */
function ResidentHeading({ resident, headingId }: { resident: PendingResident; headingId: string }) {
  const now = new Date();
  return (
    <Group justify="space-between" align="center" gap="xs" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text component="h3" id={headingId} fw={700} size="md" m={0} style={{ overflowWrap: 'anywhere' }}>
          {resident.studentName}
        </Text>
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed" fw={400}>
            {waitSummary(resident, now)}
          </Text>
          {/* The reason is read with it; the text beside it already says how long. */}
          <OverdueBadge since={resident.oldestPendingSince} now={now} inButton />
        </Group>
      </Stack>
      <Group gap={6} wrap="wrap">
        {resident.kinds.map((kind) => (
          <Button
            key={kind.kind}
            component={Link}
            to={residentPendingPath(kind.kind, resident.studentId)}
            size="compact-sm"
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
          >
            Verify {kindTitle(kind.kind)} ({kind.pending})
            <VisuallyHidden> of {resident.studentName}</VisuallyHidden>
          </Button>
        ))}
      </Group>
    </Group>
  );
}

/** A laptop's table: a row group per resident, its heading first, then their rows. */
function PendingTable({ groups, isEmpty, loading }: GroupsProps) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table highlightOnHover verticalSpacing="sm" aria-labelledby="pending-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task / Topic</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {loading ? (
          <Table.Tbody>
            <SkeletonRows />
          </Table.Tbody>
        ) : null}
        {isEmpty ? (
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text ta="center" c="dimmed" py="md">
                  {NO_DATA_TEXT}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        ) : null}
        {groups.map((group) => (
          <ResidentRows key={group.resident.studentId} group={group} />
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}

function ResidentRows({ group }: { group: PendingGroup }) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <Table.Tbody aria-labelledby={headingId}>
      <Table.Tr data-resident-heading bg="gray.0">
        <Table.Th scope="rowgroup" colSpan={3} fw={400}>
          <ResidentHeading resident={group.resident} headingId={headingId} />
        </Table.Th>
      </Table.Tr>
      {group.rows.map((row) => {
        const kind = kindTitle(row.kind);
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
            aria-label={`Open ${kind} entry of ${row.studentName}`}
          >
            <Table.Td>
              <Text size="sm" fw={500}>
                {kind}
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
  );
}

/** The height of a resident's heading (name, then the count and the Verify buttons). */
const HEADING_HEIGHT = 58;

/**
 * While the first page loads, the table keeps a page's height of rows under a resident's
 * heading (and the cards a page of cards): the entries then fill the space instead of pushing
 * the page down (issue 29: layout shift on the faculty dashboard). The page most often is one
 * or two residents' entries.
 */
function SkeletonRows() {
  return (
    <>
      <Table.Tr aria-hidden>
        <Table.Td colSpan={3}>
          <Skeleton height={HEADING_HEIGHT - 16} radius="sm" />
        </Table.Td>
      </Table.Tr>
      {Array.from({ length: PENDING_PAGE_SIZE }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Table.Tr key={i} aria-hidden>
          <Table.Td colSpan={3}>
            <Skeleton height={44} radius="sm" />
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** The height of a card without flags (kind and status, one line of topic, date). */
const CARD_HEIGHT = 88;
/** A phone's resident heading: name, count, and the Verify buttons (44 px) under them. */
const PHONE_HEADING_HEIGHT = 110;

/**
 * The pending entries as cards (phones), under their resident's heading: the activity and status,
 * the topic, the date. Each card's accessible name is its visible text (WCAG 2.5.3), so a voice
 * user says what they see; its list is named after the resident.
 */
function PendingCards({ groups, isEmpty, loading }: GroupsProps) {
  if (loading) {
    return (
      <Stack gap="xs" aria-hidden>
        <Skeleton height={PHONE_HEADING_HEIGHT} radius="md" />
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
    <Stack gap="lg">
      {groups.map((group) => (
        <ResidentCards key={group.resident.studentId} group={group} />
      ))}
    </Stack>
  );
}

function ResidentCards({ group }: { group: PendingGroup }) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <ResidentHeading resident={group.resident} headingId={headingId} />
      <Stack
        component="ul"
        gap="xs"
        aria-label={`Pending entries of ${group.resident.studentName}`}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {group.rows.map((row) => (
          <li key={row.id}>
            <UnstyledButton w="100%" onClick={() => navigate(recordPagePath(row.kind, row.id))}>
              <Card withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {kindTitle(row.kind)}
                  </Text>
                  <Group gap={4} justify="flex-end" style={{ flex: 'none' }}>
                    <Badge color="gray.7" variant="filled" style={{ flex: 'none' }}>
                      {RECORD_STATUS_LABELS[row.status]}
                    </Badge>
                    <OverdueBadge since={row.pendingSince} inButton />
                  </Group>
                </Group>
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
        ))}
      </Stack>
    </Stack>
  );
}
