import { ActionIcon, Button, Card, Group, Select, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { canAdministerStaff, canChangeStaffStatus } from '@pgel/shared/auth/policies';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@pgel/shared/roles';
import { STAFF_STATUS_LABELS, type StaffListItem, staffStatusOf } from '@pgel/shared/schemas/staff-admin';
import { IconId, IconKey } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { FileViewerModal, type ViewableFile } from '../../../components/file-viewer';
import { NoAccessPanel } from '../../../components/no-access-panel';
import { ResetPasswordDialog } from '../../../components/reset-password-dialog';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { listStaff, type StaffFilters, staffListQueryKey } from '../api/list-staff';
import { actorOf, STAFF_PASSWORD_RESET } from './staff-dialogs';
import { StaffNameCell } from './staff-name-cell';
import { ToConfirmCard } from './to-confirm-card';
import { useStaffStatusToggle } from './use-staff-status';

const TITLE = 'All Staffs';

/** Master's list leaves out Master accounts, so the filter does too. */
const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  ...STAFF_ROLES.filter((role) => role !== 'master').map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  })),
];

function readRole(value: string | null): StaffRole | undefined {
  return STAFF_ROLES.find((role) => role === value);
}

/** DD-MM-YYYY, or 'N/A' when the date is missing or unreadable. */
export function formatRegistrationDate(value: string | null): string {
  if (!value) return 'N/A';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD-MM-YYYY') : 'N/A';
}

/**
 * /allHod, titled All Staffs (Master; spec 03 sections 2, 6): every staff member with identity,
 * Registration Date, the Verify switch (verify / block / unblock) and Reset Password.
 */
export function AllStaffsPage() {
  const user = useSessionUser();
  const actor = actorOf(user);
  const isAllowed = canAdministerStaff(actor);
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const filters: StaffFilters = { role: readRole(searchParams.get('role')) };
  const list = useListQuery({
    queryKey: [...staffListQueryKey, 'all', filters],
    queryFn: (params, signal) => listStaff(params, filters, signal),
    enabled: isAllowed,
  });
  const status = useStaffStatusToggle();
  const [viewing, setViewing] = useState<{ file: ViewableFile; title: string } | null>(null);
  const [resetting, setResetting] = useState<StaffListItem | null>(null);

  if (!isAllowed) return <NoAccessPanel title={TITLE} message="This page is for the Master administrator." />;

  const setRole = (value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('role', value);
      else next.delete('role');
      next.delete('page');
      return next;
    });

  const viewIdentity = (staff: StaffListItem) => {
    if (!staff.identityUrl) return;
    setViewing({
      title: `Identity document of ${staff.name}`,
      file: {
        url: staff.identityUrl,
        originalName: `Identity document of ${staff.name}`,
        contentType: staff.identityContentType ?? 'application/octet-stream',
      },
    });
  };

  const columns: DataTableColumn<StaffListItem>[] = [
    { key: 'sr', header: 'Sr.', cell: (_, n) => n, width: 44 },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (staff) => <StaffNameCell name={staff.name} email={staff.email} />,
    },
    {
      key: 'phone',
      header: 'Phone',
      cell: (staff) => <Text size="sm">{staff.phone || 'N/A'}</Text>,
    },
    { key: 'role', header: 'Role', sortKey: 'role', cell: (staff) => ROLE_LABELS[staff.role] },
    { key: 'department', header: 'Department', fold: true, cell: (staff) => staff.departmentName || 'N/A' },
    { key: 'college', header: 'College', fold: true, cell: (staff) => staff.collegeName || 'N/A' },
    {
      // The uploaded identity document (the server sends it to Master only), in the file viewer.
      key: 'identity',
      header: 'Identity',
      cell: (staff) =>
        staff.identityUrl ? (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconId size={14} aria-hidden />}
            aria-label={`View identity document of ${staff.name}`}
            onClick={() => viewIdentity(staff)}
          >
            View
          </Button>
        ) : (
          <Text size="sm" c="dimmed" aria-label="No identity document">
            —
          </Text>
        ),
    },
    {
      key: 'registered',
      header: 'Registration Date',
      sortKey: 'createdAt',
      cell: (staff) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatRegistrationDate(staff.createdAt)}
        </Text>
      ),
    },
    {
      key: 'verify',
      header: 'Verify',
      // Verify and Action stay in view while the columns before them scroll (issue 10).
      sticky: 'end',
      card: 'field',
      cell: (staff) => {
        const state = staffStatusOf(staff);
        return (
          <Stack gap={2} align="flex-start">
            <Switch
              aria-label={`Verified: ${staff.name}`}
              checked={state === 'active'}
              disabled={!canChangeStaffStatus(actor, staff) || status.busyIds.has(staff.id)}
              onChange={() => void status.change(staff, state !== 'active')}
              color="teal"
            />
            <Text size="xs" c={state === 'blocked' ? 'red.8' : 'dimmed'}>
              {STAFF_STATUS_LABELS[state]}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'action',
      header: 'Action',
      sticky: 'end',
      cell: (staff) => (
        <Tooltip label="Reset Password">
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={`Reset Password of ${staff.name}`}
            onClick={() => setResetting(staff)}
          >
            <IconKey size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const toolbar = (
    <Group gap={6} wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
      <Text size="sm" aria-hidden>
        Role
      </Text>
      <Select
        aria-label="Role filter"
        data={ROLE_OPTIONS}
        value={filters.role ?? ''}
        onChange={setRole}
        allowDeselect={false}
        size="sm"
        w={{ base: '100%', xs: 190 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {TITLE}
      </Title>
      <ToConfirmCard />
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label="Staff"
          columns={columns}
          rowKey={(staff) => staff.id}
          searchPlaceholder="Search name, email, phone"
          toolbar={toolbar}
          minWidth={900}
          {...list.tableProps}
        />
      </Card>
      <FileViewerModal file={viewing?.file ?? null} title={viewing?.title} onClose={() => setViewing(null)} />
      <ResetPasswordDialog
        person={resetting}
        onClose={() => setResetting(null)}
        reset={STAFF_PASSWORD_RESET}
      />
    </Stack>
  );
}
