import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { ResetStaffPasswordSchema, type StaffListItem } from '@pgel/shared/schemas/staff-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { showStaffError, showStaffSuccess, validateOrWarn } from './staff-dialogs';
import { StaffModal } from './staff-modal';

/** Master's Reset Password of a staff member: one New Password field and Save. */
export function ResetStaffPasswordModal({
  staff,
  onClose,
}: {
  staff: StaffListItem | null;
  onClose: () => void;
}) {
  const reset = useResetStaffPassword();
  const [newPassword, setNewPassword] = useState('');

  const close = () => {
    setNewPassword('');
    reset.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!staff) return;
    const input = validateOrWarn(ResetStaffPasswordSchema, { newPassword });
    if (!input) return;
    reset.mutate(
      { id: staff.id, newPassword: input.newPassword },
      {
        onSuccess: ({ message }) => {
          close();
          void showStaffSuccess(message);
        },
        onError: (error) => void showStaffError(error),
      },
    );
  };

  return (
    <StaffModal opened={staff !== null} onClose={close} title="Reset Password" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {staff ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {staff.name} ({staff.email})
            </Text>
          ) : null}
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            data-autofocus
          />
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={reset.isPending}>
              Save
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </StaffModal>
  );
}
