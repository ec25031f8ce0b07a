import { ActionIcon, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { missingStepMessage, type ThesisStage } from '@pgel/shared/academic/thesis';
import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import type { RecordKind } from '@pgel/shared/records/types';
import { IconEye, IconGavel, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { showError } from '../../../components/dialogs';
import type { ViewableFile } from '../../../components/file-viewer';
import { useAddAction } from '../../../components/floating-add-button';
import { listRecords, type RecordFilters, recordsQueryKey } from '../../records/api/list-records';
import { asViewableFile, formatDate, formatText, StatusBadge } from '../../records/components/record-format';
import { useConfirmedDelete } from '../../records/components/use-confirmed-delete';
import { ReviewActionModal } from './review-action-modal';
import { UploadReviewModal } from './upload-review-modal';

type ReviewUploadsProps = {
  stage: ThesisStage;
  kind: RecordKind;
  /** Staff: the chosen student; a student's own list leaves it out. */
  studentId: string | undefined;
  /** The student (approved by the department) adds uploads. */
  canUpload: boolean;
  /** The stage's title exists: uploads need it first. */
  hasTitle: boolean;
  /** Whether the Action button shows on a Pending row (faculty of the department, not their own). */
  canApprove: (row: RecordListItem) => boolean;
  /** Staff see the Action column. */
  isStaffView: boolean;
  /** Whether the student may delete a row (their own, never verified). */
  canDelete: (row: RecordListItem) => boolean;
  onViewFile: (file: ViewableFile, title: string) => void;
};

/**
 * The stage's review uploads (spec 03 section 2): the student adds a file with a remark (button
 * and floating add button); the table shows #, File, S-Remark, Feedback, Status (Pending or
 * Approved), Verified By, Verified Date and, for staff, Action on Pending rows.
 */
export function ReviewUploads({
  stage,
  kind,
  studentId,
  canUpload,
  hasTitle,
  canApprove,
  isStaffView,
  canDelete,
  onViewFile,
}: ReviewUploadsProps) {
  const { deleteRow, deletingIds } = useConfirmedDelete(kind);
  const filters: RecordFilters = { kind: kind.id, studentId };
  const list = useListQuery({
    queryKey: [...recordsQueryKey, 'list', filters],
    queryFn: (params, signal) => listRecords(params, filters, signal),
    defaultSort: 'date',
    defaultOrder: 'desc',
  });
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [approving, setApproving] = useState<RecordListItem | null>(null);

  const openUpload = () => {
    if (!canUpload) return;
    // Uploads belong to a titled synopsis or thesis: say which step comes first.
    if (!hasTitle) {
      void showError(missingStepMessage(stage, 'title'));
      return;
    }
    setUploadOpen(true);
  };
  useAddAction(openUpload);

  const columns: DataTableColumn<RecordListItem>[] = [
    { key: 'sr', header: '#', cell: (_, n) => n, width: 48 },
    {
      key: 'file',
      header: 'File',
      card: 'title',
      cell: (row) => {
        const file = asViewableFile(row.certificate);
        if (!file) return RECORD_MESSAGES.notAvailable;
        return (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} aria-hidden />}
            aria-label={`View ${file.originalName}`}
            onClick={() => onViewFile(file, 'File')}
          >
            View
          </Button>
        );
      },
    },
    {
      key: 'studentRemark',
      header: 'S-Remark',
      card: 'field',
      cell: (row) => <CellText text={formatText(row.studentRemark)} />,
    },
    {
      key: 'feedback',
      header: 'Feedback',
      card: 'field',
      cell: (row) => <CellText text={formatText(row.verifierRemark)} />,
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      card: 'status',
      cell: (row) => <StatusBadge status={row.status} />,
    },
    {
      key: 'verifiedBy',
      header: 'Verified By',
      card: 'field',
      cell: (row) => formatText(row.verifiedByName),
    },
    {
      key: 'verifiedAt',
      header: 'Verified Date',
      card: 'field',
      cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.verifiedAt)}</span>,
    },
    ...(isStaffView
      ? [
          {
            key: 'action',
            header: 'Action',
            sticky: 'end',
            card: 'actions',
            cell: (row: RecordListItem) =>
              row.status === 'pending' && canApprove(row) ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconGavel size={14} aria-hidden />}
                  aria-label={`Action on the upload of ${formatDate(row.date)}`}
                  onClick={() => setApproving(row)}
                >
                  Action
                </Button>
              ) : null,
          } satisfies DataTableColumn<RecordListItem>,
        ]
      : [
          {
            key: 'action',
            header: 'Action',
            sticky: 'end',
            card: 'actions',
            // An upload sent by mistake goes again while nobody has looked at it.
            cell: (row: RecordListItem) =>
              canDelete(row) ? (
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={`Delete the upload of ${formatDate(row.date)}`}
                    loading={deletingIds.has(row.id)}
                    onClick={() => void deleteRow(row)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null,
          } satisfies DataTableColumn<RecordListItem>,
        ]),
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${stage}-uploads-heading`}>
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id={`${stage}-uploads-heading`}>
          Uploads
        </Title>
        {canUpload ? (
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={openUpload}
            disabled={!hasTitle}
          >
            Upload
          </Button>
        ) : null}
      </Group>
      {canUpload && !hasTitle ? (
        <Text size="sm" c="dimmed">
          {missingStepMessage(stage, 'title')}
        </Text>
      ) : null}
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label={`${kind.menuTitle}s`}
          columns={columns}
          rowKey={(row) => row.id}
          searchPlaceholder="Search"
          minWidth={isStaffView ? 860 : 760}
          emptyText={RECORD_MESSAGES.noActivity}
          {...list.tableProps}
        />
      </Card>
      {canUpload ? (
        <UploadReviewModal kind={kind} opened={isUploadOpen} onClose={() => setUploadOpen(false)} />
      ) : null}
      <ReviewActionModal record={approving} onClose={() => setApproving(null)} />
    </Stack>
  );
}

/** A remark: wraps in a readable width and keeps the writer's line breaks. */
function CellText({ text }: { text: string }) {
  return (
    <span style={{ display: 'block', maxWidth: '22rem', whiteSpace: 'pre-line', overflowWrap: 'break-word' }}>
      {text}
    </span>
  );
}
