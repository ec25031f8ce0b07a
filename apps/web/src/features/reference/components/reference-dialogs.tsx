import { Button } from '@mantine/core';
import { REFERENCE_ADMIN_MESSAGES } from '@pgel/shared/schemas/reference-admin';
import { IconTrash } from '@tabler/icons-react';
import { showConfirm, showError, showMessage } from '../../../components/dialogs';
import { type FormDialogTexts, failureMessage } from '../../../components/use-form-dialog-submit';

/**
 * How the add and department saves report back: the server's message in a success dialog that
 * closes after one second (spec 03 section 8); a failure shows the server's refusal or the
 * generic text.
 */
export const REFERENCE_SAVE: FormDialogTexts = {
  successAutoCloseMs: 1000,
  validationFallback: REFERENCE_ADMIN_MESSAGES.fillAll,
};

/**
 * Delete with the spec's confirmation ('Are you sure?' / "You won't be able to revert this!"),
 * then the server's answer: its message on success, its refusal (in use, not allowed, gone) or
 * 'Something went wrong while deleting.' otherwise.
 */
export async function confirmAndDelete(remove: () => Promise<{ message: string }>): Promise<void> {
  const isConfirmed = await showConfirm({
    title: 'Are you sure?',
    message: "You won't be able to revert this!",
    confirmLabel: 'Yes, delete it!',
    danger: true,
  });
  if (!isConfirmed) return;
  try {
    const { message } = await remove();
    await showMessage({ title: 'Deleted!', message, tone: 'success' });
  } catch (error) {
    await showError(failureMessage(error, { serverError: REFERENCE_ADMIN_MESSAGES.deleteFailed }));
  }
}

/** The red Delete button of a reference list row; it asks before it deletes. */
export function DeleteButton({ name, remove }: { name: string; remove: () => Promise<{ message: string }> }) {
  return (
    <Button
      size="compact-sm"
      variant="outline"
      color="red.8"
      leftSection={<IconTrash size={16} aria-hidden />}
      aria-label={`Delete ${name}`}
      onClick={() => void confirmAndDelete(remove)}
    >
      Delete
    </Button>
  );
}
