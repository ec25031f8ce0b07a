import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  type Actor,
  canCreateRecord,
  canDeleteRecord,
  canRequestSignOff,
  canVerifyRecords,
  canWriteLogbook,
  isDrpCoordinator,
  isStaff,
  isStudent,
  isVerifiedByDepartment,
  isVerifiedByDrpCoordinator,
} from '@pgel/shared/auth/policies';
import { BULK_VERIFY_MAX, RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { isOverdue, pendingSince } from '@pgel/shared/records/overdue';
import { SIGN_OFF_MAX, SIGN_OFF_MESSAGES } from '@pgel/shared/records/sign-off';
import {
  RECORD_STATUS_LABELS,
  RECORD_STATUSES,
  type RecordKind,
  type RecordStatus,
} from '@pgel/shared/records/types';
import { VERIFY_PARAM } from '@pgel/shared/records/verify-param';
import { isUuid } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import {
  IconChecks,
  IconEye,
  IconGavel,
  IconKeyboard,
  IconPlus,
  IconSignature,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { type CardRole, DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { showError } from '../../../components/dialogs';
import { FileViewerModal, type ViewableFile } from '../../../components/file-viewer';
import { FlagBadges } from '../../../components/flag-badges';
import { useAddAction } from '../../../components/floating-add-button';
import { whenOpened } from '../../../components/lazy-dialog';
import { OfflineListNote } from '../../../components/offline-list-note';
import { OverdueBadge } from '../../../components/overdue-badge';
import { StatusPanel } from '../../../components/status-panel';
import { useCardLayout } from '../../../components/use-card-layout';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import {
  listAllRecords,
  listOwnRecords,
  listRecords,
  type OwnRecordsPage,
  type RecordFilters,
  recordsQueryKey,
} from '../api/list-records';
import { usePrefetchEntryForm } from '../api/prefetch-entry-form';
import { OutboxEntries } from '../outbox/outbox-entries';
import type { OutboxItem } from '../outbox/outbox-store';
import { AwaitingApprovalNotice } from './awaiting-approval-notice';
import { asViewableFile, columnValue, formatCell, formatDate, formatText } from './record-format';
import {
  BulkVerifyModal,
  RecordDetailModal,
  RecordFormModal,
  SignOffModal,
  VerifyModal,
} from './report-dialogs';
import { SignOffSelectedButton } from './sign-off-selected-button';
import { StudentFilter } from './student-filter';
import { useConfirmedDelete } from './use-confirmed-delete';
import { useVerifyShortcuts } from './verify-shortcuts';

// The keyboard shortcuts' help (issue 30): loaded the first time it opens.
const ShortcutsHelp = whenOpened(
  lazy(() => import('./shortcuts-help').then((m) => ({ default: m.ShortcutsHelp }))),
  (props: { opened: boolean }) => props.opened,
);

const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...RECORD_STATUSES.map((status) => ({ value: status, label: RECORD_STATUS_LABELS[status] })),
];

/** A phone's tap target around a small control (a checkbox): 44 px square, the control centred. */
const TAP_SQUARE = {
  minWidth: 44,
  minHeight: 44,
  // Where the box alone would sit: the square reaches past it, into the card's padding.
  margin: -12,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

function actorOf(user: SessionUser): Actor {
  return {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
}

function readRecordId(value: string | null): string | null {
  return value && isUuid(value) ? value : null;
}

function readStatus(value: string | null): RecordStatus | undefined {
  return (RECORD_STATUSES as readonly string[]).includes(value ?? '') ? (value as RecordStatus) : undefined;
}

/** The report screen of `/task/{id}` (and the checklist): the kind from the registry, or not found. */
export function ReportPage({ kindId }: { kindId: string }) {
  const kind = findKind(kindId);
  if (!kind) return <UnknownKindPanel />;
  // A new kind is a new screen: filters, selection and open modals start afresh.
  return <KindReport key={kind.id} kind={kind} />;
}

function UnknownKindPanel() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Activity not found
      </Title>
      <Card withBorder radius="lg" padding="xl">
        <StatusPanel
          status="error"
          title={RECORD_MESSAGES.unknownKind}
          message="This activity does not exist. Choose one from the menu or the dashboard."
          actions={
            <Group justify="center">
              <Button component={Link} to={paths.dashboard} variant="light">
                Go to Dashboard
              </Button>
            </Group>
          }
        />
      </Card>
    </Stack>
  );
}

/**
 * `${menuTitle} REPORT` (spec 02 section 2): the kind's records in the shared list, filtered by
 * status and (staff) student. Students add entries (button and floating button) and delete
 * their unverified ones; faculty of the department verify one by one or several at once.
 */
function KindReport({ kind }: { kind: RecordKind }) {
  const user = useSessionUser();
  const isPhone = useCardLayout();
  const actor = actorOf(user);
  const isStaffUser = isStaff(actor);
  // Overdue marks the verifier's queue only (issue 30): a resident's own list stays as it was.
  const overdueSince = (row: RecordListItem) => (isStaffUser ? pendingSince(row)?.toISOString() : undefined);
  // A student writes (adds, deletes) only once the department approved the account; until then
  // the page says why instead of offering the form (the server refuses such writes too).
  const canAdd = canWriteLogbook({ ...actor, verifyByHod: user.verifyByHod, paid: user.paid });
  const isAwaitingApproval = canCreateRecord(actor) && !canAdd;
  usePrefetchEntryForm(kind, canAdd);
  // The server lists only the caller's department; verifying is then a question of role alone,
  // except for a record of the verifier's own (never theirs to verify).
  // A DRP coordinator verifies only the kinds they are named for; the department's faculty not
  // the kinds only a coordinator verifies (issue 12).
  const verifiesKind = isDrpCoordinator(actor)
    ? isVerifiedByDrpCoordinator(kind)
    : isVerifiedByDepartment(kind);
  const canVerify = canVerifyRecords(actor) && verifiesKind;
  const canVerifyRow = (row: RecordListItem) => canVerify && row.studentId !== actor.id;
  const canDeleteRow = (row: RecordListItem) => canAdd && canDeleteRecord(actor, row);
  // Sign off now (issue 30): the resident's own pending entries, signed by the faculty member
  // beside them on this device; a selection holds at most SIGN_OFF_MAX of them.
  const canSignOffRow = (row: RecordListItem) => canRequestSignOff(actor, row);
  const isSigningOff = isStudent(actor);
  const canSelectRow = (row: RecordListItem) =>
    isSigningOff ? canSignOffRow(row) : row.status === 'pending' && canVerifyRow(row);
  const selectionLimit = isSigningOff ? SIGN_OFF_MAX : Number.POSITIVE_INFINITY;

  const [searchParams, setSearchParams] = useLiveSearchParams();
  const filters: RecordFilters = {
    kind: kind.id,
    status: readStatus(searchParams.get('status')),
    studentId: isStaffUser ? (searchParams.get('student') ?? undefined) : undefined,
  };
  // A student's own list is kept on the device and read from there with no network (issue 29).
  const ownerId = isStaffUser ? null : user.id;
  const list = useListQuery({
    queryKey: [...recordsQueryKey, 'list', filters],
    queryFn: (params, signal) =>
      ownerId ? listOwnRecords(ownerId, params, filters, signal) : listRecords(params, filters, signal),
    defaultSort: 'date',
    defaultOrder: 'desc',
    networkMode: ownerId ? 'offlineFirst' : undefined,
  });
  const offlineAt = (list.query.data as OwnRecordsPage | undefined)?.offlineAt;

  const [formKey, setFormKey] = useState(0);
  const [isFormOpen, setFormOpen] = useState(false);
  // A refused offline entry being corrected (issue 29), or null for a new entry.
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  // The open entry lives in the URL (`?record={id}`): each entry has its own address, which the
  // dashboard's Pending Verifications links to, and Back closes it.
  const detailId = readRecordId(searchParams.get('record'));
  // `&verify=1` (the digest's and the "new entry" mail's links, issue 30): the entry's
  // verification opens at once for staff who may verify it.
  const opensVerification = searchParams.get(VERIFY_PARAM) === '1';
  const setDetailId = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('record', id);
        else next.delete('record');
        next.delete(VERIFY_PARAM);
        return next;
      },
      { replace: id === null },
    );
  const [verifying, setVerifying] = useState<RecordListItem | null>(null);
  // The Action opened by `a` before any approval to reuse starts at Approved (issue 30).
  const [verifyPreset, setVerifyPreset] = useState<'approve' | undefined>(undefined);
  const openAction = (row: RecordListItem, preset?: 'approve') => {
    setVerifyPreset(preset);
    setVerifying(row);
  };
  const [isHelpOpen, setHelpOpen] = useState(false);
  const [viewing, setViewing] = useState<{ file: ViewableFile; title: string } | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<string, RecordListItem>>(new Map());
  const [isBulkOpen, setBulkOpen] = useState(false);
  // The entries the Sign off now form is open for (one, or the selection); null while closed.
  const [signingOff, setSigningOff] = useState<readonly RecordListItem[] | null>(null);
  const { deleteRow, deletingIds } = useConfirmedDelete(kind, (id) => {
    if (detailId === id) setDetailId(null);
  });

  const openForm = () => {
    if (!canAdd) return;
    setEditing(null);
    setFormKey((key) => key + 1);
    setFormOpen(true);
  };
  const editOutboxItem = (item: OutboxItem) => {
    setEditing(item);
    setFormKey((key) => key + 1);
    setFormOpen(true);
  };
  useAddAction(openForm);

  const setFilter = (name: 'status' | 'student', value: string | null) => {
    setSelected(new Map());
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  };

  const rows = list.query.data?.items ?? [];
  const selectable = rows.filter(canSelectRow);
  const selectedOnPage = selectable.filter((row) => selected.has(row.id)).length;
  const toggleOne = (row: RecordListItem, checked: boolean) => {
    if (checked && !selected.has(row.id) && selected.size >= selectionLimit) {
      void showError(SIGN_OFF_MESSAGES.tooMany);
      return;
    }
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  };
  const togglePage = (checked: boolean) => {
    const next = new Map(selected);
    for (const row of selectable) {
      if (!checked) next.delete(row.id);
      else if (next.size < selectionLimit) next.set(row.id, row);
    }
    const left = selectable.filter((row) => !next.has(row.id)).length;
    if (checked && left > 0) void showError(SIGN_OFF_MESSAGES.tooMany);
    setSelected(next);
  };

  // Keyboard shortcuts on a laptop (issue 30): j / k through the rows, a to approve with the last
  // score, Enter for the Action, o to open, x to select, ? for the list of them.
  const shortcuts = useVerifyShortcuts({
    kind,
    userId: user.id,
    rows,
    page: list.params.page,
    rowsPage: list.query.data?.page,
    totalPages: Math.max(1, Math.ceil((list.query.data?.total ?? 0) / list.params.pageSize)),
    onPageChange: list.setPage,
    enabled: canVerify && !isPhone,
    canVerifyRow,
    canSelectRow,
    onVerify: openAction,
    onOpen: (row) => setDetailId(row.id),
    onToggleSelect: (row) => toggleOne(row, !selected.has(row.id)),
    onHelp: () => setHelpOpen(true),
  });

  // Every pending entry of the list at once (a resident's, from Pending Verifications): up to
  // what one Verify selected takes, fetched page by page.
  const pendingTotal = filters.status === 'pending' ? (list.query.data?.total ?? 0) : 0;
  const allPendingCount = Math.min(pendingTotal, BULK_VERIFY_MAX);
  const [isSelectingAll, setSelectingAll] = useState(false);
  const selectAllPending = async () => {
    setSelectingAll(true);
    try {
      const all = await listAllRecords(filters, allPendingCount);
      setSelected(new Map(all.filter(canSelectRow).map((row) => [row.id, row])));
    } catch (error) {
      void showError(errorMessage(error));
    } finally {
      setSelectingAll(false);
    }
  };
  const offersSelectAll =
    canVerify && !isSigningOff && allPendingCount > 0 && selected.size < allPendingCount;
  const filteredStudentName = filters.studentId ? rows[0]?.studentName : undefined;

  const sortKeyOf = (value: string): string | undefined => {
    if (value === 'date' || value === `details.${kind.dateField}`) return 'date';
    if (value === 'status') return 'status';
    return undefined;
  };

  // On a phone each entry is a card: its summary (staff: the student's name), a few fields, the
  // status and the buttons; the rest is one tap away in its detail.
  const summaryValue = kind.columns.find(
    (column) => column.value === `details.${kind.summaryField}` || column.value === kind.summaryField,
  )?.value;
  const cardRoleOf = (value: string): CardRole => {
    if (value === 'status') return 'status';
    if (value === summaryValue) return isStaffUser ? 'field' : 'title';
    if (!summaryValue && !isStaffUser && value === 'date') return 'title';
    return ['date', `details.${kind.dateField}`, 'teacherName', 'verified'].includes(value)
      ? 'field'
      : 'hidden';
  };

  const columns: DataTableColumn<RecordListItem>[] = [
    ...(canVerify || isSigningOff
      ? [
          {
            key: 'select',
            header: (
              <Checkbox
                aria-label="Select all pending entries on this page"
                checked={selectable.length > 0 && selectedOnPage === selectable.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < selectable.length}
                disabled={selectable.length === 0}
                onChange={(event) => togglePage(event.currentTarget.checked)}
              />
            ),
            cell: (row: RecordListItem) =>
              canSelectRow(row) ? (
                // The cell, not just the box: a near miss must not open the detail. On a phone
                // the box sits in a 44 px square, and a tap on the square ticks it too.
                // biome-ignore lint/a11y/noStaticElementInteractions: the checkbox inside is the control
                // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox inside takes the keys
                <div
                  style={isPhone ? TAP_SQUARE : undefined}
                  onClick={(event) => {
                    event.stopPropagation();
                    if (isPhone && event.target === event.currentTarget)
                      toggleOne(row, !selected.has(row.id));
                  }}
                >
                  <Checkbox
                    aria-label={
                      isSigningOff
                        ? `Select the entry of ${formatDateLabel(row)}`
                        : `Select the entry of ${row.studentName}`
                    }
                    checked={selected.has(row.id)}
                    onChange={(event) => toggleOne(row, event.currentTarget.checked)}
                  />
                </div>
              ) : null,
            width: 44,
          } satisfies DataTableColumn<RecordListItem>,
        ]
      : []),
    { key: 'sr', header: 'SR', cell: (_, n) => n, width: 56 },
    ...(isStaffUser
      ? [
          {
            key: 'student',
            header: 'Student Name',
            cell: (row: RecordListItem) => (
              <Text size="sm" fw={600} miw={120}>
                {row.studentName}
              </Text>
            ),
          } satisfies DataTableColumn<RecordListItem>,
        ]
      : []),
    ...kind.columns.map(
      (column): DataTableColumn<RecordListItem> => ({
        key: column.value,
        header: column.label,
        sortKey: sortKeyOf(column.value),
        cell: (row) =>
          column.opens ? (
            <OpeningCell
              text={formatText(columnValue(row, column.value))}
              label={
                column.opens === 'certificate'
                  ? `Open the certificate of ${formatText(columnValue(row, column.value))}`
                  : undefined
              }
              onOpen={() => {
                const file = asViewableFile(row.certificate);
                if (column.opens === 'detail' || !file) setDetailId(row.id);
                else setViewing({ file, title: 'Certificate' });
              }}
            />
          ) : column.value === 'status' &&
            (row.flags.length > 0 || isOverdue(overdueSince(row), new Date())) ? (
            // A doubtful entry's flags beside its status (issue 27), and Overdue on the
            // verifier's side once it has waited more than 7 days (issue 30); on a phone's card
            // they wrap under it rather than squeeze the card's heading.
            <Stack gap={4} align={isPhone ? 'flex-end' : 'flex-start'}>
              {formatCell(row, column, (file, title) => setViewing({ file, title }))}
              <OverdueBadge since={overdueSince(row)} />
              <Box maw={isPhone ? 150 : undefined}>
                <FlagBadges flags={row.flags} justify={isPhone ? 'flex-end' : 'flex-start'} />
              </Box>
            </Stack>
          ) : (
            formatCell(row, column, (file, title) => setViewing({ file, title }))
          ),
        // Status and Action stay in view while the columns between them scroll.
        sticky: column.value === 'status' ? 'end' : undefined,
        card: cardRoleOf(column.value),
        // What a phone's card leaves out folds into the row's details on a narrow laptop too;
        // never a file's View button, which the user acts on in the row.
        fold: cardRoleOf(column.value) === 'hidden' && column.format !== 'file' && !column.opens,
      }),
    ),
    {
      key: 'actions',
      header: 'Action',
      sticky: 'end',
      cell: (row) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click
        // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside take the keys
        <div onClick={(event) => event.stopPropagation()}>
          <Group gap={6} wrap="nowrap">
            <Tooltip label="View">
              <ActionIcon
                variant="light"
                // 44 px on a phone (issue 30), as every button of a card.
                size={isPhone ? 44 : 'lg'}
                aria-label={`View the entry of ${formatDateLabel(row)}`}
                onClick={() => setDetailId(row.id)}
              >
                <IconEye size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {canVerifyRow(row) ? (
              <Button
                size={isPhone ? 'sm' : 'compact-sm'}
                h={isPhone ? 44 : undefined}
                variant="light"
                leftSection={<IconGavel size={14} aria-hidden />}
                aria-label={`Action on the entry of ${row.studentName}`}
                onClick={() => openAction(row)}
              >
                Action
              </Button>
            ) : null}
            {canSignOffRow(row) && isPhone ? (
              <Button
                size="sm"
                h={44}
                variant="light"
                leftSection={<IconSignature size={16} aria-hidden />}
                aria-label={`${SIGN_OFF_MESSAGES.action}: the entry of ${formatDateLabel(row)}`}
                onClick={() => setSigningOff([row])}
              >
                {SIGN_OFF_MESSAGES.action}
              </Button>
            ) : null}
            {/* A table row keeps its columns: on a laptop the action is an icon like View. */}
            {canSignOffRow(row) && !isPhone ? (
              <Tooltip label={SIGN_OFF_MESSAGES.action}>
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label={`${SIGN_OFF_MESSAGES.action}: the entry of ${formatDateLabel(row)}`}
                  onClick={() => setSigningOff([row])}
                >
                  <IconSignature size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {canDeleteRow(row) ? (
              <Tooltip label="Delete">
                <ActionIcon
                  variant="light"
                  color="red"
                  size={isPhone ? 44 : 'lg'}
                  aria-label={`Delete the entry of ${formatDateLabel(row)}`}
                  loading={deletingIds.has(row.id)}
                  onClick={() => void deleteRow(row)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </div>
      ),
    },
  ];

  const toolbar = (
    <>
      {/* Native, like the page size (components/data-table.tsx): nothing to measure at start. */}
      <NativeSelect
        aria-label="Status"
        data={STATUS_FILTER_OPTIONS}
        value={filters.status ?? ''}
        onChange={(event) => setFilter('status', event.currentTarget.value || null)}
        size="sm"
        w={{ base: '100%', xs: 150 }}
      />
      {/* The filter searches the department's students: a coordinator has no department. */}
      {isStaffUser && !isDrpCoordinator(actor) ? (
        <StudentFilter value={filters.studentId ?? null} onChange={(value) => setFilter('student', value)} />
      ) : null}
    </>
  );

  const selectedRows = [...selected.values()];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {kind.menuTitle} REPORT
        </Title>
        <Group gap="sm" wrap="nowrap">
          {canVerify && !isPhone ? (
            <Button
              variant="subtle"
              leftSection={<IconKeyboard size={18} aria-hidden />}
              aria-keyshortcuts="?"
              onClick={() => setHelpOpen(true)}
            >
              Shortcuts
            </Button>
          ) : null}
          {canVerify ? (
            <>
              {selected.size > 0 ? (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {selected.size} selected
                </Text>
              ) : null}
              <Button
                leftSection={<IconChecks size={18} aria-hidden />}
                onClick={() =>
                  selected.size === 0 ? void showError(RECORD_MESSAGES.selectRecords) : setBulkOpen(true)
                }
              >
                Verify selected
              </Button>
            </>
          ) : null}
          {isSigningOff && selected.size > 0 && !isPhone ? (
            <SignOffSelectedButton
              count={selected.size}
              floating={false}
              onClick={() => setSigningOff(selectedRows)}
            />
          ) : null}
          {canAdd ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openForm}>
              Add
            </Button>
          ) : null}
        </Group>
      </Group>
      {canVerify && !isPhone ? (
        // What the last shortcut did, read out (issue 30); a hint until then. One line, always
        // there, so nothing moves when it speaks.
        <Text size="sm" c="dimmed" role="status" mih="1.55em" mt={-8}>
          {shortcuts.announcement ||
            'Keys: j and k go through the entries, a approves with your last score, ? lists them all.'}
        </Text>
      ) : null}
      {offersSelectAll ? (
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Text size="sm">
            {filteredStudentName
              ? `${filteredStudentName}: ${pendingTotal} pending`
              : `${pendingTotal} pending in this list`}
            {pendingTotal > BULK_VERIFY_MAX ? ` (up to ${BULK_VERIFY_MAX} at once)` : ''}
          </Text>
          <Button
            variant="light"
            leftSection={<IconChecks size={18} aria-hidden />}
            loading={isSelectingAll}
            onClick={() => void selectAllPending()}
          >
            Select all {allPendingCount}
          </Button>
        </Group>
      ) : null}
      {isAwaitingApproval ? <AwaitingApprovalNotice /> : null}
      {ownerId ? <OutboxEntries kind={kind} userId={ownerId} onEdit={editOutboxItem} /> : null}
      {offlineAt ? <OfflineListNote fetchedAt={offlineAt} /> : null}
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label={`${kind.menuTitle} report`}
          columns={columns}
          rowKey={(row) => row.id}
          searchPlaceholder="Search"
          toolbar={toolbar}
          minWidth={Math.max(720, columns.length * 110)}
          emptyText={RECORD_MESSAGES.noActivity}
          onRowClick={(row) => setDetailId(row.id)}
          activeRowKey={shortcuts.activeRowKey}
          {...list.tableProps}
        />
      </Card>

      {canAdd ? (
        <RecordFormModal
          key={`${kind.id}:${formKey}`}
          kind={kind}
          opened={isFormOpen}
          onClose={() => setFormOpen(false)}
          outboxItem={editing ?? undefined}
        />
      ) : null}
      <RecordDetailModal
        kind={kind}
        recordId={detailId}
        showStudent={isStaffUser}
        opensVerification={opensVerification}
        onClose={() => setDetailId(null)}
        onVerify={(record) => {
          setDetailId(null);
          openAction(record);
        }}
        onDelete={(record) => void deleteRow(record)}
        // Over the open entry: once signed, the entry under it shows the verification.
        onSignOff={isSigningOff ? (record) => setSigningOff([record]) : undefined}
      />
      <VerifyModal
        kind={kind}
        record={verifying}
        preset={verifyPreset}
        onClose={() => setVerifying(null)}
        onVerified={shortcuts.verified}
      />
      <ShortcutsHelp opened={isHelpOpen} onClose={() => setHelpOpen(false)} />
      <BulkVerifyModal
        kind={kind}
        opened={isBulkOpen}
        records={selectedRows}
        onClose={() => setBulkOpen(false)}
        onDone={() => {
          setBulkOpen(false);
          setSelected(new Map());
        }}
      />
      {isSigningOff && selected.size > 0 && isPhone ? (
        <SignOffSelectedButton count={selected.size} floating onClick={() => setSigningOff(selectedRows)} />
      ) : null}
      <SignOffModal
        kind={kind}
        records={signingOff ?? []}
        opened={signingOff !== null}
        nested={detailId !== null}
        onClose={() => setSigningOff(null)}
        onSignedOff={() => {
          setSigningOff(null);
          setSelected(new Map());
        }}
      />
      <FileViewerModal file={viewing?.file ?? null} title={viewing?.title} onClose={() => setViewing(null)} />
    </Stack>
  );
}

/**
 * A value that opens something when clicked (publication: the title opens the certificate, the
 * author the detail; spec 03 section 2). A button, so keys reach it; the row's own click is not
 * repeated.
 */
function OpeningCell({ text, label, onOpen }: { text: string; label?: string; onOpen: () => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="left"
      aria-label={label}
      style={{ overflowWrap: 'break-word', maxWidth: '22rem' }}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      {text}
    </Anchor>
  );
}

/** How a row is named to a screen reader: the student and the date. */
function formatDateLabel(row: RecordListItem): string {
  return row.date ? `${row.studentName}, ${formatDate(row.date)}` : row.studentName;
}
