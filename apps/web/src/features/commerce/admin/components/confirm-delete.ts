import type { ReactNode } from 'react';
import { showConfirm, showError, showMessage } from '../../../../components/dialogs';
import { failureMessage } from '../../../../components/use-form-dialog-submit';

/**
 * Delete after 'Are you sure?' naming what goes, then the server's answer: its message on
 * success, its refusal (a package in use, a coupon already gone) otherwise.
 */
export async function confirmAndDelete({
  title,
  message,
  remove,
}: {
  title: string;
  message: ReactNode;
  remove: () => Promise<{ message: string }>;
}): Promise<void> {
  const isConfirmed = await showConfirm({ title, message, confirmLabel: 'Yes, delete it!', danger: true });
  if (!isConfirmed) return;
  try {
    const result = await remove();
    await showMessage({ title: 'Deleted!', message: result.message, tone: 'success', autoCloseMs: 1500 });
  } catch (error) {
    await showError(failureMessage(error));
  }
}
