import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MEMO_STATUS_LABELS, MEMO_STATUSES, type Memo, type MemoStatus } from '@pgel/shared/academic/memos';
import { canIssueMemos, canKeepAcademicRecords, isStaff } from '@pgel/shared/auth/policies';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconLock, IconMessageReply, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { formatDate } from '../../records/components/record-format';
import { StudentFilter } from '../../records/components/student-filter';
import { listMemos, type MemoFilters, memosQueryKey } from '../api/list-memos';
import { CreateMemoModal } from './create-memo-modal';
import { CloseMemoModal, ExplainMemoModal } from './memo-reply-modal';
import { MemoStatusBadge } from './memo-summary';

const TITLE = 'Memo';

const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...MEMO_STATUSES.map((status) => ({ value: status, label: MEMO_STATUS_LABELS[status] })),
];

function readStatus(value: string | null): MemoStatus | undefined {
  return (MEMO_STATUSES as readonly string[]).includes(value ?? '') ? (value as MemoStatus) : undefined;
}

function actorOf(user: SessionUser) {
  return {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
}

/** A long text cell: wraps in a readable width, keeping the writer's line breaks. */
function LongText({ text }: { text: string | null }) {
  return (
    <Text
      size="sm"
      miw={text && text.length > 40 ? '12rem' : undefined}
      maw="22rem"
      style={{ whiteSpace: 'pre-line', overflowWrap: 'break-word' }}
    >
      {text || RECORD_MESSAGES.notAvailable}
    </Text>
  );
}

/**
 * /memo (spec 03 sections 2, 5, 6): the memos the caller may see, filtered by status and (staff)
 * student. The HOD creates memos (the button and the floating one) and closes explained ones;
 * the student explains an issued memo once. Other staff and Master read.
 */
export function MemoPage() {
  const user = useSessionUser();
  const actor = actorOf(user);
  const isStaffUser = isStaff(actor);
  const canIssue = canIssueMemos(actor);
  // A memo is answered whatever the account's approval (decision 011): placed students only.
  const canExplain = !isStaffUser && canKeepAcademicRecords(actor);

  const [searchParams, setSearchParams] = useLiveSearchParams();
  const filters: MemoFilters = {
    status: readStatus(searchParams.get('status')),
    studentId: isStaffUser ? (searchParams.get('student') ?? undefined) : undefined,
  };
  const list = useListQuery({
    queryKey: [...memosQueryKey, 'list', filters],
    queryFn: (params, signal) => listMemos(params, filters, signal),
    defaultSort: 'date',
    defaultOrder: 'desc',
  });

  const [isCreateOpen, createModal] = useDisclosure(false);
  const [explaining, setExplaining] = useState<Memo | null>(null);
  const [closing, setClosing] = useState<Memo | null>(null);
  useAddAction(() => {
    if (canIssue) createModal.open();
  });

  const setFilter = (name: 'status' | 'student', value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  const hasActions = canIssue || canExplain;
  const columns: DataTableColumn<Memo>[] = [
    { key: 'sr', header: '#', cell: (_, n) => n, width: 48 },
    {
      key: 'memoNumber',
      header: 'Memo No.',
      sortKey: 'memoNumber',
      card: 'title',
      cell: (memo) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {memo.memoNumber}
        </Text>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      sortKey: 'date',
      card: 'field',
      cell: (memo) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(memo.date)}</span>,
    },
    ...(isStaffUser
      ? [
          {
            key: 'student',
            header: 'Student',
            card: 'field',
            cell: (memo: Memo) => (
              <Text size="sm" miw={110}>
                {memo.student.name}
              </Text>
            ),
          } satisfies DataTableColumn<Memo>,
        ]
      : []),
    { key: 'reason', header: 'Reason', card: 'field', cell: (memo) => <LongText text={memo.reason} /> },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      card: 'status',
      cell: (memo) => <MemoStatusBadge status={memo.status} />,
    },
    {
      key: 'explanation',
      header: 'Explanation',
      card: 'field',
      cell: (memo) => <LongText text={memo.explanation} />,
    },
    { key: 'remark', header: 'HOD Remark', card: 'field', cell: (memo) => <LongText text={memo.remark} /> },
    ...(hasActions
      ? [
          {
            key: 'actions',
            header: 'Action',
            card: 'actions',
            sticky: 'end',
            cell: (memo: Memo) => {
              if (canExplain && memo.status === 'issued') {
                return (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconMessageReply size={14} aria-hidden />}
                    aria-label={`Explain memo ${memo.memoNumber}`}
                    onClick={() => setExplaining(memo)}
                  >
                    Explain
                  </Button>
                );
              }
              if (canIssue && memo.status === 'explained') {
                return (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconLock size={14} aria-hidden />}
                    aria-label={`Close memo ${memo.memoNumber}`}
                    onClick={() => setClosing(memo)}
                  >
                    Close
                  </Button>
                );
              }
              return null;
            },
          } satisfies DataTableColumn<Memo>,
        ]
      : []),
  ];

  const toolbar = (
    <>
      <Select
        aria-label="Status"
        data={STATUS_FILTER_OPTIONS}
        value={filters.status ?? ''}
        onChange={(value) => setFilter('status', value)}
        allowDeselect={false}
        size="sm"
        w={{ base: '100%', xs: 150 }}
        comboboxProps={{ withinPortal: true }}
      />
      {isStaffUser ? (
        <StudentFilter value={filters.studentId ?? null} onChange={(value) => setFilter('student', value)} />
      ) : null}
    </>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        {canIssue ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={createModal.open}>
            Create Memo
          </Button>
        ) : null}
      </Group>
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label="Memos"
          columns={columns}
          rowKey={(memo) => memo.id}
          searchPlaceholder="Search"
          toolbar={toolbar}
          minWidth={isStaffUser ? 1040 : 920}
          {...list.tableProps}
        />
      </Card>
      {canIssue ? <CreateMemoModal opened={isCreateOpen} onClose={createModal.close} /> : null}
      <ExplainMemoModal memo={explaining} onClose={() => setExplaining(null)} />
      <CloseMemoModal memo={closing} onClose={() => setClosing(null)} />
    </Stack>
  );
}
