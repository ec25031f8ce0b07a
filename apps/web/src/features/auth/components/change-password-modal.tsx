import { Alert, Button, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHANGE_PASSWORD_MESSAGES, ChangePasswordSchema } from '@pgel/shared/schemas/auth';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showMessage } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

type ChangePasswordModalProps = { opened: boolean; onClose: () => void };

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** "Update Password" from the profile menu. Problems show inside the modal, above the fields. */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const change = useChangePassword();
  const form = useForm({ initialValues: EMPTY });
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    form.setValues(EMPTY);
    setProblem(null);
    change.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    const parsed = ChangePasswordSchema.safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? CHANGE_PASSWORD_MESSAGES.allRequired);
      return;
    }
    setProblem(null);
    change.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        close();
        void showMessage({ title: CHANGE_PASSWORD_MESSAGES.successTitle, message, tone: 'success' });
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Update Password" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
