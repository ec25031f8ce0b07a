import { Alert, Anchor, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import {
  type LogbookMonth,
  MONTH_AUTHENTICATION_MESSAGES as M,
  type MonthEntry,
} from '@pgel/shared/supervision/month-authentication';
import { IconAlertTriangle, IconSignature } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useLocalList } from '../../../components/use-local-list';
import { formatDate, StatusBadge } from '../../records/components/record-format';
import { useMonthDetail } from '../api/get-student-authentications';
import { MonthStateBadge } from './month-state-badge';

type MonthDetailCardProps = {
  /** The card's element, so the page can bring it into view when a month is chosen. */
  ref?: Ref<HTMLElement>;
  studentId: string;
  month: LogbookMonth;
  /** The caller is the resident's guide, unit head or HOD (the shared policy). */
  canSign: boolean;
  onAuthenticate: () => void;
};

/** Entries by kind, then by date: how the page lists a month. */
function byKind(entries: readonly MonthEntry[]): MonthEntry[] {
  return [...entries].sort(
    (a, b) => a.kindTitle.localeCompare(b.kindTitle) || (a.date ?? '').localeCompare(b.date ?? ''),
  );
}

const columns: DataTableColumn<MonthEntry>[] = [
  { key: 'kind', header: 'Kind', card: 'title', cell: (e) => e.kindTitle },
  {
    key: 'date',
    header: 'Date',
    cell: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(e.date)}</span>,
  },
  { key: 'summary', header: 'Summary', fold: true, cell: (e) => e.summary ?? '' },
  { key: 'status', header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
  {
    key: 'open',
    header: 'Entry',
    sticky: 'end',
    cell: (e) => (
      <Anchor
        component={Link}
        to={e.path}
        size="sm"
        aria-label={`Open ${e.kindTitle} entry of ${formatDate(e.date)}`}
      >
        Open
      </Anchor>
    ),
  },
];

/**
 * One month: its state and signature, its entries counted by kind and status, the entries
 * themselves (each opens its page, where it is verified), and the Authenticate month button for
 * the resident's guide, unit head or HOD: refused while any entry is pending, as the server does.
 */
export function MonthDetailCard({ ref, studentId, month, canSign, onAuthenticate }: MonthDetailCardProps) {
  const detail = useMonthDetail(studentId, month.month);
  const list = useLocalList(detail.data ? byKind(detail.data.entries) : undefined);
  const signature = month.authentication;
  const pendingKinds = month.kinds
    .filter((k) => k.pending > 0)
    .map((k) => ({ title: k.title, count: k.pending }));
  const isSignable = month.state !== 'upcoming' && (signature === null || month.changedAfterAuthentication);

  return (
    <Card ref={ref} withBorder radius="lg" padding="md" component="section" aria-labelledby="month-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h4" id="month-title">
              {month.label}
            </Title>
            <MonthStateBadge month={month} />
          </Stack>
          {canSign && isSignable ? (
            <Button
              leftSection={<IconSignature size={18} aria-hidden />}
              disabled={month.entries.pending > 0}
              onClick={onAuthenticate}
            >
              Authenticate month
            </Button>
          ) : null}
        </Group>

        {signature ? (
          <Stack gap={4}>
            <Text size="sm">
              Authenticated by <strong>{signature.authenticatedBy.name}</strong> on{' '}
              {dayjs(signature.authenticatedAt).format('D MMMM YYYY, HH:mm')} ({signature.verifiedEntries}{' '}
              approved {signature.verifiedEntries === 1 ? 'entry' : 'entries'})
            </Text>
            <Text size="xs" c="dimmed">
              Fingerprint
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {signature.fingerprint}
            </Code>
          </Stack>
        ) : null}
        {month.changedAfterAuthentication && signature?.changedAt ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={M.changedLabel}>
            An entry of this month was added, changed or removed on{' '}
            {dayjs(signature.changedAt).format('D MMMM YYYY')}, after the month was authenticated.
            {canSign ? ' Review it and authenticate the month again.' : ''}
          </Alert>
        ) : null}
        {month.entries.pending > 0 && isSignable ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title="Entries pending"
          >
            {M.pending(month.entries.pending, pendingKinds)}
          </Alert>
        ) : null}

        {month.kinds.length > 0 ? (
          <Stack
            gap={4}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Entries by kind"
          >
            {month.kinds.map((k) => (
              <Group key={k.kind} component="li" gap={6} wrap="wrap" justify="space-between">
                <Text size="sm" fw={600}>
                  {k.title}
                </Text>
                <Text size="sm">
                  {k.approved} approved ·{' '}
                  <Text
                    span
                    size="sm"
                    fw={k.pending > 0 ? 700 : undefined}
                    c={k.pending > 0 ? 'orange.9' : undefined}
                  >
                    {k.pending} pending
                  </Text>{' '}
                  · {k.rejected} rejected
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No entries this month.
          </Text>
        )}
        {month.entries.total > 0 ? (
          <DataTable
            label={`Entries of ${month.label}`}
            columns={columns}
            rowKey={(e) => e.id}
            withSearch={false}
            minWidth={520}
            error={detail.error}
            onRetry={() => void detail.refetch()}
            {...list}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
