import { Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { ResetStudentPasswordSchema, type StudentListItem } from '@pgel/shared/schemas/students-admin';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showError } from '../../../components/dialogs';
import { useResetStudentPassword } from '../api/reset-student-password';
import { showStudentError, showStudentSuccess } from './student-dialogs';

/** Master's Reset Password of a student: one New Password field and Save. */
export function ResetPasswordModal({
  student,
  onClose,
}: {
  student: StudentListItem | null;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 35.99em)') ?? false;
  const reset = useResetStudentPassword();
  const [newPassword, setNewPassword] = useState('');

  const close = () => {
    setNewPassword('');
    reset.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!student) return;
    const parsed = ResetStudentPasswordSchema.safeParse({ newPassword });
    if (!parsed.success) {
      void showError(parsed.error.issues[0]?.message ?? 'Please enter a new password', VALIDATION_TITLE);
      return;
    }
    reset.mutate(
      { id: student.id, newPassword: parsed.data.newPassword },
      {
        onSuccess: ({ message }) => {
          close();
          void showStudentSuccess(message);
        },
        onError: (error) => void showStudentError(error),
      },
    );
  };

  return (
    <Modal
      opened={student !== null}
      onClose={close}
      title="Reset Password"
      size="md"
      centered
      fullScreen={isPhone}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {student ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {student.name} ({student.email})
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
    </Modal>
  );
}
