import { Badge, Button, Card, Group, Stack, Switch, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canChangeStaffStatus, canManageDepartmentStaff } from '@pgel/shared/auth/policies';
import { ROLE_LABELS } from '@pgel/shared/roles';
import {
  STAFF_MESSAGES,
  STAFF_STATUS_LABELS,
  type StaffListItem,
  type StaffStatus,
  staffStatusOf,
} from '@pgel/shared/schemas/staff-admin';
import { IconEdit, IconPlus, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../components/data-table';
import { useAddAction } from '../../../components/floating-add-button';
import { NoAccessPanel } from '../../../components/no-access-panel';
import { useSessionUser } from '../../../lib/session';
import { listStaff, staffListQueryKey } from '../api/list-staff';
import { AddStaffModal } from './add-staff-modal';
import { AssignStudentsModal } from './assign-students-modal';
import { EditStaffModal } from './edit-staff-modal';
import { actorOf } from './staff-dialogs';
import { StaffNameCell } from './staff-name-cell';
import { ToConfirmCard } from './to-confirm-card';
import { useStaffStatusToggle } from './use-staff-status';

const TITLE = 'All Staff';

/**
 * Colours of the status dot. The dot variant keeps the label in the body text colour: light
 * badges' coloured text (orange above all) falls under 4.5:1 on the striped rows.
 */
export const STATUS_COLORS: Record<StaffStatus, string> = {
  active: 'teal',
  unverified: 'orange',
  blocked: 'red',
  awaiting: 'yellow',
  declined: 'gray',
};

/**
 * /allStaff (HOD; spec 03 sections 2, 5, 6, 8): the staff of the HOD's college and department,
 * Add Staff (the button and the floating one), Edit, Assign Students and the block switch.
 */
export function StaffPage() {
  const user = useSessionUser();
  const actor = actorOf(user);
  const isAllowed = canManageDepartmentStaff(actor);
  const [addOpened, addModal] = useDisclosure(false);
  const [editing, setEditing] = useState<StaffListItem | null>(null);
  const [assigning, setAssigning] = useState<StaffListItem | null>(null);
  const status = useStaffStatusToggle();
  const list = useListQuery({
    queryKey: [...staffListQueryKey, 'department'],
    queryFn: (params, signal) => listStaff(params, {}, signal),
    enabled: isAllowed,
  });
  useAddAction(() => {
    if (isAllowed) addModal.open();
  });

  if (!isAllowed) return <NoAccessPanel title={TITLE} message="This page is for the head of department." />;

  const columns: DataTableColumn<StaffListItem>[] = [
    { key: 'sr', header: 'Sr.', cell: (_, n) => n, width: 56 },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (staff) => <StaffNameCell name={staff.name} email={staff.email} />,
    },
    { key: 'phone', header: 'Phone', cell: (staff) => staff.phone || 'N/A' },
    { key: 'role', header: 'Role', sortKey: 'role', cell: (staff) => ROLE_LABELS[staff.role] },
    {
      key: 'status',
      header: 'Status',
      cell: (staff) => {
        const state = staffStatusOf(staff);
        const mayChange = canChangeStaffStatus(actor, staff);
        const toggle = (
          <Switch
            aria-label={`Active: ${staff.name}`}
            checked={!staff.blocked}
            disabled={!mayChange || status.busyIds.has(staff.id)}
            onChange={() => void status.change(staff, staff.blocked)}
            color="teal"
          />
        );
        return (
          // The switch first, so the switches line up whatever the badge's length; a long badge
          // (Awaiting confirmation) goes under it on a phone.
          <Group gap="xs" miw={148}>
            {mayChange ? (
              toggle
            ) : (
              <Tooltip label={STAFF_MESSAGES.ownStatus}>
                <span>{toggle}</span>
              </Tooltip>
            )}
            <Badge color={STATUS_COLORS[state]} variant="dot" style={{ flex: 'none', overflow: 'visible' }}>
              {STAFF_STATUS_LABELS[state]}
            </Badge>
          </Group>
        );
      },
    },
    {
      key: 'assigned',
      header: 'Assigned students',
      align: 'center',
      cell: (staff) => staff.assignedStudentCount,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (staff) => (
        // Stacked: two buttons side by side would take the room the names need at 1280 px.
        <Stack gap={6} align="stretch" w="max-content">
          <Button
            size="compact-sm"
            variant="light"
            justify="flex-start"
            leftSection={<IconEdit size={16} aria-hidden />}
            aria-label={`Edit ${staff.name}`}
            onClick={() => setEditing(staff)}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            justify="flex-start"
            leftSection={<IconUsersPlus size={16} aria-hidden />}
            aria-label={`Assign Students to ${staff.name}`}
            onClick={() => setAssigning(staff)}
          >
            Assign Students
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addModal.open}>
          Add Staff
        </Button>
      </Group>
      <ToConfirmCard />
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label="Staff"
          columns={columns}
          rowKey={(staff) => staff.id}
          searchPlaceholder="Search name, email, phone"
          minWidth={860}
          {...list.tableProps}
        />
      </Card>
      <AddStaffModal opened={addOpened} onClose={addModal.close} />
      <EditStaffModal
        staff={editing}
        canChangeStatus={editing !== null && canChangeStaffStatus(actor, editing)}
        onClose={() => setEditing(null)}
      />
      <AssignStudentsModal staff={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
