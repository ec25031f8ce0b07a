import { Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { EditStaffSchema, STAFF_MESSAGES, type StaffListItem } from '@pgel/shared/schemas/staff-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { useUpdateStaff } from '../api/update-staff';
import { joinStaffPhone, StaffPhoneField, splitStaffPhone } from './phone-field';
import { showStaffSuccess, staffFailureMessage, validateOrWarn } from './staff-dialogs';
import { StaffModal } from './staff-modal';

type EditStaffModalProps = {
  /** The member being edited; the modal is closed when null. */
  staff: StaffListItem | null;
  /** False for the caller's own row: nobody blocks themselves. */
  canChangeStatus: boolean;
  onClose: () => void;
};

/** Edit Staff (spec 03 section 2): Name, Phone and the Status switch "Active", then Save. */
export function EditStaffModal({ staff, canChangeStatus, onClose }: EditStaffModalProps) {
  return (
    <StaffModal opened={staff !== null} onClose={onClose} title={STAFF_MESSAGES.editTitle} size="md">
      {/* Keyed by member: each row's Edit starts from that member's stored values. */}
      {staff ? (
        <EditStaffForm key={staff.id} staff={staff} canChangeStatus={canChangeStatus} onClose={onClose} />
      ) : null}
    </StaffModal>
  );
}

function EditStaffForm({ staff, canChangeStatus, onClose }: EditStaffModalProps & { staff: StaffListItem }) {
  const update = useUpdateStaff();
  const [name, setName] = useState(staff.name);
  const [phone, setPhone] = useState(() => splitStaffPhone(staff.phone));
  const [active, setActive] = useState(!staff.blocked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validateOrWarn(EditStaffSchema, { name, phone: joinStaffPhone(phone), active });
    if (!input) return;
    update.mutate(
      { id: staff.id, ...input },
      {
        onSuccess: ({ message }) => {
          onClose();
          void showStaffSuccess(message);
        },
        onError: (error) =>
          void showError(
            staffFailureMessage(error, {
              failed: STAFF_MESSAGES.failedUpdate,
              serverError: STAFF_MESSAGES.serverErrorUpdate,
            }),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {staff.email}
        </Text>
        <TextInput
          label="Name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <StaffPhoneField value={phone} onChange={setPhone} />
        <Switch
          label="Active"
          description={
            canChangeStatus
              ? 'Switch off to block: the member can no longer sign in.'
              : STAFF_MESSAGES.ownStatus
          }
          checked={active}
          disabled={!canChangeStatus}
          onChange={(event) => setActive(event.currentTarget.checked)}
        />
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
