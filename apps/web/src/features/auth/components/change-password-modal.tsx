import { Button, Modal } from '@mantine/core';
import { CHANGE_PASSWORD_MESSAGES } from '@pgel/shared/schemas/auth';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showMessage } from '../../../components/dialogs';
import { ChangePasswordForm } from './change-password-form';

type ChangePasswordModalProps = { opened: boolean; onClose: () => void };

/** "Update Password" from the profile menu. Problems show inside the modal, above the fields. */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  // A new form after every close, so a reopened modal starts empty with no old problem shown.
  const [round, setRound] = useState(0);
  const close = () => {
    onClose();
    setRound((n) => n + 1);
  };
  return (
    <Modal opened={opened} onClose={close} title="Update Password" centered>
      <ChangePasswordForm
        key={round}
        onChanged={(message) => {
          close();
          void showMessage({ title: CHANGE_PASSWORD_MESSAGES.successTitle, message, tone: 'success' });
        }}
        renderActions={(isPending) => (
          <DialogActions>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isPending}>
              Update Password
            </Button>
          </DialogActions>
        )}
      />
    </Modal>
  );
}
