import { Alert, Button, Card, Group, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  MEMO_MESSAGES,
  MEMO_STATUS_LABELS,
  MEMO_STATUSES,
  type Memo,
  type MemoStatus,
} from '@pgel/shared/academic/memos';
import { canIssueMemos, canKeepAcademicRecords, isStaff } from '@pgel/shared/auth/policies';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { ACADEMIC_ENTRY_PARAM } from '@pgel/shared/reports/activity';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconLock, IconMessageReply, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { formatDate } from '../../records/components/record-format';
import { StudentFilter } from '../../records/components/student-filter';
import { useMemoEntry } from '../api/get-memo';
import { listMemos, type MemoFilters, memosQueryKey } from '../api/list-memos';
import { CreateMemoModal } from './create-memo-modal';
import { CloseMemoModal, ExplainMemoModal } from './memo-reply-modal';
import { MemoStatusBadge, MemoSummary } from './memo-summary';

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
      // Another filter is another list: the linked memo (if any) is left behind.
      next.delete(ACADEMIC_ENTRY_PARAM);
      return next;
    });

  // One memo to open (`?entry=`: a /reports row links to it), read by its id whatever page of the
  // list holds it; closing it drops the parameter, so Back and a reload keep the list.
  const entryId = searchParams.get(ACADEMIC_ENTRY_PARAM) || null;
  const linked = useMemoEntry(entryId);
  const closeLinked = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ACADEMIC_ENTRY_PARAM);
        return next;
      },
      { replace: true },
    );

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
          minWidth={isStaffUser ? 960 : 880}
          {...list.tableProps}
        />
      </Card>
      {canIssue ? <CreateMemoModal opened={isCreateOpen} onClose={createModal.close} /> : null}
      <ExplainMemoModal memo={explaining} onClose={() => setExplaining(null)} />
      <CloseMemoModal memo={closing} onClose={() => setClosing(null)} />
      <MemoViewModal
        opened={entryId !== null}
        memo={linked.data ?? null}
        isPending={linked.isPending}
        error={linked.error}
        onClose={closeLinked}
      />
    </Stack>
  );
}

/** One memo read in full (what the table shows across its columns), or why it cannot be shown. */
function MemoViewModal({
  opened,
  memo,
  isPending,
  error,
  onClose,
}: {
  opened: boolean;
  memo: Memo | null;
  isPending: boolean;
  error: Error | null;
  onClose: () => void;
}) {
  let body: ReactNode;
  if (memo) {
    body = (
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Status
          </Text>
          <MemoStatusBadge status={memo.status} />
        </Group>
        <MemoSummary memo={memo} withExplanation />
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            HOD Remark
          </Text>
          <LongText text={memo.remark} />
        </div>
      </Stack>
    );
  } else if (isPending && !error) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the memo" />
      </Group>
    );
  } else {
    // Gone, or not the caller's to see: the server answers both alike.
    const notFound = !error || (isApiError(error) && error.status === 404);
    body = (
      <Alert color="red" variant="light">
        {notFound ? MEMO_MESSAGES.notFound : errorMessage(error)}
      </Alert>
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title={memo ? `Memo ${memo.memoNumber}` : TITLE} size="lg">
      {body}
    </Modal>
  );
}
