import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { canAdministerStudents, canVerifyStudent, isStaff } from '@pgel/shared/auth/policies';
import {
  PAYMENT_STATUS_LABELS,
  STUDENT_ADMIN_MESSAGES,
  type StudentListItem,
} from '@pgel/shared/schemas/students-admin';
import { monthAuthenticationPath } from '@pgel/shared/supervision/month-authentication';
import { IconChecks, IconEye, IconKey, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { showConfirm, showError } from '../../../components/dialogs';
import { FileViewerModal, type ViewableFile } from '../../../components/file-viewer';
import { NoAccessPanel } from '../../../components/no-access-panel';
import { ResetPasswordDialog } from '../../../components/reset-password-dialog';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { certifiedColumns } from '../../bonafide/components/certified-column';
import { useBulkVerify } from '../api/bulk-verify';
import { useDeleteStudent } from '../api/delete-student';
import { listStudents, type StudentFilters, studentsQueryKey } from '../api/list-students';
import { useSetPayment } from '../api/set-payment';
import { useSetVerification } from '../api/set-verification';
import { STUDENT_PASSWORD_RESET, showStudentError, showStudentSuccess } from './student-dialogs';

const TITLE = 'All Students';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Not verified' },
];
const PAYMENT_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'true', label: PAYMENT_STATUS_LABELS.paid },
  { value: 'false', label: PAYMENT_STATUS_LABELS.pending },
];

function readFlag(value: string | null): 'true' | 'false' | undefined {
  return value === 'true' || value === 'false' ? value : undefined;
}

/** A filter above the table: a short visible label beside a select (full width on phones). */
function FilterSelect({
  label,
  ariaLabel,
  data,
  value,
  onChange,
}: {
  label: string;
  ariaLabel: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <Group gap={6} wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
      <Text size="sm" aria-hidden miw={56}>
        {label}
      </Text>
      <Select
        aria-label={ariaLabel}
        data={data}
        value={value}
        onChange={onChange}
        allowDeselect={false}
        size="sm"
        w={{ base: '100%', xs: 140 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}

/** DD-MM-YYYY, or 'N/A' when the date is missing or unreadable. */
export function formatJoinedDate(value: string | null): string {
  if (!value) return 'N/A';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD-MM-YYYY') : 'N/A';
}

/**
 * /allStudent (any staff; spec 03 sections 2, 4-6, 8): the students of the caller's college and
 * department (Master: all) with the verify toggle; Master also has bulk verification, the payment
 * toggle, delete and password reset.
 */
export function StudentsPage() {
  const user = useSessionUser();
  const isAllowed = isStaff(user);
  const isAdmin = canAdministerStudents(user);
  // The server scopes the list to the caller's college and department, so every row listed is one
  // the caller may verify whenever they may verify a student of their own college and department.
  const ownScope = { collegeId: user.college?.id ?? null, departmentId: user.department?.id ?? null };
  const canVerify = canVerifyStudent({ role: user.role, ...ownScope }, ownScope);

  const [searchParams, setSearchParams] = useLiveSearchParams();
  const filters: StudentFilters = {
    verified: readFlag(searchParams.get('verified')),
    paid: isAdmin ? readFlag(searchParams.get('paid')) : undefined,
  };
  const list = useListQuery({
    queryKey: [...studentsQueryKey, filters],
    queryFn: (params, signal) => listStudents(params, filters, signal),
    enabled: isAllowed,
  });

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<{ file: ViewableFile; title: string } | null>(null);
  const [resetting, setResetting] = useState<StudentListItem | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const verification = useSetVerification();
  const payment = useSetPayment();
  const bulk = useBulkVerify();
  const remove = useDeleteStudent();

  if (!isAllowed) return <NoAccessPanel title={TITLE} message="This page is for staff." />;

  const setFilter = (name: 'verified' | 'paid', value: string | null) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  };

  const withBusy = async (id: string, action: () => Promise<void>) => {
    setBusyIds((current) => new Set(current).add(id));
    try {
      await action();
    } finally {
      setBusyIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const toggleVerification = async (student: StudentListItem) => {
    const verifyByHod = !student.verifyByHod;
    const isConfirmed = await showConfirm({
      title: STUDENT_ADMIN_MESSAGES.confirmTitle,
      message: verifyByHod ? STUDENT_ADMIN_MESSAGES.confirmActivate : STUDENT_ADMIN_MESSAGES.confirmBan,
      confirmLabel: verifyByHod ? 'Yes, activate' : 'Yes, ban',
      danger: !verifyByHod,
    });
    if (!isConfirmed) return;
    await withBusy(student.id, async () => {
      try {
        const { message } = await verification.mutateAsync({ id: student.id, verifyByHod });
        await showStudentSuccess(message);
      } catch (error) {
        await showStudentError(error);
      }
    });
  };

  const togglePayment = (student: StudentListItem) =>
    withBusy(student.id, async () => {
      try {
        const { message } = await payment.mutateAsync({ id: student.id, paid: !student.paid });
        await showStudentSuccess(message);
      } catch (error) {
        await showStudentError(error);
      }
    });

  const deleteStudent = async (student: StudentListItem) => {
    const isConfirmed = await showConfirm({
      title: STUDENT_ADMIN_MESSAGES.confirmTitle,
      message: STUDENT_ADMIN_MESSAGES.deleteWarning,
      confirmLabel: 'Yes, delete it!',
      danger: true,
    });
    if (!isConfirmed) return;
    await withBusy(student.id, async () => {
      try {
        const { message } = await remove.mutateAsync(student.id);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(student.id);
          return next;
        });
        await showStudentSuccess(message || STUDENT_ADMIN_MESSAGES.deleted);
      } catch (error) {
        await showStudentError(error);
      }
    });
  };

  const verifySelected = async () => {
    if (selected.size === 0) {
      await showError(STUDENT_ADMIN_MESSAGES.selectStudent);
      return;
    }
    try {
      const { message } = await bulk.mutateAsync({ studentIds: [...selected] });
      setSelected(new Set());
      await showStudentSuccess(message);
    } catch (error) {
      await showStudentError(error);
    }
  };

  const rows = list.query.data?.items ?? [];
  const pageIds = rows.map((student) => student.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const toggleOne = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const togglePage = (checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const columns: DataTableColumn<StudentListItem>[] = [
    ...(isAdmin
      ? [
          {
            key: 'select',
            header: (
              <Checkbox
                aria-label="Select all students on this page"
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                disabled={pageIds.length === 0}
                onChange={(event) => togglePage(event.currentTarget.checked)}
              />
            ),
            cell: (student: StudentListItem) => (
              <Checkbox
                aria-label={`Select ${student.name}`}
                checked={selected.has(student.id)}
                onChange={(event) => toggleOne(student.id, event.currentTarget.checked)}
              />
            ),
            width: 44,
          } satisfies DataTableColumn<StudentListItem>,
        ]
      : []),
    { key: 'sr', header: 'Sr.', cell: (_, n) => n, width: 56 },
    {
      key: 'name',
      header: 'Name',
      cell: (student) => (
        <Stack gap={0} miw={140}>
          <Text size="sm" fw={600}>
            {student.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {student.email}
          </Text>
          {/* The resident's months and their authentication by the guide (issue 30). */}
          <Anchor
            component={Link}
            to={monthAuthenticationPath(student.id)}
            size="xs"
            aria-label={`Monthly authentication of ${student.name}`}
          >
            Monthly authentication
          </Anchor>
        </Stack>
      ),
    },
    { key: 'phone', header: 'Phone', fold: true, cell: (student) => student.phone || 'N/A' },
    {
      key: 'department',
      header: 'Department',
      fold: true,
      cell: (student) => student.departmentName || 'N/A',
    },
    { key: 'college', header: 'College Name', fold: true, cell: (student) => student.collegeName || 'N/A' },
    {
      key: 'payment',
      header: 'Payment Status',
      cell: (student) => (
        // The badge and Master's switch side by side, never over the next column's date.
        <Group gap="xs" wrap="nowrap" style={{ width: 'max-content' }}>
          <Badge
            color={student.paid ? 'teal' : 'orange'}
            // Even the darkest teal or orange is below 4.5:1 on the light variant's tint at the
            // badge's 11 px (axe: color-contrast); the tint says which, the text is near-black.
            c="gray.9"
            variant="light"
            styles={{ root: { flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
          >
            {student.paid ? PAYMENT_STATUS_LABELS.paid : PAYMENT_STATUS_LABELS.pending}
          </Badge>
          {isAdmin ? (
            <Switch
              aria-label={`Paid: ${student.name}`}
              checked={student.paid}
              disabled={busyIds.has(student.id)}
              onChange={() => void togglePayment(student)}
            />
          ) : null}
        </Group>
      ),
    },
    {
      key: 'joined',
      header: 'Joined Date',
      cell: (student) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatJoinedDate(student.joiningDate)}
        </Text>
      ),
    },
    {
      key: 'idProof',
      header: 'ID Proof',
      cell: (student) =>
        student.idProofUrl ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={16} aria-hidden />}
            aria-label={`View ID proof of ${student.name}`}
            onClick={() =>
              student.idProofUrl &&
              setViewing({
                title: `ID proof of ${student.name}`,
                file: {
                  url: student.idProofUrl,
                  originalName: `ID proof of ${student.name}`,
                  contentType: student.idProofContentType ?? 'application/octet-stream',
                },
              })
            }
          >
            View
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            N/A
          </Text>
        ),
    },
    // The Bonafide Certificate switch (issue 14): the student's HOD and Master only.
    ...certifiedColumns(user),
    {
      key: 'verify',
      header: 'Verify',
      // Verify and Action stay in view while the columns before them scroll.
      sticky: 'end',
      // A labelled line on a phone's card: the switch alone would not say what it switches.
      card: 'field',
      cell: (student) =>
        canVerify ? (
          <Switch
            aria-label={`Verified: ${student.name}`}
            checked={student.verifyByHod}
            disabled={busyIds.has(student.id)}
            onChange={() => void toggleVerification(student)}
            color="teal"
          />
        ) : (
          <Badge color={student.verifyByHod ? 'teal' : 'gray'} c="gray.9" variant="light">
            {student.verifyByHod ? 'Verified' : 'Not verified'}
          </Badge>
        ),
    },
    ...(isAdmin
      ? [
          {
            key: 'action',
            header: 'Action',
            sticky: 'end',
            cell: (student: StudentListItem) => (
              <Group gap={6} wrap="nowrap">
                <Tooltip label="Reset password">
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={`Reset password of ${student.name}`}
                    onClick={() => setResetting(student)}
                  >
                    <IconKey size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={`Delete ${student.name}`}
                    disabled={busyIds.has(student.id)}
                    onClick={() => void deleteStudent(student)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          } satisfies DataTableColumn<StudentListItem>,
        ]
      : []),
  ];

  const toolbar = (
    <>
      <FilterSelect
        label="Status"
        ariaLabel="Verification status"
        data={STATUS_OPTIONS}
        value={filters.verified ?? ''}
        onChange={(value) => setFilter('verified', value)}
      />
      {isAdmin ? (
        <FilterSelect
          label="Payment"
          ariaLabel="Payment status"
          data={PAYMENT_OPTIONS}
          value={filters.paid ?? ''}
          onChange={(value) => setFilter('paid', value)}
        />
      ) : null}
    </>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        {isAdmin ? (
          <Group gap="sm" wrap="nowrap">
            {selected.size > 0 ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {selected.size} selected
              </Text>
            ) : null}
            <Button
              leftSection={<IconChecks size={18} aria-hidden />}
              onClick={() => void verifySelected()}
              loading={bulk.isPending}
            >
              Verify selected
            </Button>
          </Group>
        ) : null}
      </Group>
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label="Students"
          columns={columns}
          rowKey={(student) => student.id}
          searchPlaceholder="Search students"
          toolbar={toolbar}
          minWidth={isAdmin ? 1100 : 900}
          {...list.tableProps}
        />
      </Card>
      <FileViewerModal file={viewing?.file ?? null} title={viewing?.title} onClose={() => setViewing(null)} />
      <ResetPasswordDialog
        person={resetting}
        onClose={() => setResetting(null)}
        reset={STUDENT_PASSWORD_RESET}
      />
    </Stack>
  );
}
