import { Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EditStaffSchema, STAFF_MESSAGES, type StaffListItem } from '@pgel/shared/schemas/staff-admin';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { useUpdateStaff } from '../api/update-staff';
import { joinStaffPhone, StaffPhoneField, splitStaffPhone } from './phone-field';
import { STAFF_SAVE, staffFailureTexts } from './staff-dialogs';

type EditStaffModalProps = {
  /** The member being edited; the modal is closed when null. */
  staff: StaffListItem | null;
  /** False for the caller's own row: nobody blocks themselves. */
  canChangeStatus: boolean;
  onClose: () => void;
};

/** 'Failed to update staff' / 'Server error while updating staff' (spec 03 section 8). */
const EDIT_FAILURE = staffFailureTexts({
  failed: STAFF_MESSAGES.failedUpdate,
  serverError: STAFF_MESSAGES.serverErrorUpdate,
});

/** Edit Staff (spec 03 section 2): Name, Phone and the Status switch "Active", then Save. */
export function EditStaffModal({ staff, canChangeStatus, onClose }: EditStaffModalProps) {
  return (
    <FormDialog opened={staff !== null} onClose={onClose} title={STAFF_MESSAGES.editTitle} size="md">
      {/* Keyed by member: each row's Edit starts from that member's stored values. */}
      {staff ? (
        <EditStaffForm key={staff.id} staff={staff} canChangeStatus={canChangeStatus} onClose={onClose} />
      ) : null}
    </FormDialog>
  );
}

function EditStaffForm({ staff, canChangeStatus, onClose }: EditStaffModalProps & { staff: StaffListItem }) {
  const form = useForm({
    initialValues: { name: staff.name, phone: splitStaffPhone(staff.phone), active: !staff.blocked },
  });
  const dialog = useFormDialogSubmit(useUpdateStaff(), { ...STAFF_SAVE, failure: EDIT_FAILURE, onClose });

  const save = () => {
    const { name, phone, active } = form.values;
    const input = validateOrWarn(
      EditStaffSchema,
      { name, phone: joinStaffPhone(phone), active },
      STAFF_MESSAGES.fillAll,
    );
    if (input) dialog.submit({ id: staff.id, ...input });
  };

  return (
    <DialogForm onSubmit={save} onCancel={dialog.close} isPending={dialog.isPending}>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {staff.email}
      </Text>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
      <StaffPhoneField value={form.values.phone} onChange={(phone) => form.setFieldValue('phone', phone)} />
      <Switch
        label="Active"
        description={
          canChangeStatus
            ? 'Switch off to block: the member can no longer sign in.'
            : STAFF_MESSAGES.ownStatus
        }
        disabled={!canChangeStatus}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </DialogForm>
  );
}
