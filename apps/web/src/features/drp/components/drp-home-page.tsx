import { Anchor, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canRecordDrpPosting, isStaff } from '@pgel/shared/auth/policies';
import { DRP_MESSAGES, type Posting } from '@pgel/shared/drp/postings';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { showConfirm, showError, showMessage } from '../../../components/dialogs';
import { FileViewerModal, type ViewableFile } from '../../../components/file-viewer';
import { useAddAction } from '../../../components/floating-add-button';
import { failureMessage } from '../../../components/use-form-dialog-submit';
import { useSessionUser } from '../../../lib/session';
import { formatDate } from '../../records/components/record-format';
import { listPostings, postingsQueryKey, useDeletePosting } from '../api/postings';
import { AddPostingModal } from './add-posting-modal';

const TITLE = 'DRP Co-ordinator';

function actorOf(user: SessionUser) {
  return { role: user.role, collegeId: user.college?.id ?? null, departmentId: user.department?.id ?? null };
}

/** A cell that never breaks (dates, phone numbers). */
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** Delete with the spec's confirmation, then the server's message or its refusal. */
async function confirmDelete(remove: () => Promise<{ message: string }>) {
  const confirmed = await showConfirm({
    title: DRP_MESSAGES.deleteTitle,
    message: DRP_MESSAGES.deleteWarning,
    confirmLabel: 'Yes, delete it!',
    danger: true,
  });
  if (!confirmed) return;
  try {
    const { message } = await remove();
    await showMessage({ title: 'Deleted!', message, tone: 'success', autoCloseMs: 1500 });
  } catch (error) {
    await showError(failureMessage(error));
  }
}

/**
 * /drp/home (spec 03 sections 2, 5, 9; docs/decisions/012): the DRP Records table of the
 * postings the caller may see, and Add DRPC for the resident or their department's faculty. A
 * DRP coordinator reads the postings to their institution. `aboveList` goes between the title and
 * the table (the route puts the coordinators awaiting confirmation there).
 */
export function DrpHomePage({ aboveList }: { aboveList?: ReactNode } = {}) {
  const user = useSessionUser();
  const actor = actorOf(user);
  const isStaffUser = isStaff(actor);
  const canAdd = canRecordDrpPosting(actor);
  const [isAddOpen, addModal] = useDisclosure(false);
  const [notice, setNotice] = useState<ViewableFile | null>(null);
  const remove = useDeletePosting();
  const list = useListQuery({ queryKey: [...postingsQueryKey, 'list'], queryFn: listPostings });
  // The shell shows the floating button where `showsFloatingAddButton` says (never a coordinator).
  useAddAction(() => {
    if (canAdd) addModal.open();
  });

  const hasActions = (list.query.data?.items ?? []).some((posting) => posting.canDelete);
  const columns: DataTableColumn<Posting>[] = [
    { key: 'sr', header: 'Sr. No.', cell: (_, n) => n, width: 70, card: 'hidden' },
    ...(isStaffUser
      ? [{ key: 'student', header: 'Student', card: 'title', cell: (p: Posting) => p.student.name } as const]
      : []),
    {
      key: 'coordinator',
      header: 'Coordinator',
      card: isStaffUser ? 'field' : 'title',
      cell: (p) => (
        <Text size="sm" fw={isStaffUser ? undefined : 600} miw={110}>
          {p.coordinator.name}
        </Text>
      ),
    },
    { key: 'institution', header: 'Institution', card: 'field', cell: (p) => p.institution.name },
    {
      key: 'studentCollege',
      header: 'Student Institution',
      card: 'field',
      fold: true,
      cell: (p) => p.studentCollege,
    },
    { key: 'state', header: 'State', card: 'field', fold: true, cell: (p) => p.state },
    {
      key: 'from',
      header: 'Schedule From',
      card: 'field',
      cell: (p) => nowrap(formatDate(p.scheduleFrom)),
    },
    { key: 'to', header: 'Schedule To', card: 'field', cell: (p) => nowrap(formatDate(p.scheduleTo)) },
    {
      key: 'email',
      header: 'Email',
      card: 'field',
      fold: true,
      cell: (p) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {p.coordinator.email}
        </Text>
      ),
    },
    { key: 'phone', header: 'Phone', card: 'field', fold: true, cell: (p) => nowrap(p.coordinator.phone) },
    {
      key: 'notice',
      header: 'Notice',
      card: 'field',
      cell: (p) =>
        p.notice ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setNotice(p.notice)}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconPaperclip size={14} aria-hidden />
            View<VisuallyHidden> notice of {p.student.name}</VisuallyHidden>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            N/A
          </Text>
        ),
    },
    ...(hasActions
      ? [
          {
            key: 'action',
            header: 'Action',
            card: 'actions',
            sticky: 'end',
            cell: (p: Posting) =>
              p.canDelete ? (
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.8"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={`Delete the posting of ${p.student.name} at ${p.institution.name}`}
                  onClick={() => void confirmDelete(() => remove.mutateAsync(p.id))}
                >
                  Delete
                </Button>
              ) : null,
          } satisfies DataTableColumn<Posting>,
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        {canAdd ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addModal.open}>
            {DRP_MESSAGES.addTitle}
          </Button>
        ) : null}
      </Group>
      {aboveList}
      <Card withBorder radius="lg" padding="md">
        <DataTable
          fixedPageSize
          label="DRP Records"
          columns={columns}
          rowKey={(p) => p.id}
          searchPlaceholder="Search"
          minWidth={isStaffUser ? 1240 : 1120}
          {...list.tableProps}
        />
      </Card>
      {canAdd ? (
        <AddPostingModal opened={isAddOpen} onClose={addModal.close} withStudentPicker={isStaffUser} />
      ) : null}
      <FileViewerModal file={notice} onClose={() => setNotice(null)} title="Notice" />
    </Stack>
  );
}
